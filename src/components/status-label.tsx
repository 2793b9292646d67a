/** A reservation's status in words (SPEC §4's labels), in the user's language. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReservationStatus } from '../domain/reservation-grouping';

const LABELS: Record<ReservationStatus, MessageDescriptor> = {
  PENDING: msg`Pending`,
  CONFIRMED: msg`Confirmed`,
  EXPIRED: msg`Expired`,
  CANCELED: msg`Canceled`,
  LATE_CANCELED: msg`Canceled Late`,
  NO_SHOW: msg`No Show`,
};

/** The label of a status; an unknown one (a newer server) shows as sent rather than not at all. */
export function useStatusText(): (status: string) => string {
  const { i18n } = useLingui();
  return (status) => {
    const label = LABELS[status as ReservationStatus];
    return label ? i18n._(label) : status;
  };
}

/** Pass the status to show, e.g. `effectiveStatus(reservation, now)` so a finished CONFIRMED one reads Expired. */
export function StatusLabel({ status }: { status: string }) {
  const text = useStatusText();
  return (
    <strong className="status-label" data-status={status}>
      {text(status)}
    </strong>
  );
}
