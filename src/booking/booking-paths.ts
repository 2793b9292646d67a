import { BOOKING_PAGES } from '../../machines/booking-pages';

/** The pages of the booking wizard (every `meta.route` of the chart but log-in, which is the session's). */
export const BOOKING_PATHS: ReadonlySet<string> = new Set(Object.values(BOOKING_PAGES).map((page) => page.path));

/** A waitlist offer's page: not a wizard step, but it hands the offered hold to the chart. */
export const WAITLIST_OFFER_PATH = '/pages/waitlist-offer';

/** Where the chart's snapshot is kept between reloads. */
export const BOOKING_SNAPSHOT_KEY = 'booking_snapshot';
