/**
 * Erasure requests (docs/decisions/0014-personal-data.md): a guest asks from their data page; admins see the open requests
 * and carry each out (anonymise-guest.ts), audited. A request changes nothing by itself: bookings still
 * to come are the guest's to cancel, and staff may need to settle money first.
 */
import { and, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { guestNotFound } from '../feedback/guest-feedback';
import { recordAudit } from '../audit/audit-log';
import { anonymiseGuest } from './anonymise-guest';
import { keptMoneyRecords, mailErasureDone } from './erasure-mail';

export interface ErasureRequest {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  requestedAt: string;
  /** When it was carried out (null: still to do). */
  erasedAt: string | null;
}

export interface PrivacyStatus {
  erasureRequestedAt: string | null;
}

const isGuest = (role: string) => role === 'guest' || role === 'member';

const notPossible = () =>
  new ApiError(409, ERROR_CODES.ERASURE_NOT_POSSIBLE, /*i18n*/ 'This account cannot be erased here: it is a staff account or already anonymous.');
const notRequested = () => new ApiError(409, ERROR_CODES.ERASURE_NOT_REQUESTED, /*i18n*/ 'This guest has not asked for erasure.');

/** The guest's own request, once: asking again keeps the first time. */
export async function requestErasure(db: Db, userId: string, now: Date): Promise<PrivacyStatus> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw guestNotFound();
  if (!isGuest(user.role) || user.anonymisedAt) throw notPossible();
  const at = user.erasureRequestedAt ?? now;
  if (!user.erasureRequestedAt) await db.update(users).set({ erasureRequestedAt: at, updatedAt: now }).where(eq(users.id, userId));
  return { erasureRequestedAt: at.toISOString() };
}

/** What the guest's data page shows. */
export async function privacyStatus(db: Db, userId: string): Promise<PrivacyStatus> {
  const [user] = await db.select({ at: users.erasureRequestedAt }).from(users).where(eq(users.id, userId));
  if (!user) throw guestNotFound();
  return { erasureRequestedAt: user.at?.toISOString() ?? null };
}

/** Open requests first (oldest first), then the 50 most recently carried out. */
export async function listErasureRequests(db: Db): Promise<ErasureRequest[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(isNotNull(users.erasureRequestedAt), or(eq(users.role, 'guest'), eq(users.role, 'member'))))
    .orderBy(desc(users.erasureRequestedAt));
  const toDto = (u: typeof users.$inferSelect): ErasureRequest => ({
    userId: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    requestedAt: u.erasureRequestedAt!.toISOString(),
    erasedAt: u.anonymisedAt?.toISOString() ?? null,
  });
  const open = rows.filter((u) => !u.anonymisedAt).reverse();
  const done = rows.filter((u) => u.anonymisedAt).sort((a, b) => b.anonymisedAt!.getTime() - a.anonymisedAt!.getTime()).slice(0, 50);
  return [...open, ...done].map(toDto);
}

/**
 * An admin carries out a guest's request: their personal data erased, audited without repeating it, and
 * the guest mailed (at the address they had) that it is done and which money records are kept.
 */
export async function carryOutErasure(db: Db, actor: AuthUser, userId: string, now: Date): Promise<ErasureRequest> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw guestNotFound();
    if (!isGuest(user.role) || user.anonymisedAt) throw notPossible();
    if (!user.erasureRequestedAt) throw notRequested();
    const kept = await keptMoneyRecords(tx, userId);
    await anonymiseGuest(tx, user, now);
    await mailErasureDone(tx, { before: user, requestedAt: user.erasureRequestedAt, erasedAt: now, kept });
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: null,
      action: 'guest.erase',
      entityType: 'user',
      entityId: userId,
      // The audit log must not keep what was erased: only that it was, and when it was asked for.
      before: { erasureRequestedAt: user.erasureRequestedAt.toISOString() },
      after: { anonymisedAt: now.toISOString() },
      at: now,
    });
    const [after] = await tx.select().from(users).where(and(eq(users.id, userId), isNull(users.deactivatedAt)));
    return {
      userId,
      firstName: after?.firstName ?? '',
      lastName: after?.lastName ?? '',
      email: after?.email ?? '',
      requestedAt: user.erasureRequestedAt.toISOString(),
      erasedAt: now.toISOString(),
    };
  });
}
