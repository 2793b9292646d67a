/**
 * The reports' feedback figures: how many guests rated their visit and the average rating, per venue and
 * ISO week of the visit (common/report-range.ts `weekOf`), for a range of visit days.
 */
import { and, gte, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { visitFeedback } from '../../db/schema';
import { weekOf } from '../../../common/report-range';
import { loadVenueCatalog } from '../booking-rules/venue-catalog';

export interface FeedbackWeekRow {
  venueId: string;
  /** Stored (English): the handler puts it in the reader's language. */
  venueName: string;
  /** The ISO week's Monday and Sunday. */
  from: string;
  to: string;
  responses: number;
  /** To one decimal. */
  average: number;
}

/** Rows by venue (catalog order) and week, only where there was feedback. */
export async function feedbackByVenueAndWeek(db: DbOrTx, range: { venueIds: readonly string[] | null; from: string; to: string }): Promise<FeedbackWeekRow[]> {
  const f = visitFeedback;
  const rows = await db
    .select({ venueId: f.venueId, date: f.visitDate, rating: f.rating })
    .from(f)
    .where(and(gte(f.visitDate, range.from), lte(f.visitDate, range.to), range.venueIds ? inArray(f.venueId, [...range.venueIds]) : undefined));
  const catalog = await loadVenueCatalog(db);
  const venueOrder = [...catalog.venues.keys()];
  const groups = new Map<string, { venueId: string; from: string; to: string; sum: number; count: number }>();
  for (const row of rows) {
    const week = weekOf(row.date);
    const key = `${row.venueId}|${week.from}`;
    const group = groups.get(key) ?? { venueId: row.venueId, ...week, sum: 0, count: 0 };
    group.sum += row.rating;
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => venueOrder.indexOf(a.venueId) - venueOrder.indexOf(b.venueId) || a.from.localeCompare(b.from))
    .map((g) => ({
      venueId: g.venueId,
      venueName: catalog.venues.get(g.venueId)?.venue.title ?? '',
      from: g.from,
      to: g.to,
      responses: g.count,
      average: Math.round((g.sum / g.count) * 10) / 10,
    }));
}
