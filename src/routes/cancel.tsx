/**
 * Cancelling a reservation (`?id=`). The consequence, worked out from the venue's policy, is stated
 * before the guest confirms: free (any deposit or prepayment refunded in full) outside the venue's
 * cancellation window, a late cancellation fee inside it. The server's answer gives the new status.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { serverClock } from '../api/server-clock';
import { FormMessage } from '../components/form';
import { OutcomeMessage } from '../components/outcome-message';
import { Page } from '../components/page';
import { StatusLabel } from '../components/status-label';
import { CancelConfirmation } from '../manage/cancellation-consequence';
import { ReservationDetails } from '../manage/reservation-details';
import { BackToList, loadedReservation, ReservationPending } from '../manage/reservation-states';
import { useManageReservation } from '../manage/use-manage-reservation';
import type { PageProps } from '../navigation/routes';
import { href } from '../navigation/navigator';

export default function CancelPage({ query }: PageProps) {
  const { t } = useLingui();
  const id = query.id?.trim();
  if (!id) {
    return (
      <Page title={t`Cancel reservation`}>
        <FormMessage error={t`Reservation not found`} />
        <BackToList />
      </Page>
    );
  }
  return <CancelReservation key={id} id={id} />;
}

function CancelReservation({ id }: { id: string }) {
  const { t } = useLingui();
  const manage = useManageReservation(id, 'cancel');
  const [snapshot] = manage;
  const reservation = loadedReservation(snapshot);
  const now = serverClock.now();
  const title = t`Cancel reservation`;
  if (!reservation) return <ReservationPending title={title} manage={manage} />;
  if (snapshot.matches('canceled')) {
    return (
      <Page title={title}>
        <OutcomeMessage text={t`Your reservation has been canceled.`} />
        <p>
          <Trans>
            New status: <StatusLabel status={reservation.status} />
          </Trans>
        </p>
        <ReservationDetails reservation={reservation} now={now} />
        <BackToList />
      </Page>
    );
  }
  if (snapshot.matches('viewing')) {
    // Opened for a reservation that is not (or no longer) upcoming and confirmed.
    return (
      <Page title={title}>
        <FormMessage error={t`Only an upcoming confirmed reservation can be canceled.`} />
        <ReservationDetails reservation={reservation} now={now} />
        <BackToList />
      </Page>
    );
  }

  return (
    <Page title={title}>
      <ReservationDetails reservation={reservation} now={now} />
      <CancelConfirmation
        manage={manage}
        reservation={reservation}
        now={now}
        keep={
          <a className="button" href={href('order', { id: reservation._id })}>
            <Trans>Keep my reservation</Trans>
          </a>
        }
      />
    </Page>
  );
}
