/**
 * The guest's reservations. Without `id`: the list grouped as SPEC §4 says (upcoming, waitlist, past).
 * With `?id=`: one reservation, driven by the manage chart, with an inline form to change an upcoming
 * confirmed one and the way to cancel it (the cancel page).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type FormEvent } from 'react';
import { timeOptions } from '../../machines/manage.machine';
import { api } from '../api/api';
import { unwrap } from '../api/api-error';
import { useApiQuery } from '../api/use-api-query';
import { FormMessage, SelectField, TextField } from '../components/form';
import { Page } from '../components/page';
import { ReadStatus } from '../components/read-status';
import { ReservationCard } from '../components/reservation-card';
import { Section } from '../components/section';
import { effectiveStatus, groupReservations } from '../domain/reservation-grouping';
import { serverClock } from '../api/server-clock';
import { useServerToday } from '../api/use-server-today';
import { useFormats } from '../i18n/use-formats';
import { MAX_PARTY_SIZE } from '../domain/venues';
import { useManageFailureText, useManageText } from '../manage/manage-text';
import { reservationsKey, venueKey } from '../api/query-keys';
import { AddToCalendar } from '../manage/add-to-calendar';
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
  if (reservations.length === 0) {
    return (
      <p className="muted">
        <Trans>No Available Reservations</Trans>
      </p>
    );
  }
  return (
    <ul className="list">
      {reservations.map((reservation) => (
        <ReservationCard key={reservation._id} reservation={reservation} now={now} />
      ))}
    </ul>
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

type Manage = ReturnType<typeof useManageReservation>;

/** The change form in the page: a new date or party size re-checks the times; the server re-checks on save. */
function ChangeForm({ snapshot, send }: { snapshot: Manage[0]; send: Manage[1] }) {
  const { t } = useLingui();
  const text = useManageText();
  const format = useFormats();
  const { reservation, draft, problem } = snapshot.context;
  const domain = reservation!.venue.domain;
  // The venue's online party sizes; shared with the venue pages' read of the same venue.
  const venue = useApiQuery(venueKey(domain), () =>
    unwrap(api.GET('/public/venue/by-domain/{domain}', { params: { path: { domain } } })),
  );
  const minGuests = venue.status === 'ready' ? venue.data.data.onlineMinGuests : 1;
  const maxGuests = venue.status === 'ready' ? venue.data.data.onlineMaxGuests : MAX_PARTY_SIZE;
  const checking = snapshot.matches({ changing: 'loadingSlots' });
  const saving = snapshot.matches({ changing: 'submitting' });
  const options = timeOptions(snapshot.context);
  const today = useServerToday();
  if (!draft) return null;

  const sizes: number[] = [];
  for (let n = Math.min(minGuests, draft.numberOfGuests); n <= Math.max(maxGuests, draft.numberOfGuests); n++) sizes.push(n);

  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'change.submit' });
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t`Change reservation`}>
      <h2>
        <Trans>Change reservation</Trans>
      </h2>
      <TextField
        label={t`Date`}
        type="date"
        name="date"
        min={today}
        value={draft.date}
        disabled={saving}
        onChange={(e) => send({ type: 'change.edit', date: e.target.value, numberOfGuests: draft.numberOfGuests })}
      />
      <SelectField
        label={t`Guests`}
        name="numberOfGuests"
        value={String(draft.numberOfGuests)}
        disabled={saving}
        onChange={(e) => send({ type: 'change.edit', date: draft.date, numberOfGuests: Number(e.target.value) })}
      >
        {sizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t`Time`}
        name="startTime"
        hint={checking ? t`Checking availability…` : undefined}
        value={draft.startTime === null ? '' : String(draft.startTime)}
        disabled={checking || saving || options.length === 0}
        onChange={(e) => e.target.value && send({ type: 'change.pick', startTime: Number(e.target.value) })}
      >
        <option value="">{t`Choose a time`}</option>
        {options.map((minutes) => (
          <option key={minutes} value={minutes}>
            {format.time(minutes)}
          </option>
        ))}
      </SelectField>
      {!checking && options.length === 0 && problem?.kind !== 'slots' && (
        <p className="muted" role="status">
          <Trans>No time slot available</Trans>
        </p>
      )}
      <FormMessage error={problem ? text(problem.message) : null} />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={checking || saving || draft.startTime === null}>
          {saving ? t`Saving…` : t`Save changes`}
        </button>
        <button type="button" className="button" disabled={saving} onClick={() => send({ type: 'change.discard' })}>
          <Trans>Keep it as it is</Trans>
        </button>
      </div>
    </form>
  );
}
