/** What the booking so far asks for, as a waitlist request: venue, experience, day and party (null before a search). */
import { BookingContext } from '../booking/booking-context';
import type { WaitlistRequest } from './join-waitlist';

export function useWaitlistRequest(): WaitlistRequest | null {
  return BookingContext.useSelector(
    ({ context: { venue, draft } }) =>
      venue && draft.experienceId && draft.date
        ? { venueId: venue._id, experienceId: draft.experienceId, date: draft.date, numberOfGuests: draft.numberOfGuests }
        : null,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
}
