/**
 * Loads the booking chart only when the guest starts booking (or has a booking to resume), so the
 * first page stays light; once loaded it stays, to give a held table up when the guest leaves the flow.
 */
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { DelayedIndicator } from '../components/page-loader';
import { BOOKING_PATHS, BOOKING_SNAPSHOT_KEY, WAITLIST_OFFER_PATH } from './booking-paths';

const BookingProvider = lazy(() => import('./booking-provider').then((m) => ({ default: m.BookingProvider })));

export function BookingBoundary({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const needed = useRef(false);
  if (BOOKING_PATHS.has(path) || path === WAITLIST_OFFER_PATH || sessionStorage.getItem(BOOKING_SNAPSHOT_KEY) !== null) needed.current = true;
  if (!needed.current) return <>{children}</>;
  return (
    <Suspense fallback={<DelayedIndicator />}>
      <BookingProvider>{children}</BookingProvider>
    </Suspense>
  );
}
