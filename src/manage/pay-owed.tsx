/**
 * A phone booking's pay link on the manage page (docs/PRODUCT.md §6, pay by link; decision 0036): what the
 * link asks for and until when, and the payment chart (the manage link's own, cards only) paying it. The
 * link's `action=pay` opens the payment at once. Once the server has the payment, the reservation is read
 * again and shown paid. A fee the card on file did not pay is paid here the same way (`PayFee`).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Reservation } from '../../machines/manage.machine';
import { paymentMachine } from '../../machines/payment.machine';
import type { Schemas } from '../../common/api/schemas';
import { FormMessage } from '../components/form';
import { Section } from '../components/section';
import { useFormats } from '../i18n/use-formats';
import { PaymentPanel } from '../payment/payment-panel';
import { linkPaymentActors, readThroughLink, type LinkHolder } from './link-actors';

type PayLink = Schemas['PayLink'];

/** The link still asks: open, not lapsed on the server's clock, and the booking still owes it (or, for a guarantee, no card is saved: the link closes then). */
export const payLinkOpen = (link: PayLink | null | undefined, reservation: Reservation, now: Date): link is PayLink =>
  Boolean(link && link.status === 'OPEN' && Date.parse(link.lapsesAt) > now.getTime() && (link.asks === 'GUARANTEE' || reservation.payment.owed > 0));

export function PayOwed({
  holder,
  link,
  reservation,
  startOpen,
  onPaid,
}: {
  holder: LinkHolder;
  link: PayLink;
  reservation: Reservation;
  startOpen: boolean;
  onPaid: (reservation: Reservation) => void;
}) {
  const { t } = useLingui();
  const format = useFormats();
  const [paying, setPaying] = useState(startOpen);
  const heading = useRef<HTMLHeadingElement>(null);
  const amount = format.money(reservation.payment.owed);
  const lapses = format.dateTime(link.lapsesAt);
  useEffect(() => {
    if (paying) heading.current?.focus();
  }, [paying]);
  return (
    <Section title={link.asks === 'DEPOSIT' ? t`Deposit to pay` : t`Prepayment to pay`} card>
      <p>
        <Trans>
          To secure your table, please pay {amount} by {lapses}.
        </Trans>
      </p>
      {paying ? (
        <>
          <h3 ref={heading} tabIndex={-1}>
            <Trans>Pay by card</Trans>
          </h3>
          <OwedPayment holder={holder} reservation={reservation} onPaid={onPaid} />
          <button type="button" className="button" onClick={() => setPaying(false)}>
            <Trans>Not now</Trans>
          </button>
        </>
      ) : (
        <div className="actions">
          <button type="button" className="button button--primary" onClick={() => setPaying(true)}>
            <Trans>Pay {amount} now</Trans>
          </button>
        </div>
      )}
    </Section>
  );
}

/**
 * A fee the guest's card on file did not pay (a no-show's, or a card guarantee's late cancellation; the bank
 * asked the cardholder to approve it): what it is, in words, and the payment chart paying it by card, with
 * the bank's 3-D Secure check when it asks (decision 0035). The mail's link (`action=pay`) opens it at once.
 */
export function PayFee({ holder, amount, startOpen, onPaid }: { holder: LinkHolder; amount: number; startOpen: boolean; onPaid: (reservation: Reservation) => void }) {
  const { t } = useLingui();
  const [paying, setPaying] = useState(startOpen);
  const fee = useFormats().money(amount);
  const reservation = holder.last?.reservation;
  if (!reservation) return null;
  return (
    <Section title={t`Fee to pay`} card>
      <p>
        <Trans>
          A fee of {fee} is due for this reservation under its terms, and your card on file was not charged. You can pay it here by card, approving it with your bank if it asks.
        </Trans>
      </p>
      {paying ? (
        <OwedPayment holder={holder} reservation={reservation} amount={amount} pays="fee" onPaid={onPaid} />
      ) : (
        <div className="actions">
          <button type="button" className="button button--primary" onClick={() => setPaying(true)}>
            <Trans>Pay {fee} now</Trans>
          </button>
        </div>
      )}
    </Section>
  );
}

/** The payment chart for what is owed (or a fee); when it is done, the reservation as the server now has it. */
function OwedPayment({
  holder,
  reservation,
  amount = reservation.payment.owed,
  pays = 'owed',
  onPaid,
}: {
  holder: LinkHolder;
  reservation: Reservation;
  amount?: number;
  pays?: 'owed' | 'fee';
  onPaid: (reservation: Reservation) => void;
}) {
  const { t } = useLingui();
  const logic = useMemo(() => paymentMachine.provide({ actors: linkPaymentActors(holder, pays) }), [holder, pays]);
  const [snapshot, , actor] = useMachine(logic, { input: { purpose: 'reservation', reservationId: reservation._id, amount } });
  const [failed, setFailed] = useState(false);
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (!done) return;
    readThroughLink(holder).then(onPaid, () => setFailed(true));
  }, [done, holder, onPaid]);
  if (failed) return <FormMessage error={t`Your payment is received, but the reservation could not be read again. Please reload the page.`} />;
  if (done) return <p role="status">{t`One moment…`}</p>;
  return <PaymentPanel actor={actor} />;
}
