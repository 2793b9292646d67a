/**
 * The guest's reservations. Without `id`: the list grouped as docs/PRODUCT.md §4 says (upcoming, waitlist, past).
 * With `?id=`: one reservation, driven by the manage chart, with an inline form to change an upcoming
 * confirmed one and the way to cancel it (the cancel page).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import { fetchReservationList } from '../api/reservation-list';
import { useApiQuery } from '../api/use-api-query';
import { FormMessage } from '../components/form';
import { OutcomeMessage } from '../components/outcome-message';
import { GroupList } from '../components/group-list';
import { Page } from '../components/page';
import { ReadStatus } from '../components/read-status';
import { ReservationCard } from '../components/reservation-card';
import { Section } from '../components/section';
import { effectiveStatus, groupReservations } from '../../common/reservation-grouping';
import { isAbandonedHold, type HoldLike } from '../../common/abandoned-hold';
import { serverClock } from '../api/server-clock';
import { useManageFailureText } from '../i18n/manage-text';
import { reservationsKey } from '../api/query-keys';
import { AddToCalendar } from '../manage/add-to-calendar';
import { AtTheDoor } from '../manage/at-the-door';
import { ChangeForm } from '../manage/change-form';
import { ReservationDetails } from '../manage/reservation-details';
import { CardGuaranteeLine } from '../payment/card-guarantee-line';
import { BackToList, loadedReservation, ReservationPending } from '../manage/reservation-states';
import { useManageReservation } from '../manage/use-manage-reservation';
import type { PageProps } from '../navigation/routes';
import { WaitlistEntries } from '../waitlist/waitlist-entries';
import { href } from '../navigation/navigator';
import { useSessionUser } from '../session/session-provider';
import { useOlderReservations, type OlderReservations } from '../reservations/use-older-reservations';

export default function OrderPage({ query }: PageProps) {
  const id = query.id?.trim();
  // A new id is a new chart: nothing of the last reservation carries over.
  return id ? <OrderDetail key={id} id={id} /> : <OrderList />;
}

function OrderList() {
  const { t } = useLingui();
  const failure = useManageFailureText();
  const userId = useSessionUser()?._id ?? '';
  const list = useApiQuery(reservationsKey(userId), fetchReservationList);
  const older = useOlderReservations(list.status === 'ready' ? list.data : undefined);
  // One "now" per answer, so every card and group agrees on what has passed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const now = useMemo(() => serverClock.now(), [list.status]);
  const groups = list.status === 'ready' ? groupReservations(bookingsOnly([...list.data.data, ...older.data], now), now) : null;

  return (
    <Page title={t`My reservations`}>
      <ReadStatus read={list} loading={<Trans>Loading your reservations…</Trans>} failureText={failure} />
      {groups && (
        <>
          <Section title={t`Upcoming`}>
            <ReservationList reservations={groups.upcoming} now={now} />
          </Section>
          <Section title={t`Waitlist`}>
            {/* docs/PRODUCT.md §4 said this group is never filled; its "Added since" fills it with the guest's waitlist entries. */}
            <WaitlistEntries />
          </Section>
          <Section title={t`Past`}>
            <ReservationList reservations={groups.past} now={now} />
            <ShowMorePast older={older} shown={groups.past.length} />
          </Section>
        </>
      )}
      <div className="actions">
        <a className="button button--primary" href={href('book-now')}>
          <Trans>Book a table</Trans>
        </a>
      </div>
    </Page>
  );
}

/** The guest's bookings, without the holds they abandoned (common/abandoned-hold.ts). */
const bookingsOnly = <T extends HoldLike>(reservations: T[], now: Date) => reservations.filter((reservation) => !isAbandonedHold(reservation, now));

function ReservationList({ reservations, now }: { reservations: Parameters<typeof ReservationCard>[0]['reservation'][]; now: Date }) {
  return (
    <GroupList>
      {reservations.map((reservation) => (
        <ReservationCard key={reservation._id} reservation={reservation} now={now} />
      ))}
    </GroupList>
  );
}

/** Loads older past reservations on demand; says how many are shown once more have come, for screen readers too. */
function ShowMorePast({ older, shown }: { older: OlderReservations; shown: number }) {
  const { t } = useLingui();
  const failure = useManageFailureText();
  const status = useRef<HTMLParagraphElement>(null);
  const wasMore = useRef(older.hasMore);
  useEffect(() => {
    // The button goes with the last page: keep the keyboard where the list now ends, not at the top.
    if (wasMore.current && !older.hasMore) status.current?.focus();
    wasMore.current = older.hasMore;
  }, [older.hasMore]);
  return (
    <>
      <p ref={status} className="visually-hidden" role="status" tabIndex={-1}>
        {older.data.length > 0 && t`Showing ${shown} past reservations`}
      </p>
      {older.error != null && <FormMessage error={failure(older.error)} />}
      {older.hasMore && (
        <div className="actions">
          <button type="button" className="button" aria-disabled={older.loading} aria-busy={older.loading} onClick={older.loadMore}>
            {older.loading ? <Trans>Loading more…</Trans> : <Trans>Show more</Trans>}
          </button>
        </div>
      )}
    </>
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
      {snapshot.matches({ viewing: 'changed' }) && <OutcomeMessage text={t`Your reservation has been changed.`} />}
      <ReservationDetails reservation={reservation} now={now} />
      <CardGuaranteeLine reservation={reservation} />
      <AtTheDoor reservation={reservation} now={now} />
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
            <a className="button" href={href('cancel', { id: reservation._id })}>
              <Trans>Cancel</Trans>
            </a>
          </div>
        )
      )}
      <BackToList />
    </Page>
  );
}
