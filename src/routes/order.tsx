/**
 * The guest's reservations. Without `id`: the list grouped as SPEC §4 says (upcoming, waitlist, past).
 * With `?id=`: one reservation, driven by the manage chart, with an inline form to change an upcoming
 * confirmed one and the way to cancel it (the cancel page).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { api } from '../api/api';
import { unwrap } from '../api/api-error';
import { useApiQuery } from '../api/use-api-query';
import { FormMessage } from '../components/form';
import { GroupList } from '../components/group-list';
import { Page } from '../components/page';
import { ReadStatus } from '../components/read-status';
import { ReservationCard } from '../components/reservation-card';
import { Section } from '../components/section';
import { effectiveStatus, groupReservations } from '../domain/reservation-grouping';
import { serverClock } from '../api/server-clock';
import { useManageFailureText } from '../manage/manage-text';
import { reservationsKey } from '../api/query-keys';
import { AddToCalendar } from '../manage/add-to-calendar';
import { ChangeForm } from '../manage/change-form';
import { ReservationDetails } from '../manage/reservation-details';
import { BackToList, loadedReservation, ReservationPending } from '../manage/reservation-states';
import { useManageReservation } from '../manage/use-manage-reservation';
import type { PageProps } from '../navigation/routes';
import { WaitlistEntries } from '../waitlist/waitlist-entries';
import { pageAddress } from '../navigation/navigator';
import { useSessionUser } from '../session/session-provider';

export default function OrderPage({ query }: PageProps) {
  const id = query.id?.trim();
  // A new id is a new chart: nothing of the last reservation carries over.
  return id ? <OrderDetail key={id} id={id} /> : <OrderList />;
}

function OrderList() {
  const { t } = useLingui();
  const failure = useManageFailureText();
  const userId = useSessionUser()?._id ?? '';
  const list = useApiQuery(reservationsKey(userId), () => unwrap(api.GET('/user/reservation')).then((body) => body.data));
  // One "now" per answer, so every card and group agrees on what has passed.
  const now = useMemo(() => serverClock.now(), [list.status]);
  const groups = list.status === 'ready' ? groupReservations(list.data, now) : null;

  return (
    <Page title={t`My reservations`}>
      <ReadStatus read={list} loading={<Trans>Loading your reservations…</Trans>} failureText={failure} />
      {groups && (
        <>
          <Section title={t`Upcoming`}>
            <ReservationList reservations={groups.upcoming} now={now} />
          </Section>
          <Section title={t`Waitlist`}>
            {/* SPEC §4 said this group is never filled; issue 13 fills it with the guest's waitlist entries. */}
            <WaitlistEntries />
          </Section>
          <Section title={t`Past`}>
            <ReservationList reservations={groups.past} now={now} />
          </Section>
        </>
      )}
      <div className="actions">
        <a className="button button--primary" href={`#${pageAddress('book-now')}`}>
          <Trans>Book a table</Trans>
        </a>
      </div>
    </Page>
  );
}

function ReservationList({ reservations, now }: { reservations: Parameters<typeof ReservationCard>[0]['reservation'][]; now: Date }) {
  return (
    <GroupList>
      {reservations.map((reservation) => (
        <ReservationCard key={reservation._id} reservation={reservation} now={now} />
      ))}
    </GroupList>
  );
}

function OrderDetail({ id }: { id: string }) {
  const { t } = useLingui();
  const manage = useManageReservation(id, 'view');
  const [snapshot, send] = manage;
  const reservation = loadedReservation(snapshot);
  const now = serverClock.now();
  const title = t`Your reservation`;
  if (!reservation) return <ReservationPending title={title} manage={manage} />;

  const manageable = snapshot.can({ type: 'change.start' });
  // Upcoming and confirmed: worth a place in the calendar (a past one shows as expired).
  const confirmed = effectiveStatus(reservation, now) === 'CONFIRMED';
  return (
    <Page title={title}>
      {snapshot.matches({ viewing: 'changed' }) && <FormMessage success={t`Your reservation has been changed.`} />}
      <ReservationDetails reservation={reservation} now={now} />
      {confirmed && (
        <div className="actions">
          <AddToCalendar reservationId={reservation._id} reference={reservation.uniqueId} />
        </div>
      )}
      {snapshot.matches('changing') ? (
        <ChangeForm snapshot={snapshot} send={send} />
      ) : (
        manageable && (
          <div className="actions">
            <button type="button" className="button button--primary" onClick={() => send({ type: 'change.start' })}>
              <Trans>Change</Trans>
            </button>
            <a className="button" href={`#${pageAddress('cancel', { id: reservation._id })}`}>
              <Trans>Cancel</Trans>
            </a>
          </div>
        )
      )}
      <BackToList />
    </Page>
  );
}
