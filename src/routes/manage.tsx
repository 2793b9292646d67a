/**
 * A reservation opened by the manage link of its mails (`?token=`), without logging in: view it, add it
 * to the calendar, change or cancel it under the venue's policy, and confirm attendance. `action=confirm`
 * (the reminder's one-tap link) reconfirms on opening; `action=cancel` opens the cancellation's
 * confirmation; `action=pay` (a phone booking's pay link, decision 0036) opens the payment of what it owes.
 * The manage chart runs it, the token standing in for the session; an old link of a
 * changed reservation, an expired or a forged one says so and offers nothing to do.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { Reservation } from '../../machines/manage.machine';
import { serverClock } from '../api/server-clock';
import { FormMessage } from '../components/form';
import { OutcomeMessage } from '../components/outcome-message';
import { Page } from '../components/page';
import { LoadFailure } from '../components/read-status';
import { StatusLabel } from '../components/status-label';
import { effectiveStatus } from '../../common/reservation-grouping';
import { AddToCalendar } from '../manage/add-to-calendar';
import { AtTheDoor } from '../manage/at-the-door';
import { CancelConfirmation } from '../manage/cancellation-consequence';
import { ChangeForm } from '../manage/change-form';
import { reconfirmThroughLink, type LinkHolder } from '../manage/link-actors';
import { useManageText } from '../i18n/manage-text';
import { useManageProblemText } from '../manage/manage-problem-text';
import { ReservationDetails } from '../manage/reservation-details';
import { PayFee, payLinkOpen, PayOwed } from '../manage/pay-owed';
import { SaveCardByLink } from '../manage/save-card-by-link';
import { loadedReservation, LoadingReservation } from '../manage/reservation-states';
import { useManageLink } from '../manage/use-manage-reservation';
import { currentHashSearch } from '../navigation/hash-location';
import { redirectTo } from '../navigation/navigator';
import type { PageProps } from '../navigation/routes';

const currentToken = () => new URLSearchParams(currentHashSearch()).get('token');

type Manage = ReturnType<typeof useManageLink>;

export default function ManagePage({ query }: PageProps) {
  const { t } = useLingui();
  const token = query.token?.trim();
  if (!token) {
    return (
      <Page title={t`Your reservation`}>
        <FormMessage error={t`This link is not valid. Please open the link in your most recent e-mail about the reservation.`} />
      </Page>
    );
  }
  return <ManageByToken token={token} action={query.action} />;
}

/**
 * A new link is a new chart, nothing of the last reservation carried over; but the token this page moved
 * on to after a change (and put in the address) is the same reservation, shown on.
 */
function ManageByToken({ token, action }: { token: string; action?: string }) {
  const opened = useRef<{ holder: LinkHolder; key: number } | null>(null);
  if (!opened.current || opened.current.holder.token !== token) {
    opened.current = { holder: { token, last: null }, key: (opened.current?.key ?? 0) + 1 };
  }
  const { holder, key } = opened.current;
  return <ManageByLink key={key} holder={holder} action={action} />;
}

function ManageByLink({ holder, action }: { holder: LinkHolder; action?: string }) {
  const { t } = useLingui();
  const manage = useManageLink(holder, action === 'cancel' ? 'cancel' : 'view');
  const [snapshot] = manage;
  const reservation = loadedReservation(snapshot);
  const title = t`Your reservation`;
  if (!reservation) return <LinkPending title={title} manage={manage} holder={holder} />;
  if (snapshot.matches('cancelling')) return <CancelStep title={title} manage={manage} reservation={reservation} />;
  return <ManageView title={title} manage={manage} holder={holder} reservation={reservation} confirmOnOpen={action === 'confirm'} payOnOpen={action === 'pay'} />;
}

/** Loading, or why the link opens nothing: changed since (the newer mail has the link), expired, not ours. */
function LinkPending({ title, manage: [snapshot, send], holder }: { title: string; manage: Manage; holder: LinkHolder }) {
  const { t } = useLingui();
  const problemText = useManageProblemText();
  const { problem } = snapshot.context;
  if (snapshot.matches('idle') || snapshot.matches('loading')) return <LoadingReservation title={title} />;
  const changed = holder.last?.link === 'changed' ? holder.last : null;
  if (problem?.kind === 'load' && changed) {
    const { reference } = changed;
    const venue = changed.venue.name;
    return (
      <Page title={title}>
        <FormMessage error={t`This reservation has been changed since this e-mail was sent.`} />
        <p>
          <Trans>
            Your reservation {reference} at {venue} now stands as described in the newest e-mail we sent you about it: please open
            the link in that e-mail. If you have an account, you will also find it under My reservations after logging in.
          </Trans>
        </p>
      </Page>
    );
  }
  // A forged or cut-short token (404) and an expired one (410) have nothing to retry.
  const final = problem?.kind === 'load' && (problem.status === 404 || problem.status === 410 || problem.status === 400);
  return (
    <Page title={title}>
      {final ? (
        <FormMessage error={problemText(problem) ?? null} />
      ) : (
        <LoadFailure message={problemText(problem)} retry={() => send({ type: 'reservation.retry' })} />
      )}
    </Page>
  );
}

function ManageView({
  title,
  manage: [snapshot, send],
  holder,
  reservation: loaded,
  confirmOnOpen,
  payOnOpen,
}: {
  title: string;
  manage: Manage;
  holder: LinkHolder;
  reservation: Reservation;
  confirmOnOpen: boolean;
  payOnOpen: boolean;
}) {
  const { t } = useLingui();
  const text = useManageText();
  const now = serverClock.now();
  const reconfirm = useReconfirmation(holder, loaded, confirmOnOpen && snapshot.can({ type: 'change.start' }));
  // Read again once the pay link's payment is in: the booking as the server now has it, owing nothing.
  const [paid, setPaid] = useState<Reservation | null>(null);
  // Or, for a guaranteed phone booking, once its card is saved (nothing charged).
  const [cardSaved, setCardSaved] = useState<Reservation | null>(null);
  // A fee the card on file did not pay, paid here by the guest (decision 0035): read again once it is in.
  const [feePaid, setFeePaid] = useState<Reservation | null>(null);
  const feeDue = feePaid ? null : holder.last?.feeDue;
  const reservation = paid ?? cardSaved ?? feePaid ?? reconfirm.reservation ?? loaded;
  const payLink = holder.last?.payLink;
  const canceled = reservation.status === 'CANCELED' || reservation.status === 'LATE_CANCELED';
  const manageable = snapshot.can({ type: 'change.start' });
  // Upcoming and confirmed: worth a place in the calendar (a past one shows as expired).
  const confirmed = effectiveStatus(reservation, now) === 'CONFIRMED';

  useEffect(() => {
    // The address keeps the newest version's token, so a reload after a change still opens the reservation.
    if (holder.token !== currentToken()) redirectTo('manage', { token: holder.token });
  });

  return (
    <Page title={title}>
      {snapshot.matches('canceled') && <OutcomeMessage text={t`Your reservation has been canceled.`} />}
      {!snapshot.matches('canceled') && canceled && <FormMessage error={t`This reservation has been canceled.`} />}
      {snapshot.matches({ viewing: 'changed' }) && <OutcomeMessage text={t`Your reservation has been changed.`} />}
      {reconfirm.done && <FormMessage success={t`Thank you: we have noted that you are coming.`} />}
      {reconfirm.error && <FormMessage error={text(reconfirm.error) ?? null} />}
      {snapshot.matches('canceled') && (
        <p>
          <Trans>
            New status: <StatusLabel status={reservation.status} />
          </Trans>
        </p>
      )}
      {paid && <OutcomeMessage text={t`Thank you: your payment is received and your table is secured.`} />}
      {cardSaved && <OutcomeMessage text={t`Thank you: your card is saved and your table is held. Nothing was charged.`} />}
      {feePaid && <OutcomeMessage text={t`Thank you: the fee is paid. Nothing more is due.`} />}
      {feeDue ? <PayFee holder={holder} amount={feeDue} startOpen={payOnOpen} onPaid={setFeePaid} /> : null}
      {/* The pay link opened once it is paid (through it, or at the venue): it says so rather than showing nothing. */}
      {!paid && payOnOpen && payLink?.status === 'PAID' && reservation.payment.owed === 0 && !canceled && (
        <FormMessage success={t`Nothing is due: your reservation is paid.`} />
      )}
      {!paid && !cardSaved && !snapshot.matches('changing') && payLinkOpen(payLink, reservation, now) &&
        (payLink.asks === 'GUARANTEE' ? (
          <SaveCardByLink holder={holder} link={payLink} reservation={reservation} onSaved={setCardSaved} />
        ) : (
          <PayOwed holder={holder} link={payLink} reservation={reservation} startOpen={payOnOpen} onPaid={setPaid} />
        ))}
      <ReservationDetails reservation={reservation} now={now} />
      <AtTheDoor reservation={reservation} now={now} />
      {confirmed && (
        <div className="actions">
          <AddToCalendar reservationId={reservation._id} reference={reservation.uniqueId} token={holder.token} />
        </div>
      )}
      {snapshot.matches('changing') ? (
        <ChangeForm snapshot={snapshot} send={send} />
      ) : (
        manageable && (
          <div className="actions">
            {!reservation.reconfirmedAt && (
              <button type="button" className="button button--primary" disabled={reconfirm.busy} onClick={reconfirm.run}>
                <Trans>Confirm I am coming</Trans>
              </button>
            )}
            <button type="button" className="button" onClick={() => send({ type: 'change.start' })}>
              <Trans>Change</Trans>
            </button>
            <button type="button" className="button" onClick={() => send({ type: 'cancel.start' })}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        )
      )}
    </Page>
  );
}

/** The reconfirmation call: run at once when the link asked (`auto`), or from the button. */
function useReconfirmation(holder: LinkHolder, loaded: Reservation, auto: boolean) {
  const [state, setState] = useState<{ busy: boolean; done: boolean; error: string | null; reservation: Reservation | null }>({
    busy: false,
    done: false,
    error: null,
    reservation: null,
  });
  const run = () => {
    setState((s) => ({ ...s, busy: true, error: null }));
    reconfirmThroughLink(holder).then(
      (reservation) => setState({ busy: false, done: true, error: null, reservation }),
      (error: unknown) => setState((s) => ({ ...s, busy: false, error: error instanceof Error ? error.message : 'An error occurred!' })),
    );
  };
  const [asked] = useState(auto && !loaded.reconfirmedAt);
  useEffect(() => {
    if (asked) run();
    // Once, on opening: a later render must not confirm again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  // The reservation as shown: with the reconfirmation just recorded (a later change's answer carries it itself).
  const reservation = state.reservation && !loaded.reconfirmedAt ? { ...loaded, reconfirmedAt: state.reservation.reconfirmedAt } : null;
  return { ...state, reservation, run };
}

/** The cancellation's confirmation: the consequence under the venue's policy first, as on the cancel page. */
function CancelStep({ title, manage, reservation }: { title: string; manage: Manage; reservation: Reservation }) {
  const [snapshot, send] = manage;
  const now = serverClock.now();
  return (
    <Page title={title}>
      <ReservationDetails reservation={reservation} now={now} />
      <CancelConfirmation
        manage={manage}
        reservation={reservation}
        now={now}
        keep={
          <button type="button" className="button" disabled={snapshot.matches({ cancelling: 'submitting' })} onClick={() => send({ type: 'cancel.back' })}>
            <Trans>Keep my reservation</Trans>
          </button>
        }
      />
    </Page>
  );
}
