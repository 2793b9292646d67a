/**
 * A booking's reconfirmation on the day sheet (docs/PRODUCT.md §4, no-shows), in the host stand's words
 * (reconfirmation-words.ts). Nothing while the guest has not been asked, nor for an ask the booking has
 * outlived (no longer confirmed) without an answer.
 */
import type { Schemas } from '../../../common/api/schemas';
import { useReconfirmationState } from './reconfirmation-words';

type Booking = Pick<Schemas['DaySheetBooking'], 'status' | 'reconfirmAskedAt' | 'reconfirmedAt' | 'reconfirmedVia'>;

export function ReconfirmationLine({ booking, date }: { booking: Booking; date: string }) {
  const { state } = useReconfirmationState();
  const asked = booking.reconfirmAskedAt && booking.status === 'CONFIRMED';
  if (!booking.reconfirmedAt && !asked) return null;
  const facts = { askedAt: booking.reconfirmAskedAt, reconfirmedAt: booking.reconfirmedAt, via: booking.reconfirmedVia };
  return <div className="muted">{state(facts, date)}</div>;
}
