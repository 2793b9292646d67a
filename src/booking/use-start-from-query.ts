/** A wizard page opened with `?domain=` starts (or restarts) the booking at that venue. */
import { useEffect } from 'react';
import { BookingContext } from './booking-context';

export function useStartFromQuery(domain: string | undefined): void {
  const booking = BookingContext.useActorRef();
  useEffect(() => {
    if (!domain) return;
    const snapshot = booking.getSnapshot();
    // Same venue mid-booking: carry on where the guest is.
    if (snapshot.context.domain === domain && !snapshot.matches('idle') && !snapshot.matches('completed')) return;
    booking.send({ type: 'booking.start', domain });
  }, [booking, domain]);
}
