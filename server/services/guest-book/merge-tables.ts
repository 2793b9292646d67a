/** The tables a guest merge re-points by `user_id`, and the per-table counts of a merge's record (the audit's "what moved"). */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { MergeMoved } from '../../db/guest-book-schema';
import { cardEntries, noShowFeeCharges, payments, reservations, walletEntries } from '../../db/schema';

/** Each re-pointed table by its name in a merge's record. */
export const USER_TABLES = { reservations, payments, walletEntries, cardEntries, noShowFeeCharges } as const;
type UserTable = (typeof USER_TABLES)[keyof typeof USER_TABLES];

// A no-show fee charge is keyed by its booking.
const keyOf = (table: UserTable) => ('id' in table ? table.id : table.reservationId);

/**
 * Re-points `table`'s rows of `fromId` to `intoId` (only those of `ids` when given, an undo) and answers
 * the ids of the rows it moved.
 */
export async function repoint(tx: Tx, table: UserTable, fromId: string, intoId: string, ids?: string[]): Promise<string[]> {
  if (ids?.length === 0) return [];
  const key = keyOf(table);
  const rows = await tx
    .update(table)
    .set({ userId: intoId } as never)
    .where(and(eq(table.userId, fromId), ids ? inArray(key, ids) : undefined))
    .returning({ id: key });
  return rows.map((r) => r.id);
}

/** How many rows of each table a merge moved (or an undo gave back). */
export function movedCounts(moved: MergeMoved): Record<keyof MergeMoved, number> {
  return Object.fromEntries(Object.entries(moved).map(([table, rows]) => [table, (rows as unknown[]).length])) as Record<keyof MergeMoved, number>;
}
