/**
 * Staff accounts, made by an admin: admins (every venue, settings, staff accounts) and venue staff (their
 * venue's book). The admin never chooses a password: the new account gets the admin area's reset link,
 * the existing reset flow, and the person sets their own. A removed account is kept, and can be restored.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps, AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isStaffRole, oneTimeTokens, STAFF_ROLES, users, venues } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { newId, newSecretToken } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import { normalizeEmail } from '../../../common/validation/email';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { STAFF_MESSAGES, type NewStaffInput, type StaffChangeInput } from '../../../common/validation/staff-validation';
import { createOneTimeToken, mailPasswordReset, resetLink } from '../auth/auth-links';
import { endUserSessions } from '../auth/auth-session';
import { recordAudit } from '../audit/audit-log';
import { announceStaffAccessChange } from '../reservations/reservation-events';

export type StaffMemberDto = Schema<'StaffMember'>;
type UserRow = typeof users.$inferSelect;

const toStaffMember = (u: UserRow): StaffMemberDto => ({
  _id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role as StaffMemberDto['role'],
  venueId: u.venueId,
  createdAt: u.createdAt.toISOString(),
  removedAt: u.deactivatedAt?.toISOString() ?? null,
});

/** What the audit log keeps of an account: never its password hash. */
const auditView = (u: UserRow) => ({ email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role, venueId: u.venueId });

const STAFF_NOT_FOUND = /*i18n*/ 'This member of staff was not found';

async function checkVenueExists(tx: DbOrTx, venueId: string | undefined): Promise<void> {
  if (!venueId) return;
  const [venue] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId));
  if (!venue) throw badRequest(STAFF_MESSAGES.venueRequired, 'venueId');
}

/** Why an e-mail cannot make a new account: a former member of staff is restored instead, keeping their history. */
async function takenEmailConflict(tx: DbOrTx, email: string): Promise<ApiError> {
  const [holder] = await tx.select({ role: users.role, deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.email, email));
  if (holder && isStaffRole(holder.role) && holder.deactivatedAt) {
    return conflict(/*i18n*/ 'This e-mail address belongs to a former member of staff: restore their access under Former staff');
  }
  return conflict(/*i18n*/ 'An account with this e-mail address already exists');
}

/** Creates the account and mails it a reset link, with its audit entry, in one transaction; 409 when the e-mail is taken. */
export async function createStaffAccount(deps: AppDeps, actor: AuthUser, input: NewStaffInput): Promise<StaffMemberDto> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const email = normalizeEmail(input.email);
  // A password nobody knows, until the person sets theirs from the link.
  const passwordHash = await hashPassword(newSecretToken());
  return db.transaction(async (tx) => {
    await checkVenueExists(tx, input.venueId);
    const [created] = await tx
      .insert(users)
      .values({
        id: newId(),
        role: input.role,
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        venueId: input.role === 'staff' ? input.venueId! : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw await takenEmailConflict(tx, email);
    const raw = await createOneTimeToken(tx, created.id, 'password-reset', now);
    await mailPasswordReset(tx, created, resetLink(config, raw, 'admin'));
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: created.venueId,
      action: 'staff.create',
      entityType: 'user',
      entityId: created.id,
      before: null,
      after: auditView(created),
      at: now,
    });
    return toStaffMember(created);
  });
}

/** Every admin and member of staff, by name; those removed too, so the audit log can name them. */
export async function listStaff(deps: Pick<AppDeps, 'db'>): Promise<StaffMemberDto[]> {
  const rows = await deps.db
    .select()
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map(toStaffMember);
}

/**
 * The start of every change to a staff account, inside its transaction: the actor and the member locked
 * together (in id order, so two changes queue rather than deadlock), the actor still an admin, the member
 * still on the staff. Two admins removing or demoting each other at once: the second, once the first has
 * committed, is no admin and is refused; and as no admin acts on themself, the club keeps one admin.
 */
async function lockStaffChange(tx: DbOrTx, actor: AuthUser, id: string): Promise<UserRow> {
  const member = await lockStaffAccount(tx, actor, id);
  if (member.deactivatedAt) throw notFound(STAFF_NOT_FOUND);
  return member;
}

/** `lockStaffChange`'s locks and checks, the member found whether removed or not. */
async function lockStaffAccount(tx: DbOrTx, actor: AuthUser, id: string): Promise<UserRow> {
  const rows = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [actor.id, id]))
    .orderBy(asc(users.id))
    .for('update');
  if (!rows.some((u) => u.id === actor.id && u.role === 'admin' && !u.deactivatedAt)) throw forbidden();
  const member = rows.find((u) => u.id === id && isStaffRole(u.role));
  if (!member) throw notFound(STAFF_NOT_FOUND);
  return member;
}

/** An admin never takes their own access away: another admin must (so one admin always remains). */
function checkNotOwn(actor: AuthUser, member: UserRow, message: string): void {
  if (member.id === actor.id) throw new ApiError(403, ERROR_CODES.OWN_STAFF_ACCESS, message);
}

/**
 * Changes a member's role and venue, with its audit entry, in one transaction. Their next call already
 * has the new access (every call reads the role); an open day-sheet stream ends, to be reopened if allowed.
 */
export async function changeStaffAccount(deps: AppDeps, actor: AuthUser, id: string, input: StaffChangeInput): Promise<StaffMemberDto> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const member = await lockStaffChange(tx, actor, id);
    const venueId = input.role === 'staff' ? input.venueId! : null;
    if (member.role === input.role && member.venueId === venueId) return toStaffMember(member);
    if (input.role !== 'admin') checkNotOwn(actor, member, /*i18n*/ 'You cannot change your own role: ask another admin');
    await checkVenueExists(tx, input.venueId);
    const [changed] = await tx.update(users).set({ role: input.role, venueId, updatedAt: now }).where(eq(users.id, id)).returning();
    await announceStaffAccessChange(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: changed!.venueId ?? member.venueId,
      action: 'staff.update',
      entityType: 'user',
      entityId: id,
      before: auditView(member),
      after: auditView(changed!),
      at: now,
    });
    return toStaffMember(changed!);
  });
}

/**
 * Removes a member's staff access at once, in one transaction with its audit entry: the account is
 * deactivated (kept, for the audit log and the bookings that name it), every session ends (refresh tokens
 * revoked, access tokens refused), unused reset links die, and an open day-sheet stream ends.
 */
export async function removeStaffAccount(deps: AppDeps, actor: AuthUser, id: string): Promise<StaffMemberDto> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const member = await lockStaffChange(tx, actor, id);
    checkNotOwn(actor, member, /*i18n*/ 'You cannot remove your own staff access: ask another admin');
    await tx.update(users).set({ deactivatedAt: now, updatedAt: now }).where(eq(users.id, id));
    await endUserSessions(tx, id, now);
    await tx.update(oneTimeTokens).set({ usedAt: now }).where(and(eq(oneTimeTokens.userId, id), isNull(oneTimeTokens.usedAt)));
    await announceStaffAccessChange(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: member.venueId,
      action: 'staff.remove',
      entityType: 'user',
      entityId: id,
      before: auditView(member),
      after: null,
      at: now,
    });
    return toStaffMember(member);
  });
}

/**
 * Gives a removed member staff access again, with the role and venue the admin chooses now (their old
 * ones may be stale), in one transaction with its audit entry. As for a new member, their password becomes
 * one nobody knows and they are mailed the admin area's reset link: sessions and links ended at the
 * removal stay ended. 409 when the member has access (of two admins restoring at once, the second).
 */
export async function restoreStaffAccount(deps: AppDeps, actor: AuthUser, id: string, input: StaffChangeInput): Promise<StaffMemberDto> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const passwordHash = await hashPassword(newSecretToken());
  return db.transaction(async (tx) => {
    const member = await lockStaffAccount(tx, actor, id);
    if (!member.deactivatedAt) throw conflict(/*i18n*/ 'This member of staff already has access');
    await checkVenueExists(tx, input.venueId);
    const venueId = input.role === 'staff' ? input.venueId! : null;
    const [restored] = await tx
      .update(users)
      .set({ role: input.role, venueId, passwordHash, deactivatedAt: null, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    const raw = await createOneTimeToken(tx, id, 'password-reset', now);
    await mailPasswordReset(tx, restored!, resetLink(config, raw, 'admin'));
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: restored!.venueId ?? member.venueId,
      action: 'staff.restore',
      entityType: 'user',
      entityId: id,
      before: { ...auditView(member), removedAt: member.deactivatedAt.toISOString() },
      after: { ...auditView(restored!), removedAt: null },
      at: now,
    });
    return toStaffMember(restored!);
  });
}
