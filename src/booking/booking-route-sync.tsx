/**
 * The address follows the booking chart: a new step navigates to its page; a typed address, back or
 * forward on a booking page becomes `route.visit`, which the chart may refuse (then the address goes
 * back to the chart's step). Leaving the flow while a table is held gives the table up.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { routeOf } from '../../machines/route-of';
import { LOGIN_PAGE_PATH } from '../../machines/booking-pages';
import { currentHashPath, navigateHash } from '../navigation/hash-location';
import { pageAddress } from '../navigation/navigator';
import { BookingContext } from './booking-context';
import { BOOKING_PATHS } from './booking-paths';
import { subscribeDeep } from './use-guest-identity';

export function BookingRouteSync() {
  const booking = BookingContext.useActorRef();
  const [path] = useLocation();
  // While the chart answers a visit, the address is the visit's to settle (below), not a move to follow.
  const visiting = useRef(false);

  // The chart moved: show its step, if the guest is in the flow. Every move is heard as it happens, not
  // once a render compares: two moves in a row (a visit the chart took, then a start from `?domain=`
  // that undid it) would look like none and leave the address on a step the chart is not at.
  useEffect(() => {
    let last = routeOf(booking.getSnapshot());
    return subscribeDeep(booking, () => {
      const route = routeOf(booking.getSnapshot());
      if (route === last) return;
      last = route;
      if (visiting.current) return;
      const at = currentHashPath();
      if (!route || route === at) return;
      if (route === LOGIN_PAGE_PATH) navigateHash(pageAddress('login', { redirect: at }));
      else if (BOOKING_PATHS.has(at) || at === LOGIN_PAGE_PATH || at === '/pages/book-now') navigateHash(route);
    });
  }, [booking]);

  // The address moved: ask the chart, or give the hold up when the guest left the flow.
  useEffect(() => {
    const snapshot = booking.getSnapshot();
    const current = routeOf(snapshot);
    if (BOOKING_PATHS.has(path)) {
      // A step without a page of its own (a hold being made or given up) still hears the visit.
      if (current === path || snapshot.matches('idle') || current === '/pages/login') return;
      visiting.current = true;
      booking.send({ type: 'route.visit', route: path });
      visiting.current = false;
      const after = routeOf(booking.getSnapshot());
      if (after && after !== path && after !== '/pages/login') navigateHash(after, { replace: true });
    } else if (snapshot.matches('holding') && path !== '/pages/login') {
      booking.send({ type: 'booking.exit' });
    }
  }, [path, booking]);

  return null;
}
