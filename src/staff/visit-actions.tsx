/**
 * The host stand's buttons on one booking: only the changes the visit chart allows it now
 * (machines/visit.machine.ts `allowedVisitActions`), each through PUT /admin/reservation/{id}/visit. A
 * no-show and a cancellation for the guest first say what will happen (the policy's fee; the refund the
 * cancellation policy allows) and ask to confirm; the outcome comes from the server's answer.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  allowedVisitActions,
  ARRIVAL_LEAD_MINUTES,
  refusedVisitActions,
  type VisitContext,
  type VisitRefusal,
} from '../../machines/visit.machine';
import type { components } from '../../common/api/schema';
import { unwrap } from '../../common/api/api-error';
import { serverClock } from '../api/server-clock';
import type { VisitAction } from '../../common/validation/staff-validation';
import { useFormats } from '../i18n/use-formats';
import { cancellationTerms } from '../manage/cancellation-terms';
import type { SheetBooking } from './use-day-sheet';
import { staffApi } from './staff-api';
import { ConfirmStep, useBookChange, type VisitNotice } from './book-change';

type VisitChange = components['schemas']['VisitChange'];
/** What the buttons read of a booking: the day sheet's and the host stand's both carry it (the stand no money but what is owed). */
type VisitBooking = Pick<SheetBooking, 'id' | 'guestName' | 'startTime' | 'numberOfGuests' | 'visitState' | 'startsAt' | 'serviceEndsAt' | 'tableTaken'> & {
  payment: Partial<Pick<SheetBooking['payment'], 'paid' | 'refunded' | 'type'>> & { owed: number };
};
type VenuePolicy = components['schemas']['VenuePolicy'];

/** Actions that change money or cannot be undone: asked again before they are sent. */
const CONFIRMED_FIRST: readonly VisitAction[] = ['no-show', 'cancel'];

function useActionLabel() {
  const { t } = useLingui();
  return (action: VisitAction): string =>
    ({
      arrive: t`Arrived`,
      'undo-arrival': t`Undo arrival`,
      seat: t`Seat`,
      finish: t`Finish`,
      'undo-finish': t`Undo finish`,
      'no-show': t`No-show`,
      'undo-no-show': t`Undo no-show`,
      cancel: t`Cancel for guest`,
    })[action];
}

/** The no-show policy's outcome, as the server reports it. */
function useNoShowOutcome() {
  const { t } = useLingui();
  const { money } = useFormats();
  // A guarantee's fee goes to the card saved for it (nothing paid the booking): staff read which card.
  return (outcome: NonNullable<VisitChange['noShow']>, guaranteed: boolean): string => {
    // A fee nothing can pay is not charged: staff are told so, not that it is owed (docs/PRODUCT.md §6).
    if (outcome.noCardOnFile && outcome.kept === 0) return t`No-show recorded. No card on file: fee not charged.`;
    const parts = [t`No-show recorded. Fee ${money(outcome.fee)}.`];
    if (outcome.kept > 0) parts.push(t`Kept from what was paid: ${money(outcome.kept)}.`);
    if (outcome.walletCharged > 0) parts.push(t`Charged to the member's wallet: ${money(outcome.walletCharged)}.`);
    if (outcome.cardCharged > 0) {
      const charged = money(outcome.cardCharged);
      parts.push(guaranteed ? t`Charged to the card saved for the guarantee: ${charged}.` : t`Charged to the card that paid: ${charged}.`);
    }
    if (outcome.outstanding > 0) parts.push(t`Still owed: ${money(outcome.outstanding)}.`);
    return parts.join(' ');
  };
}

function CancelTerms({ booking, date, policy }: { booking: VisitBooking; date: string; policy: VenuePolicy | null }) {
  const { money } = useFormats();
  if (!policy) return null;
  const paid = (booking.payment.paid ?? 0) - (booking.payment.refunded ?? 0);
  const terms = cancellationTerms(
    { date, startTime: booking.startTime, numberOfGuests: booking.numberOfGuests, payment: { amountDue: paid, prePaymentType: booking.payment.type ?? 'NONE' } },
    policy,
    serverClock.now(),
  );
  if (terms.kind === 'free') {
    return paid > 0 ? (
      <Trans>Inside the free cancellation window: {money(terms.refund)} is refunded in full.</Trans>
    ) : (
      <Trans>Inside the free cancellation window: nothing was paid, nothing is charged.</Trans>
    );
  }
  const hours = terms.windowHours;
  return (
    <>
      <Plural value={hours} one="Less than # hour before the booking:" other="Less than # hours before the booking:" />{' '}
      {terms.toSavedCard ? (
        <Trans>a late cancellation fee of {money(terms.fee)} is charged to the card saved for the booking.</Trans>
      ) : paid > 0 ? (
        <Trans>a late cancellation fee of {money(terms.fee)} applies; the rest of what was paid is refunded.</Trans>
      ) : (
        <Trans>nothing was paid, so no late cancellation fee is kept.</Trans>
      )}
    </>
  );
}

/** Why a button the booking's state has is missing now, in the host's words (one line per reason). */
function useRefusalLines() {
  const { t } = useLingui();
  const { dateTime } = useFormats();
  const hours = ARRIVAL_LEAD_MINUTES / 60;
  return (refused: Partial<Record<VisitAction, VisitRefusal>>): string[] => {
    const lines: string[] = [];
    const arrival = refused.arrive ?? refused.seat;
    if (arrival?.reason === 'tooEarly') lines.push(t`Arrival and seating open at ${dateTime(new Date(arrival.atMs))}, ${hours} hours before the booking.`);
    if (arrival?.reason === 'serviceOver') lines.push(t`The service is over: arrival and seating are no longer recorded.`);
    const undo = refused['undo-finish'];
    if (undo?.reason === 'tableTaken') lines.push(t`The finish cannot be undone: the table has been given to another party.`);
    if (undo?.reason === 'serviceOver') lines.push(t`The finish cannot be undone: the service is over.`);
    const noShow = refused['no-show'];
    if (noShow?.reason === 'beforeStart') lines.push(t`No-show from ${dateTime(new Date(noShow.atMs))}, the booked start.`);
    if (refused.cancel?.reason === 'afterStart') lines.push(t`Past the booked start: a no-show or a visit, no longer a cancellation.`);
    return lines;
  };
}

export function VisitActions({
  booking,
  date,
  policy,
  onDone,
}: {
  booking: VisitBooking;
  /** The sheet's service day. */
  date: string;
  /** The venue's policy, to state a cancellation's refund before it is confirmed. */
  policy: VenuePolicy | null;
  /** After a change, or a refusal: the words for the host; the sheet is read again either way. */
  onDone(notice: VisitNotice): void;
}) {
  const { t } = useLingui();
  const label = useActionLabel();
  const noShowOutcome = useNoShowOutcome();
  const { money } = useFormats();
  const refusalLines = useRefusalLines();
  const [asking, setAsking] = useState<VisitAction | null>(null);
  const change = useBookChange(onDone, () => setAsking(null));
  if (!booking.visitState) return null;
  const context: VisitContext = { startsAtMs: Date.parse(booking.startsAt), serviceEndsAtMs: Date.parse(booking.serviceEndsAt), tableTaken: booking.tableTaken };
  const nowMs = serverClock.now().getTime();
  const actions = allowedVisitActions(booking.visitState, context, nowMs);
  const why = refusalLines(refusedVisitActions(booking.visitState, context, nowMs));
  if (actions.length === 0 && why.length === 0) return null;

  const send = (action: VisitAction) =>
    change.send(async () => {
      const { data } = await unwrap(
        staffApi.PUT('/admin/reservation/{id}/visit', { params: { path: { id: booking.id } }, body: { action } }),
      );
      const text = data.noShow
        ? noShowOutcome(data.noShow, booking.payment.type === 'GUARANTEE')
        : action === 'cancel'
          ? t`Cancelled for the guest. Refunded: ${money(data.refunded ?? 0)}.`
          : action === 'undo-no-show'
            ? t`No-show undone for ${booking.guestName}. The fee it charged is refunded: ${money(data.refunded ?? 0)}.`
            : t`Recorded for ${booking.guestName}: ${label(action)}.`;
      return { tone: 'ok', text };
    });

  if (asking) {
    return (
      <ConfirmStep
        label={label(asking)}
        confirmLabel={asking === 'no-show' ? t`Confirm no-show` : t`Confirm cancellation`}
        sending={change.sending}
        onConfirm={() => void send(asking)}
        onBack={() => setAsking(null)}
      >
        {asking === 'no-show' && booking.payment.type === 'GUARANTEE' ? (
          <Trans>Mark {booking.guestName} as a no-show? The venue's no-show fee is charged to the card saved for the guarantee.</Trans>
        ) : asking === 'no-show' ? (
          <Trans>
            Mark {booking.guestName} as a no-show? What was paid is kept, and the rest of the venue's no-show fee is
            charged to the member's wallet or the card that paid.
          </Trans>
        ) : (
          <>
            <Trans>Cancel {booking.guestName}'s booking? The guest is told by e-mail.</Trans>{' '}
            <CancelTerms booking={booking} date={date} policy={policy} />
          </>
        )}
      </ConfirmStep>
    );
  }

  return (
    <div className="staff-actions">
      {why.map((line) => (
        <p key={line} className="muted">
          {line}
        </p>
      ))}
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className="button"
          disabled={change.sending}
          aria-label={`${label(action)}: ${booking.guestName}`}
          onClick={() => (CONFIRMED_FIRST.includes(action) ? setAsking(action) : void send(action))}
        >
          {label(action)}
        </button>
      ))}
    </div>
  );
}
