/**
 * Merging a duplicate account into the guest staff keep: every booking, payment, card and wallet entry,
 * no-show fee charge, waitlist entry, tag and note of the duplicate moves to the kept guest, unchanged, so
 * the money of each booking stays as it was (the ledger check reads bookings, not accounts) and the wallet
 * balance is the sum of both. The duplicate keeps its row, marked merged and unable to log in, for the
 * audit log; its sessions end. One transaction, both accounts locked in id order so two merges cannot cross.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { Db, Tx } from '../../db/client';
import { guestNotes, guestTagLinks } from '../../db/guest-book-schema';
import { cardEntries, noShowFeeCharges, payments, reservations, users, waitlistEntries, walletEntries } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { endUserSessions } from '../auth/auth-session';
import { recordAudit } from '../audit/audit-log';
import { findGuest } from './guest-book-access';

export interface MergeCounts {
  reservations: number;
  payments: number;
  walletEntries: number;
  cardEntries: number;
}

async function moveWaitlist(tx: Tx, fromId: string, intoId: string): Promise<void> {
  // One live entry per guest, venue and day: the kept guest's own stands, the duplicate's ends as left.
  const live = ['WAITING', 'OFFERED'] as const;
  const kept = await tx.select({ venueId: waitlistEntries.venueId, date: waitlistEntries.date }).from(waitlistEntries).where(and(eq(waitlistEntries.userId, intoId), inArray(waitlistEntries.status, live)));
  for (const { venueId, date } of kept) {
    await tx
      .update(waitlistEntries)
      .set({ status: 'LEFT' })
      .where(and(eq(waitlistEntries.userId, fromId), eq(waitlistEntries.venueId, venueId), eq(waitlistEntries.date, date), inArray(waitlistEntries.status, live)));
  }
  await tx.update(waitlistEntries).set({ userId: intoId }).where(eq(waitlistEntries.userId, fromId));
}

async function moveTags(tx: Tx, fromId: string, intoId: string): Promise<void> {
  const kept = (await tx.select({ tagId: guestTagLinks.tagId }).from(guestTagLinks).where(eq(guestTagLinks.guestId, intoId))).map((t) => t.tagId);
  await tx
    .update(guestTagLinks)
    .set({ guestId: intoId })
    .where(and(eq(guestTagLinks.guestId, fromId), kept.length ? notInArray(guestTagLinks.tagId, kept) : undefined));
  await tx.delete(guestTagLinks).where(eq(guestTagLinks.guestId, fromId));
}

/** Moves everything of `duplicateId` to `guestId` and answers how many of each money record moved. */
export async function mergeGuests(db: Db, actor: AuthUser, guestId: string, duplicateId: string, now: Date): Promise<MergeCounts> {
  if (guestId === duplicateId) throw new ApiError(409, ERROR_CODES.MERGE_SAME_GUEST, /*i18n*/ 'A guest cannot be merged into themself');
  return db.transaction(async (tx) => {
    const [first, second] = [guestId, duplicateId].sort();
    const locked = new Map([[first!, await findGuest(tx, first!, { lock: true })], [second!, await findGuest(tx, second!, { lock: true })]]);
    const into = locked.get(guestId)!;
    const from = locked.get(duplicateId)!;
    const move = <T extends typeof reservations | typeof payments | typeof walletEntries | typeof cardEntries | typeof noShowFeeCharges>(table: T) =>
      tx.update(table).set({ userId: guestId } as never).where(eq(table.userId, duplicateId)).returning({ id: sql<string>`1` });
    const counts: MergeCounts = {
      reservations: (await move(reservations)).length,
      payments: (await move(payments)).length,
      walletEntries: (await move(walletEntries)).length,
      cardEntries: (await move(cardEntries)).length,
    };
    await move(noShowFeeCharges);
    await moveWaitlist(tx, duplicateId, guestId);
    await moveTags(tx, duplicateId, guestId);
    await tx.update(guestNotes).set({ guestId }).where(eq(guestNotes.guestId, duplicateId));
    // A member's number and membership go with their bookings and wallet; what the kept guest has stays.
    const membership =
      from.role === 'member' && into.role !== 'member'
        ? { role: 'member' as const, customId: from.customId, activeReservationLimit: from.activeReservationLimit, annualReservationLimit: from.annualReservationLimit }
        : {};
    await tx
      .update(users)
      .set({
        ...membership,
        customerId: into.customerId ?? from.customerId,
        mobileCountryCode: into.mobileNumber ? into.mobileCountryCode : from.mobileCountryCode,
        mobileNumber: into.mobileNumber ?? from.mobileNumber,
        updatedAt: now,
      })
      .where(eq(users.id, guestId));
    await tx.update(users).set({ mergedInto: guestId, deactivatedAt: now, updatedAt: now }).where(eq(users.id, duplicateId));
    await endUserSessions(tx, duplicateId, now);
    const who = (u: typeof into) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, role: u.role, customId: u.customId });
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: actor.venueId ?? null,
      action: 'guest.merge',
      entityType: 'user',
      entityId: guestId,
      before: { kept: who(into), merged: who(from) },
      after: { kept: guestId, mergedInto: guestId, moved: counts },
      at: now,
    });
    return counts;
  });
}
