/**
 * What the order and cancel pages share around one reservation: the page until the manage chart has it
 * (loading, or why not), and the way back to the list.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Reservation } from '../../machines/manage.machine';
import { FormMessage } from '../components/form';
import { Page } from '../components/page';
import { PageLink } from '../components/page-link';
import { Loading, LoadFailure } from '../components/read-status';
import { useManageProblemText } from './manage-problem-text';
import type { useManageReservation } from './use-manage-reservation';

type Manage = ReturnType<typeof useManageReservation>;

export function BackToList() {
  return (
    <p>
      <PageLink to="order">
        <Trans>Back to my reservations</Trans>
      </PageLink>
    </p>
  );
}

/** The reservation once the chart has read it; null while it loads or after the read failed. */
export function loadedReservation(snapshot: Manage[0]): Reservation | null {
  const waiting = snapshot.matches('idle') || snapshot.matches('loading') || snapshot.matches('failed');
  return waiting ? null : snapshot.context.reservation;
}

/** The page while the manage chart loads the reservation (by id, or by a mailed link's token). */
export function LoadingReservation({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Loading>
        <Trans>Loading your reservation…</Trans>
      </Loading>
    </Page>
  );
}

/** The page while `loadedReservation` is null: a loading line, or the failure (a retry unless the id is unknown). */
export function ReservationPending({ title, manage: [snapshot, send] }: { title: string; manage: Manage }) {
  const { t } = useLingui();
  const problemText = useManageProblemText();
  const { problem } = snapshot.context;
  if (snapshot.matches('idle') || snapshot.matches('loading')) return <LoadingReservation title={title} />;
  // A malformed id (400) and an unknown one (404) are the same thing to the reader: nothing to retry.
  const missing = problem?.kind === 'load' && (problem.status === 404 || problem.status === 400);
  return (
    <Page title={title}>
      {missing ? (
        <FormMessage error={t`Reservation not found`} />
      ) : (
        <LoadFailure message={problemText(problem)} retry={() => send({ type: 'reservation.retry' })} />
      )}
      <BackToList />
    </Page>
  );
}
