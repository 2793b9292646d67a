/**
 * The booking wizard's pages: the one list of their addresses. The booking chart names each state's page
 * from it (`meta.route`), and the app's router and route sync read it (src/navigation/routes.ts,
 * src/booking/booking-paths.ts); tests/machines/booking-pages.test.ts fails when chart and router disagree.
 */

/** Each page of the wizard by its route name; `draft` pages come before a table is held. */
export const BOOKING_PAGES = {
  book: { path: '/pages/book', draft: true },
  experience: { path: '/pages/experience', draft: true },
  timeslot: { path: '/pages/timeslot', draft: true },
  seating: { path: '/pages/seating', draft: true },
  profile: { path: '/pages/profile', draft: false },
  verify: { path: '/pages/verify', draft: false },
  confirm: { path: '/pages/confirm', draft: false },
  payment: { path: '/pages/payment', draft: false },
  card: { path: '/pages/card', draft: false },
  result: { path: '/pages/result', draft: false },
  warning: { path: '/pages/warning', draft: false },
} as const;

/** A wizard page's route name. */
export type BookingPage = keyof typeof BOOKING_PAGES;

/** The session's log-in page, where the wizard waits for a guest to log in (the session chart's page). */
export const LOGIN_PAGE_PATH = '/pages/login';

/** The address of a wizard page. */
export const bookingPath = (page: BookingPage): string => BOOKING_PAGES[page].path;

/** The draft's pages: visiting one while a table is held gives the table up. */
export const DRAFT_PATHS: readonly string[] = Object.values(BOOKING_PAGES)
  .filter((page) => page.draft)
  .map((page) => page.path);
