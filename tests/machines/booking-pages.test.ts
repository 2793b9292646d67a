/**
 * The booking wizard's pages have one list (machines/booking-pages.ts): the chart's states name their
 * pages from it, and the app's router and route sync read it. A page the chart shows that the router
 * does not know, or a router address the chart never shows, fails here.
 */
import type { AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { bookingMachine } from '../../machines/booking/booking.machine';
import { BOOKING_PAGES, DRAFT_PATHS, LOGIN_PAGE_PATH, type BookingPage } from '../../machines/booking-pages';
import { BOOKING_PATHS } from '../../src/booking/booking-paths';
import { routeByName, routeByPath } from '../../src/navigation/routes';

/** Every `meta.route` of a chart's states, deep. */
function metaRoutes(node: AnyStateNode): string[] {
  const own = (node.meta as { route?: string } | undefined)?.route;
  return [...(own ? [own] : []), ...Object.values(node.states).flatMap(metaRoutes)];
}

describe('the booking pages', () => {
  const chartRoutes = new Set(metaRoutes(bookingMachine.root));

  it('are exactly the pages the chart shows, log-in aside', () => {
    expect([...chartRoutes].filter((route) => route !== LOGIN_PAGE_PATH).sort()).toEqual([...BOOKING_PATHS].sort());
  });

  it('each have a page of the same name and address in the router', () => {
    for (const [name, { path }] of Object.entries(BOOKING_PAGES)) {
      expect(routeByName(name as BookingPage)?.path, name).toBe(path);
      expect(routeByPath(path)?.name, path).toBe(name);
    }
    expect(routeByPath(LOGIN_PAGE_PATH)?.name).toBe('login');
  });

  it('start with the draft, the pages a held table is given up by', () => {
    expect(DRAFT_PATHS).toEqual(['/pages/book', '/pages/experience', '/pages/timeslot', '/pages/seating']);
    for (const path of DRAFT_PATHS) expect(chartRoutes.has(path), path).toBe(true);
  });
});
