/**
 * What cancelling a reservation costs, worked out from the venue's policy before the guest confirms. The
 * server decides the real outcome (CANCELED or LATE_CANCELED) by the same rule when the call arrives, and
 * keeps the fee common/late-cancellation-fee.ts works out, as this does.
 */
import type { Reservation, Schemas } from '../../common/api/schemas';
import { feeBaseOf, lateCancellationFeeFor, lateCancellationRuleFor, type LateCancellationRule } from '../../common/late-cancellation-fee';
import { serviceDateTime } from '../../common/time';

type VenuePolicy = Schemas['VenuePolicy'];

export type CancellationTerms =
  | {
      kind: 'free';
      windowHours: number;
      /** The deposit or prepayment given back in full, minor units (0 when none was taken). */
      refund: number;
      /** From this instant on, cancelling is late. */
      lateFrom: Date;
    }
  | {
      kind: 'late';
      windowHours: number;
      /** The late cancellation fee, minor units: what the server keeps (never more than `paid`). */
      fee: number;
      rule: LateCancellationRule;
      /** What the booking has paid, minor units. */
      paid: number;
      /** A card guarantee: the fee is charged to the card saved for the booking (nothing was paid). */
      toSavedCard: boolean;
    };

/** What the terms read of a booking (the staff console passes what was actually paid as `amountDue`). */
export type CancellableBooking = Pick<Reservation, 'date' | 'startTime' | 'numberOfGuests'> & { payment: Pick<Reservation['payment'], 'amountDue' | 'prePaymentType'> };

/** The cancel-by time: from this instant on, cancelling is late (the policy's window before the start). */
export function lateFromOf(reservation: Pick<Reservation, 'date' | 'startTime'>, policy: Pick<VenuePolicy, 'cancellationWindowHours'>): Date {
  return new Date(serviceDateTime(reservation.date, reservation.startTime).getTime() - policy.cancellationWindowHours * 3_600_000);
}

export function cancellationTerms(reservation: CancellableBooking, policy: VenuePolicy, now: Date): CancellationTerms {
  const windowHours = policy.cancellationWindowHours;
  const lateFrom = lateFromOf(reservation, policy);
  const paid = reservation.payment.amountDue;
  if (now < lateFrom) return { kind: 'free', windowHours, refund: paid, lateFrom };
  const { numberOfGuests } = reservation;
  // A card guarantee's fee is taken from what the guest agreed its card may be charged, as the server does.
  const base = feeBaseOf({ prePaymentType: reservation.payment.prePaymentType, numberOfGuests }, policy, paid);
  const fee = lateCancellationFeeFor(policy, numberOfGuests, base);
  return { kind: 'late', windowHours, fee, rule: lateCancellationRuleFor(policy, numberOfGuests), paid, toSavedCard: base > paid && fee > paid };
}
