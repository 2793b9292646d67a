/**
 * How good the walk-in quotes were (docs/PRODUCT.md §2, the walk-in queue, the reports): for the parties seated from the queue
 * over a range of service days, by party size, the median wait quoted against the median wait they really
 * had (arrival to seating), and how many were seated within their quote; parties who left are counted apart.
 */
import { and, between, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { walkInQueue } from '../../db/walk-in-schema';
import type { Schema } from '../../lib/api-types';
import { checkVenueAccess } from '../../lib/auth';
import { waitedMinutes } from './walk-in-dto';

export type WalkInReportDto = Schema<'WalkInReport'>;
type ReportRow = Schema<'WalkInReportRow'>;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Party {
  numberOfGuests: number;
  quoted: number;
  waited: number | null;
}

function rowOf(numberOfGuests: number | null, parties: readonly Party[]): ReportRow {
  const seated = parties.filter((p) => p.waited !== null);
  return {
    numberOfGuests,
    seated: seated.length,
    left: parties.length - seated.length,
    medianQuotedMinutes: median(seated.map((p) => p.quoted)),
    medianWaitedMinutes: median(seated.map((p) => p.waited!)),
    seatedWithinQuote: seated.filter((p) => p.waited! <= p.quoted).length,
  };
}

export async function walkInReport(db: DbOrTx, actor: AuthUser, venueId: string, from: string, to: string): Promise<WalkInReportDto> {
  checkVenueAccess(actor, venueId);
  const rows = await db
    .select()
    .from(walkInQueue)
    .where(and(eq(walkInQueue.venueId, venueId), between(walkInQueue.date, from, to), inArray(walkInQueue.status, ['SEATED', 'LEFT'])));
  const parties: Party[] = rows.map((r) => ({
    numberOfGuests: r.numberOfGuests,
    quoted: r.quotedMinutes,
    waited: r.status === 'SEATED' ? waitedMinutes(r, r.seatedAt!) : null,
  }));
  const sizes = [...new Set(parties.map((p) => p.numberOfGuests))].sort((a, b) => a - b);
  return {
    venueId,
    from,
    to,
    bySize: sizes.map((size) => rowOf(size, parties.filter((p) => p.numberOfGuests === size))),
    total: rowOf(null, parties),
  };
}
