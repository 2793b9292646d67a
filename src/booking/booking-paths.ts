import { BOOKING_PAGES } from '../../machines/booking-pages';

/** The pages of the booking wizard (every `meta.route` of the chart but log-in, which is the session's). */
export const BOOKING_PATHS: ReadonlySet<string> = new Set(Object.values(BOOKING_PAGES).map((page) => page.path));

/** A waitlist offer's page: not a wizard step, but it hands the offered hold to the chart. */
export const WAITLIST_OFFER_PATH = '/pages/waitlist-offer';

/**
 * Where the chart's snapshot is kept between reloads, by the chart's shape: a new shape (states moved,
 * renamed or made a chart of their own) takes a new key, so a snapshot of the old shape is never restored.
 */
export const BOOKING_SNAPSHOT_KEY = 'booking_snapshot_v3';

/** The keys of the chart's earlier shapes (v1: one chart, the guest's identity among the draft's steps; v2: no card step), cleared at start. */
export const OLD_BOOKING_SNAPSHOT_KEYS: readonly string[] = ['booking_snapshot', 'booking_snapshot_v2'];
