/**
 * Announces a change to a venue's walk-in queue on the channel the venue's stream hears
 * (services/reservations/reservation-events.ts), inside the change's transaction: every host's panel and
 * process hears it once it commits, and never if it rolls back.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { RESERVATION_EVENTS_CHANNEL, type WalkInQueueEvent } from '../reservations/reservation-events';

export async function announceWalkInQueue(tx: DbOrTx, event: WalkInQueueEvent): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${RESERVATION_EVENTS_CHANNEL}, ${JSON.stringify({ walkInQueue: event })})`);
}
