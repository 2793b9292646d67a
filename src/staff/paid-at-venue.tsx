/**
 * "Paid at the venue" on the day sheet: a booking that owes part of its deposit or prepayment (a phone
 * booking, a difference a staff change left) is settled at the host stand, and staff record it
 * (POST /admin/reservation/{id}/paid-at-venue, audited). It records money, so it asks first.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../common/api/api-error';
import { useFormats } from '../i18n/use-formats';
import type { SheetBooking } from './use-day-sheet';
import { staffApi } from './staff-api';
import { AskFirstButton, ConfirmStep, useBookChange, type VisitNotice } from './book-change';

export function PaidAtVenue({ booking, onDone }: { booking: SheetBooking; onDone(notice: VisitNotice): void }) {
  const { t } = useLingui();
  const { money } = useFormats();
  const [asking, setAsking] = useState(false);
  const change = useBookChange(onDone, () => setAsking(false));
  if (booking.payment.owed <= 0 || !['CONFIRMED', 'NO_SHOW'].includes(booking.status)) return null;
  const label = t`Paid at the venue`;
  const guestName = booking.guestName;
  const owed = money(booking.payment.owed);

  const send = () =>
    change.send(async () => {
      await unwrap(staffApi.POST('/admin/reservation/{id}/paid-at-venue', { params: { path: { id: booking.id } } }));
      return { tone: 'ok', text: t`Recorded as paid at the venue: ${owed}.` };
    });

  if (asking) {
    return (
      <ConfirmStep label={label} confirmLabel={t`Confirm payment`} sending={change.sending} onConfirm={() => void send()} onBack={() => setAsking(false)}>
        <Trans>Record the {owed} {guestName} owes as paid at the venue?</Trans>
      </ConfirmStep>
    );
  }
  return <AskFirstButton label={label} who={guestName} onAsk={() => setAsking(true)} />;
}
