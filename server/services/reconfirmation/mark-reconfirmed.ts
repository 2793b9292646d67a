/** Records that a guest is coming, once, on an upcoming confirmed booking: when, and how it was said. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations, type ReconfirmedVia } from '../../db/schema';

/** True when this call recorded it; false when the booking was reconfirmed already or is not upcoming. */
export async function markReconfirmed(db: DbOrTx, reservationId: string, via: ReconfirmedVia, now: Date): Promise<boolean> {
  const r = reservations;
  const rows = await db
    .update(r)
    .set({ reconfirmedAt: now, reconfirmedVia: via, updatedAt: now })
    .where(and(eq(r.id, reservationId), eq(r.status, 'CONFIRMED'), isNull(r.reconfirmedAt), gt(r.startsAt, now)))
    .returning({ id: r.id });
  return rows.length > 0;
}
