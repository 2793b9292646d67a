/**
 * A change to one queued party, made only while it is still queued: one conditional UPDATE, so of two hosts
 * acting on one party at once exactly one changes it and the other is told what became of it (seated by
 * another host, or gone), and the change is announced to every open panel.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { walkInQueue, type WalkInQueueRow } from '../../db/walk-in-schema';
import { ApiError, notFound } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { announceWalkInQueue } from './walk-in-events';

/** 404: no party of this venue's queue has this id. */
export const entryNotFound = () => notFound(/*i18n*/ 'This party is not in the queue');
const alreadySeated = () => new ApiError(409, ERROR_CODES.WALK_IN_ALREADY_SEATED, /*i18n*/ 'This party has already been seated');
const alreadyLeft = () => new ApiError(409, ERROR_CODES.WALK_IN_ALREADY_LEFT, /*i18n*/ 'This party has already left the queue');

/** Why a party could not be changed: not there (404), seated (409 20210) or gone (409 20211). */
export async function refusalFor(tx: DbOrTx, venueId: string, entryId: string): Promise<ApiError> {
  const [row] = await tx.select({ status: walkInQueue.status }).from(walkInQueue).where(and(eq(walkInQueue.id, entryId), eq(walkInQueue.venueId, venueId)));
  if (!row) return entryNotFound();
  return row.status === 'SEATED' ? alreadySeated() : alreadyLeft();
}

/** Sets `values` on the party while it waits or has been called; throws the refusal otherwise. */
export async function changeQueuedEntry(
  tx: DbOrTx,
  venueId: string,
  entryId: string,
  values: Partial<Omit<WalkInQueueRow, 'id' | 'venueId'>> & { updatedAt: Date },
): Promise<WalkInQueueRow> {
  const [row] = await tx
    .update(walkInQueue)
    .set(values)
    .where(and(eq(walkInQueue.id, entryId), eq(walkInQueue.venueId, venueId), inArray(walkInQueue.status, ['WAITING', 'NOTIFIED'])))
    .returning();
  if (!row) throw await refusalFor(tx, venueId, entryId);
  await announceWalkInQueue(tx, { venueId, date: row.date, entryId });
  return row;
}
