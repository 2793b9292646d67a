/**
 * A no-show's card on the day sheet: where the charge of its fee to the card that paid the booking
 * stands (under way, refused with the processor's reason, waiting for the processor), and "Charge the card
 * again" for a fee still owed (POST /admin/reservation/{id}/no-show-fee/charge). It takes money, so it asks
 * first; the answer says what the processor did: charged, refused and why, or still owed.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { components } from '../../common/api/schema';
import { unwrap } from '../../common/api/api-error';
import { useFormats } from '../i18n/use-formats';
import type { SheetBooking } from './use-day-sheet';
import { staffApi } from './staff-api';
import { AskFirstButton, ConfirmStep, useBookChange, type VisitNotice } from './book-change';

type NoShowFee = NonNullable<SheetBooking['payment']['noShow']>;
type NoShowFeeCharge = components['schemas']['NoShowFeeCharge'];

/** The payment column's line on the card, while something is owed: null when there is nothing to say. */
export function useCardChargeLine() {
  const { t } = useLingui();
  const { dateTime } = useFormats();
  return ({ card, outstanding }: NoShowFee): string | null => {
    if (!card || outstanding === 0 || card.status === 'CHARGED') return null;
    if (card.underWay) return t`Charging the card…`;
    if (card.status === 'DECLINED') {
      const reason = card.reason ?? '';
      return t`Card refused: ${reason}`;
    }
    if (card.status === 'PENDING' && card.nextAttemptAt) {
      const when = dateTime(card.nextAttemptAt);
      return t`Card processor not reached: tried again at ${when}`;
    }
    return t`Card processor not reached: not tried again automatically`;
  };
}

/** What the processor did, for the host. */
function useChargeNotice() {
  const { t } = useLingui();
  const { money, dateTime } = useFormats();
  return (charge: NoShowFeeCharge, guaranteed: boolean): VisitNotice => {
    if (charge.result === 'CHARGED') {
      const charged = money(charge.amount);
      return { tone: 'ok', text: guaranteed ? t`Charged to the card saved for the guarantee: ${charged}.` : t`Charged to the card that paid: ${charged}.` };
    }
    const stillOwed = t`Still owed: ${money(charge.outstanding)}.`;
    if (charge.result === 'DECLINED') {
      const reason = charge.reason ?? '';
      return { tone: 'error', text: `${t`The card was refused: ${reason}`} ${stillOwed}` };
    }
    const when = charge.nextAttemptAt ? dateTime(charge.nextAttemptAt) : null;
    const next = when ? t`It is tried again automatically at ${when}.` : t`It is not tried again automatically.`;
    return { tone: 'error', text: `${t`The card processor could not be reached.`} ${stillOwed} ${next}` };
  };
}

export function ChargeCardAgain({ booking, onDone }: { booking: SheetBooking; onDone(notice: VisitNotice): void }) {
  const { t } = useLingui();
  const { money } = useFormats();
  const chargeNotice = useChargeNotice();
  const [asking, setAsking] = useState(false);
  const change = useBookChange(onDone, () => setAsking(false));
  const fee = booking.payment.noShow;
  if (!fee?.canChargeCard) return null;
  const label = t`Charge the card again`;
  const guestName = booking.guestName;
  const owed = money(fee.outstanding);
  // A guarantee's booking was paid by no card: its fee goes to the card saved for the guarantee.
  const guaranteed = booking.payment.type === 'GUARANTEE';

  const send = () =>
    change.send(async () => {
      const { data } = await unwrap(staffApi.POST('/admin/reservation/{id}/no-show-fee/charge', { params: { path: { id: booking.id } } }));
      return chargeNotice(data, guaranteed);
    });

  if (asking) {
    return (
      <ConfirmStep label={label} confirmLabel={t`Confirm charge`} sending={change.sending} onConfirm={() => void send()} onBack={() => setAsking(false)}>
        {guaranteed ? (
          <Trans>Charge the {owed} still owed to the card saved for the guarantee of {guestName}'s booking?</Trans>
        ) : (
          <Trans>Charge the {owed} still owed to the card that paid {guestName}'s booking?</Trans>
        )}
      </ConfirmStep>
    );
  }
  return <AskFirstButton label={label} who={guestName} onAsk={() => setAsking(true)} />;
}
