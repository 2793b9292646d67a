/**
 * Undoing a guest merge (admins, for 30 days by the injected clock: docs/PRODUCT.md §2, "The guest book";
 * decision 0031). Every row the merge re-pointed and still on the kept account goes back to the merged
 * one, its dropped tags and ended waitlist entries come back, the kept account's fields are as they were
 * before, and the merged account can log in again. Rows written after the merge stay where they were
 * written; a wallet entry written since on either account stops the undo, since the balance then spent
 * cannot be split back by moving rows.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { Db, Tx } from '../../db/client';
import { guestMerges, guestNotes, guestTagLinks } from '../../db/guest-book-schema';
import { users, waitlistEntries, walletEntries, type WaitlistStatus } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { recordAudit } from '../audit/audit-log';
import { movedCounts, repoint, USER_TABLES } from './merge-tables';

/** How long a merge may be undone. */
const MERGE_UNDO_DAYS = 30;
const UNDO_MS = MERGE_UNDO_DAYS * 24 * 60 * 60_000;

const UNDO_REFUSALS = {
  notFound: /*i18n*/ 'No merge has this id',
  expired: /*i18n*/ 'This merge is more than 30 days old and can no longer be undone.',
  alreadyUndone: /*i18n*/ 'This merge has already been undone.',
  keptMergedOn: /*i18n*/ 'The kept account has since been merged into another account: undo that merge first.',
  erased: /*i18n*/ 'One of the two accounts has been erased, so what the merge moved can no longer be given back.',
  walletMoved: /*i18n*/ 'A wallet entry has been written since the merge, so the two balances can no longer be told apart. Adjust the wallets instead.',
} as const;

const notPossible = (message: string) => new ApiError(409, ERROR_CODES.MERGE_UNDO_NOT_POSSIBLE, message);

async function walletCount(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(walletEntries).where(eq(walletEntries.userId, userId));
  return Number(row?.n ?? 0);
}

async function lockUsers(tx: Tx, ids: string[]) {
  const rows = new Map<string, typeof users.$inferSelect>();
  for (const id of [...ids].sort()) {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (row) rows.set(id, row);
  }
  return rows;
}

/** Undoes merge `mergeId` and answers the two accounts' ids. */
export async function undoMerge(db: Db, actor: AuthUser, mergeId: string, reason: string, now: Date): Promise<{ keptId: string; mergedId: string }> {
  return db.transaction(async (tx) => {
    const [merge] = await tx.select().from(guestMerges).where(eq(guestMerges.id, mergeId)).for('update');
    if (!merge) throw notFound(UNDO_REFUSALS.notFound);
    if (merge.undoneAt) throw notPossible(UNDO_REFUSALS.alreadyUndone);
    if (now.getTime() - merge.createdAt.getTime() > UNDO_MS) throw new ApiError(409, ERROR_CODES.MERGE_UNDO_EXPIRED, UNDO_REFUSALS.expired);
    const { keptId, mergedId, moved, keptBefore } = merge;
    const locked = await lockUsers(tx, [keptId, mergedId]);
    if (locked.get(keptId)?.mergedInto) throw notPossible(UNDO_REFUSALS.keptMergedOn);
    // An erasure emptied the merge's record of the kept account's details (personal-data-map.ts).
    if (locked.get(keptId)?.anonymisedAt || locked.get(mergedId)?.anonymisedAt) throw notPossible(UNDO_REFUSALS.erased);
    if ((await walletCount(tx, keptId)) !== merge.keptWalletEntries + moved.walletEntries.length || (await walletCount(tx, mergedId)) !== 0) {
      throw notPossible(UNDO_REFUSALS.walletMoved);
    }

    const back = {
      ...moved,
      reservations: await repoint(tx, USER_TABLES.reservations, keptId, mergedId, moved.reservations),
      payments: await repoint(tx, USER_TABLES.payments, keptId, mergedId, moved.payments),
      walletEntries: await repoint(tx, USER_TABLES.walletEntries, keptId, mergedId, moved.walletEntries),
      cardEntries: await repoint(tx, USER_TABLES.cardEntries, keptId, mergedId, moved.cardEntries),
      noShowFeeCharges: await repoint(tx, USER_TABLES.noShowFeeCharges, keptId, mergedId, moved.noShowFeeCharges),
    };
    if (moved.waitlistEntries.length) {
      await tx.update(waitlistEntries).set({ userId: mergedId }).where(and(eq(waitlistEntries.userId, keptId), inArray(waitlistEntries.id, moved.waitlistEntries)));
    }
    for (const { id, status } of moved.waitlistLeft) {
      await tx.update(waitlistEntries).set({ status: status as WaitlistStatus }).where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'LEFT')));
    }
    if (moved.guestTags.length) {
      await tx.update(guestTagLinks).set({ guestId: mergedId }).where(and(eq(guestTagLinks.guestId, keptId), inArray(guestTagLinks.tagId, moved.guestTags)));
    }
    if (moved.tagLinksDropped.length) {
      const links = moved.tagLinksDropped.map((t) => ({ guestId: mergedId, tagId: t.tagId, addedBy: t.addedBy, addedAt: new Date(t.addedAt) }));
      await tx.insert(guestTagLinks).values(links).onConflictDoNothing();
    }
    if (moved.guestNotes.length) {
      await tx.update(guestNotes).set({ guestId: mergedId }).where(and(eq(guestNotes.guestId, keptId), inArray(guestNotes.id, moved.guestNotes)));
    }
    await tx.update(users).set({ ...keptBefore, updatedAt: now }).where(eq(users.id, keptId));
    await tx.update(users).set({ mergedInto: null, deactivatedAt: null, updatedAt: now }).where(eq(users.id, mergedId));
    await tx.update(guestMerges).set({ undoneAt: now, undoneBy: actor.id }).where(eq(guestMerges.id, mergeId));
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: actor.venueId ?? null,
      action: 'guest.merge.undo',
      entityType: 'user',
      entityId: mergedId,
      before: { kept: keptId, mergedInto: keptId, mergeId },
      after: { kept: keptId, restored: mergedId, mergeId, reason, movedBack: movedCounts(back) },
      at: now,
    });
    return { keptId, mergedId };
  });
}
