/**
 * No-show and late-cancellation rates (docs/PRODUCT.md §4, no-shows), over a range of service days, by the
 * booking's policy type (none, deposit, guarantee, prepayment), by channel (online, phone, walk-in) and by
 * member or guest. The figures' definitions, as the page states them:
 * - bookings: those confirmed for a day in the range, whatever became of them after (holds never
 *   completed are not bookings);
 * - no-show rate: of those, the ones marked no-show;
 * - late-cancellation rate: of those, the ones cancelled inside the policy's cancellation window
 *   ("Canceled Late"), by the guest or by staff for the guest.
 */
import { and, count, eq, gte, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations, users } from '../../db/schema';

export const POLICY_GROUPS = ['none', 'deposit', 'guarantee', 'prepayment'] as const;
export const CHANNEL_GROUPS = ['online', 'phone', 'walk-in'] as const;
export const GUEST_GROUPS = ['member', 'guest'] as const;

export interface NoShowFigures {
  group: string;
  bookings: number;
  noShows: number;
  lateCancellations: number;
  /** noShows / bookings; null without bookings. */
  noShowRate: number | null;
  lateCancellationRate: number | null;
}

export interface NoShowReport {
  from: string;
  to: string;
  venueId: string | null;
  total: NoShowFigures;
  byPolicy: NoShowFigures[];
  byChannel: NoShowFigures[];
  byGuest: NoShowFigures[];
}

/**
 * The policy column's own value, lower-cased: a policy type added to the column (the card guarantee, or any
 * later one) gets its row without a change here. The four known ones are always listed, in this order.
 */
const policyGroup = (type: string) => type.toLowerCase();
const channelGroup = (source: string) => (source === 'STAFF_PHONE' ? 'phone' : source === 'STAFF_WALK_IN' ? 'walk-in' : 'online');
const guestGroup = (role: string) => (role === 'member' ? 'member' : 'guest');

interface Tally {
  bookings: number;
  noShows: number;
  lateCancellations: number;
}

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);
const figures = (group: string, t: Tally): NoShowFigures => ({
  group,
  ...t,
  noShowRate: rate(t.noShows, t.bookings),
  lateCancellationRate: rate(t.lateCancellations, t.bookings),
});

/** One group of bookings as the query counts them: their status, policy type, source and the guest's role. */
export interface NoShowCountRow {
  status: string;
  policy: string;
  source: string;
  role: string;
  n: number | string;
}

export async function noShowReport(db: DbOrTx, query: { venueId: string | null; from: string; to: string }): Promise<NoShowReport> {
  const r = reservations;
  const filters: SQL[] = [gte(r.date, query.from), lte(r.date, query.to), isNotNull(r.confirmedAt)];
  if (query.venueId) filters.push(eq(r.venueId, query.venueId));
  const rows = await db
    .select({ status: r.status, policy: r.prePaymentType, source: r.bookingSource, role: users.role, n: count() })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(and(...filters))
    .groupBy(r.status, r.prePaymentType, r.bookingSource, users.role);
  return { from: query.from, to: query.to, venueId: query.venueId, ...tallyNoShows(rows) };
}

/** The figures of the counted rows: the total, and by policy, channel and member or guest. */
export function tallyNoShows(rows: readonly NoShowCountRow[]): Pick<NoShowReport, 'total' | 'byPolicy' | 'byChannel' | 'byGuest'> {
  const tallies = { policy: new Map<string, Tally>(), channel: new Map<string, Tally>(), guest: new Map<string, Tally>() };
  const total: Tally = { bookings: 0, noShows: 0, lateCancellations: 0 };
  const add = (t: Tally, row: NoShowCountRow) => {
    const n = Number(row.n);
    t.bookings += n;
    if (row.status === 'NO_SHOW') t.noShows += n;
    if (row.status === 'LATE_CANCELED') t.lateCancellations += n;
  };
  const tallyOf = (map: Map<string, Tally>, key: string) => map.get(key) ?? map.set(key, { bookings: 0, noShows: 0, lateCancellations: 0 }).get(key)!;
  for (const row of rows) {
    add(total, row);
    add(tallyOf(tallies.policy, policyGroup(row.policy)), row);
    add(tallyOf(tallies.channel, channelGroup(row.source)), row);
    add(tallyOf(tallies.guest, guestGroup(row.role)), row);
  }
  // The known groups in their order (empty ones too, so the page always shows them), then any other found.
  const list = (groups: readonly string[], map: Map<string, Tally>) =>
    [...groups, ...[...map.keys()].filter((g) => !groups.includes(g)).sort()].map((g) => figures(g, tallyOf(map, g)));
  return {
    total: figures('all', total),
    byPolicy: list(POLICY_GROUPS, tallies.policy),
    byChannel: list(CHANNEL_GROUPS, tallies.channel),
    byGuest: list(GUEST_GROUPS, tallies.guest),
  };
}
