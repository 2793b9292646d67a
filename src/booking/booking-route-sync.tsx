/**
 * The address follows the booking chart: a new step navigates to its page; a typed address, back or
 * forward on a booking page becomes `route.visit`, which the chart may refuse (then the address goes
 * back to the chart's step). Leaving the flow while a table is held gives the table up.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { routeOf } from '../../machines/route-of';
import { navigateHash } from '../navigation/hash-location';
import { pageAddress } from '../navigation/navigator';
import { BookingContext } from './booking-context';
import { BOOKING_PATHS } from './booking-paths';
import { useBookingRoute } from './use-guest-identity';

export function BookingRouteSync() {
  const booking = BookingContext.useActorRef();
  const route = useBookingRoute();
  const [path] = useLocation();
  const lastRoute = useRef(route);

  // The chart moved: show its step, if the guest is in the flow.
  useEffect(() => {
    const moved = lastRoute.current !== route;
    lastRoute.current = route;
    if (!moved || !route || route === path) return;
    if (route === '/pages/login') {
      navigateHash(pageAddress('login', { redirect: path }));
      return;
    }
    if (BOOKING_PATHS.has(path) || path === '/pages/login' || path === '/pages/book-now') navigateHash(route);
  }, [route, path]);

  // The address moved: ask the chart, or give the hold up when the guest left the flow.
  useEffect(() => {
    const snapshot = booking.getSnapshot();
    const current = routeOf(snapshot);
    if (BOOKING_PATHS.has(path)) {
      if (current === path || current === undefined || current === '/pages/login') return;
      booking.send({ type: 'route.visit', route: path });
      const after = routeOf(booking.getSnapshot());
      if (after && after !== path && after !== '/pages/login') navigateHash(after, { replace: true });
    } else if (snapshot.matches('holding') && path !== '/pages/login') {
      booking.send({ type: 'booking.exit' });
    }
  }, [path, booking]);

  return null;
}
