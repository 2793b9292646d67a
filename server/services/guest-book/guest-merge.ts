/**
 * Merging a duplicate account into the guest staff keep: every booking, payment, card and wallet entry,
 * no-show fee charge, waitlist entry, tag and note of the duplicate moves to the kept guest, unchanged, so
 * the money of each booking stays as it was (the ledger check reads bookings, not accounts) and the wallet
 * balance is the sum of both. The duplicate keeps its row, marked merged and unable to log in, for the
 * audit log; its sessions end. One transaction, both accounts locked in id order so two merges cannot cross.
 * Only likely duplicates, by someone entitled (merge-rights.ts); every re-pointed row is recorded by id
 * (guest_merges) so an admin can undo the merge for 30 days (guest-merge-undo.ts).
 */
import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { Db, Tx } from '../../db/client';
import { guestMerges, guestNotes, guestTagLinks, type KeptBefore, type MergeMoved } from '../../db/guest-book-schema';
import { users, waitlistEntries, walletEntries } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { endUserSessions } from '../auth/auth-session';
import { recordAudit } from '../audit/audit-log';
import { findGuest } from './guest-book-access';
import { checkMergeRights } from './merge-rights';
import { movedCounts, repoint, USER_TABLES } from './merge-tables';

export interface MergeCounts {
  reservations: number;
  payments: number;
  walletEntries: number;
  cardEntries: number;
}

async function moveWaitlist(tx: Tx, fromId: string, intoId: string): Promise<Pick<MergeMoved, 'waitlistEntries' | 'waitlistLeft'>> {
  // One live entry per guest, venue and day: the kept guest's own stands, the duplicate's ends as left.
  const live = ['WAITING', 'OFFERED'] as const;
  const kept = await tx.select({ venueId: waitlistEntries.venueId, date: waitlistEntries.date }).from(waitlistEntries).where(and(eq(waitlistEntries.userId, intoId), inArray(waitlistEntries.status, live)));
  const waitlistLeft: MergeMoved['waitlistLeft'] = [];
  for (const { venueId, date } of kept) {
    const same = and(eq(waitlistEntries.userId, fromId), eq(waitlistEntries.venueId, venueId), eq(waitlistEntries.date, date), inArray(waitlistEntries.status, live));
    waitlistLeft.push(...(await tx.select({ id: waitlistEntries.id, status: waitlistEntries.status }).from(waitlistEntries).where(same)));
    await tx.update(waitlistEntries).set({ status: 'LEFT' }).where(same);
  }
  const moved = await tx.update(waitlistEntries).set({ userId: intoId }).where(eq(waitlistEntries.userId, fromId)).returning({ id: waitlistEntries.id });
  return { waitlistEntries: moved.map((r) => r.id), waitlistLeft };
}

async function moveTags(tx: Tx, fromId: string, intoId: string): Promise<Pick<MergeMoved, 'guestTags' | 'tagLinksDropped'>> {
  const kept = (await tx.select({ tagId: guestTagLinks.tagId }).from(guestTagLinks).where(eq(guestTagLinks.guestId, intoId))).map((t) => t.tagId);
  const moved = await tx
    .update(guestTagLinks)
    .set({ guestId: intoId })
    .where(and(eq(guestTagLinks.guestId, fromId), kept.length ? notInArray(guestTagLinks.tagId, kept) : undefined))
    .returning({ tagId: guestTagLinks.tagId });
  const dropped = await tx.delete(guestTagLinks).where(eq(guestTagLinks.guestId, fromId)).returning();
  return {
    guestTags: moved.map((t) => t.tagId),
    tagLinksDropped: dropped.map((t) => ({ tagId: t.tagId, addedBy: t.addedBy, addedAt: t.addedAt.toISOString() })),
  };
}

const keptBeforeOf = (u: typeof users.$inferSelect): KeptBefore => ({
  role: u.role === 'member' ? 'member' : 'guest',
  customId: u.customId,
  customerId: u.customerId,
  activeReservationLimit: u.activeReservationLimit,
  annualReservationLimit: u.annualReservationLimit,
  mobileCountryCode: u.mobileCountryCode,
  mobileNumber: u.mobileNumber,
});

interface MergeInput {
  guestId: string;
  duplicateId: string;
  /** The staff member's words: why the two accounts are one person (recorded and audited). */
  reason: string;
}

/** Moves everything of `duplicateId` to `guestId` and answers the merge's id and how many of each money record moved. */
export async function mergeGuests(db: Db, actor: AuthUser, { guestId, duplicateId, reason }: MergeInput, now: Date): Promise<{ mergeId: string; counts: MergeCounts }> {
  if (guestId === duplicateId) throw new ApiError(409, ERROR_CODES.MERGE_SAME_GUEST, /*i18n*/ 'A guest cannot be merged into themself');
  return db.transaction(async (tx) => {
    const [first, second] = [guestId, duplicateId].sort();
    const locked = new Map([[first!, await findGuest(tx, first!, { lock: true })], [second!, await findGuest(tx, second!, { lock: true })]]);
    const into = locked.get(guestId)!;
    const from = locked.get(duplicateId)!;
    await checkMergeRights(tx, actor, into, from);
    const [keptWallet] = await tx.select({ n: count() }).from(walletEntries).where(eq(walletEntries.userId, guestId));
    const moved: MergeMoved = {
      reservations: await repoint(tx, USER_TABLES.reservations, duplicateId, guestId),
      payments: await repoint(tx, USER_TABLES.payments, duplicateId, guestId),
      walletEntries: await repoint(tx, USER_TABLES.walletEntries, duplicateId, guestId),
      cardEntries: await repoint(tx, USER_TABLES.cardEntries, duplicateId, guestId),
      noShowFeeCharges: await repoint(tx, USER_TABLES.noShowFeeCharges, duplicateId, guestId),
      ...(await moveWaitlist(tx, duplicateId, guestId)),
      ...(await moveTags(tx, duplicateId, guestId)),
      guestNotes: (await tx.update(guestNotes).set({ guestId }).where(eq(guestNotes.guestId, duplicateId)).returning({ id: guestNotes.id })).map((n) => n.id),
    };
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
    const mergeId = newId();
    await tx.insert(guestMerges).values({
      id: mergeId,
      keptId: guestId,
      mergedId: duplicateId,
      actorId: actor.id,
      reason,
      moved,
      keptBefore: keptBeforeOf(into),
      keptWalletEntries: Number(keptWallet?.n ?? 0),
      createdAt: now,
    });
    const who = (u: typeof into) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, role: u.role, customId: u.customId });
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: actor.venueId ?? null,
      action: 'guest.merge',
      entityType: 'user',
      entityId: guestId,
      before: { kept: who(into), merged: who(from) },
      after: { kept: guestId, mergedInto: guestId, mergeId, reason, moved: movedCounts(moved) },
      at: now,
    });
    const counts = movedCounts(moved);
    return { mergeId, counts: { reservations: counts.reservations, payments: counts.payments, walletEntries: counts.walletEntries, cardEntries: counts.cardEntries } };
  });
}
