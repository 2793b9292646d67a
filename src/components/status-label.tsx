/** A reservation's status in words (docs/PRODUCT.md §4's labels), in the user's language. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { effectiveStatus, type GroupableReservation, type ReservationStatus } from '../../common/reservation-grouping';

/** docs/PRODUCT.md §4's payment label: a held reservation whose deposit or prepayment is still to be paid. */
export const AWAITING_PAYMENT = 'AWAITING_PAYMENT';

const LABELS: Record<ReservationStatus | typeof AWAITING_PAYMENT, MessageDescriptor> = {
  AWAITING_PAYMENT: msg`Awaiting Payment`,
  PENDING: msg`Pending`,
  CONFIRMED: msg`Confirmed`,
  EXPIRED: msg`Expired`,
  CANCELED: msg`Canceled`,
  LATE_CANCELED: msg`Canceled Late`,
  NO_SHOW: msg`No Show`,
};

/**
 * The status to show at `now`: `effectiveStatus` (a finished CONFIRMED one reads Expired), with a held
 * reservation that has a deposit or prepayment due reading 'Awaiting Payment' rather than 'Pending'.
 */
export function shownStatus(
  reservation: GroupableReservation & { payment: { prePaymentType: string; amountDue: number } },
  now: Date,
): string {
  const status = effectiveStatus(reservation, now);
  const due = reservation.payment.prePaymentType !== 'NONE' && reservation.payment.amountDue > 0;
  return status === 'PENDING' && due ? AWAITING_PAYMENT : status;
}

/** The label of a status; an unknown one (a newer server) shows as sent rather than not at all. */
export function useStatusText(): (status: string) => string {
  const { i18n } = useLingui();
  return (status) => {
    const label = LABELS[status as keyof typeof LABELS];
    return label ? i18n._(label) : status;
  };
}

/** Pass the status to show, e.g. `shownStatus(reservation, now)`. */
export function StatusLabel({ status }: { status: string }) {
  const text = useStatusText();
  return (
    <strong className="status-label" data-status={status}>
      {text(status)}
    </strong>
  );
}
