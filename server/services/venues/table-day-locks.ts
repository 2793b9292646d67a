/**
 * Booking locks per table and Hong Kong calendar day: transaction-scoped advisory locks, so bookings of
 * other tables, or of the same table on other days, never wait for each other. Two reservations that
 * overlap in time share an instant, hence a calendar day, so they always meet on one of these locks; the
 * exclusion constraint `reservations_no_double_booking` stays the last word.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hongKongDate } from '../../../common/time';

/** A table id as a 32-bit key (FNV-1a): a rare collision only makes two tables share a lock. */
function tableKey(tableId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < tableId.length; i++) hash = Math.imul(hash ^ tableId.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** The Hong Kong calendar days an interval [fromMs, toMs) touches, as yyyymmdd numbers. */
function daysTouched(fromMs: number, toMs: number): number[] {
  const first = hongKongDate(new Date(fromMs));
  const last = hongKongDate(new Date(Math.max(fromMs, toMs - 1)));
  const asNumber = (date: string) => Number(date.replaceAll('-', ''));
  return first === last ? [asNumber(first)] : [asNumber(first), asNumber(last)];
}

/** The (table, day) keys of these tables' locks on the days of [fromMs, toMs), in the one order every booking takes them. */
export function tableDayKeys(tableIds: readonly string[], fromMs: number, toMs: number): (readonly [number, number])[] {
  const days = daysTouched(fromMs, toMs);
  return [...new Set(tableIds.map(tableKey))]
    .flatMap((table) => days.map((day) => [table, day] as const))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/**
 * Waits for, and holds until the transaction ends, the locks of these tables on the days of
 * [fromMs, toMs). Taken in one sorted order by every booking, so bookings never deadlock.
 */
export async function lockTableDays(tx: DbOrTx, tableIds: string[], fromMs: number, toMs: number): Promise<void> {
  const keys = tableDayKeys(tableIds, fromMs, toMs);
  if (keys.length === 0) return;
  // Arrays go as one literal each: drizzle would spread a JavaScript array into a parameter list.
  const tables = `{${keys.map((k) => k[0]).join(',')}}`;
  const dayNumbers = `{${keys.map((k) => k[1]).join(',')}}`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(k.t, k.d) FROM unnest(${tables}::int[], ${dayNumbers}::int[]) AS k(t, d)`);
}
