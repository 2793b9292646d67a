/**
 * The Closures screen's body: the venue's closures from the chosen day on, each with the bookings already
 * inside it for staff to contact (never cancelled), a way to remove one, and the form to add one.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../../common/api/api-error';
import { closureChangePrefixes } from '../../api/query-keys';
import { invalidate, shownAnswer } from '../../api/use-api-query';
import { LoadFailure, Loading } from '../../components/read-status';
import type { Venue } from '../../../common/venues';
import { useFailureText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import { staffApi } from '../staff-api';
import { ClosureForm } from './closure-form';
import { useClosureLabels } from './closure-labels';
import { useClosures, type Closure, type ClosureList } from './use-closures';
import { ScrollingTable } from '../scrolling-table';

function AffectedBookings({ closure }: { closure: Closure }) {
  const { t } = useLingui();
  const { time, date } = useFormats();
  if (closure.affected.length === 0) {
    return (
      <p>
        <Trans>No bookings inside this closure.</Trans>
      </p>
    );
  }
  const count = closure.affected.length;
  return (
    <ScrollingTable label={t`Closures`}>
      <table className="staff-table">
        <caption>
          <Plural value={count} one="# booking inside: contact the guest" other="# bookings inside: contact the guests" />
        </caption>
        <thead>
          <tr>
            <th scope="col">{t`Day`}</th>
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Guest`}</th>
            <th scope="col">{t`Party`}</th>
            <th scope="col">{t`E-mail`}</th>
            <th scope="col">{t`Mobile`}</th>
          </tr>
        </thead>
        <tbody>
          {closure.affected.map((b) => (
            <tr key={b._id} data-booking={b.uniqueId}>
              <td data-label={t`Day`}>{date(b.date)}</td>
              <td data-label={t`Time`}>{time(b.startTime)}</td>
              <td data-label={t`Guest`}>{b.guestName}</td>
              <td data-label={t`Party`}>{b.numberOfGuests}</td>
              <td data-label={t`E-mail`}>
                <a href={`mailto:${b.email}`}>{b.email}</a>
              </td>
              <td data-label={t`Mobile`}>{b.mobile ? <a href={`tel:${b.mobile.replace(/\s/g, '')}`}>{b.mobile}</a> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

function ClosureCard({ closure, list, onRemoved }: { closure: Closure; list: ClosureList; onRemoved(): void }) {
  const { t } = useLingui();
  const { date } = useFormats();
  const labels = useClosureLabels();
  const failureText = useFailureText();
  const [failure, setFailure] = useState<string | null>(null);
  const what = labels.scope(closure, list);
  const days = closure.fromDate === closure.toDate ? date(closure.fromDate) : `${date(closure.fromDate)} – ${date(closure.toDate)}`;

  async function remove() {
    setFailure(null);
    try {
      await unwrap(staffApi.DELETE('/admin/closure/{id}', { params: { path: { id: closure._id } } }));
      onRemoved();
    } catch (error) {
      setFailure(failureText(error));
    }
  }

  return (
    <li className="staff-closure">
      <h3>
        {what}: {days}
      </h3>
      <p>
        <span className="staff-badge">{labels.reasons[closure.reason]}</span> {closure.note}
      </p>
      <AffectedBookings closure={closure} />
      <button type="button" className="button button--secondary" onClick={remove} aria-label={t`Reopen ${what}, ${days}`}>
        <Trans>Reopen</Trans>
      </button>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}

export function ClosuresView({ venue, date }: { venue: Venue; date: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const listRead = useClosures(venue.value, date);
  const list = shownAnswer(listRead);
  const [created, setCreated] = useState<Closure | null>(null);
  const failure = listRead.status === 'error' && <LoadFailure message={failureText(listRead.error)} retry={listRead.reload} />;
  if (!list) return failure || <Loading>{t`Loading the closures…`}</Loading>;
  // A closure added or removed changes what guests are offered at the venue: their kept answers go too.
  const changed = () => {
    invalidate(closureChangePrefixes(venue.value, venue.domain));
    listRead.reload();
  };
  return (
    <div className="staff-grid staff-grid--two">
      <section aria-labelledby="closures-list-title">
        {/* A failed re-read: the list below is as last read, and staff are told so. */}
        {failure}
        <h2 id="closures-list-title">
          <Trans>Closures from this day on</Trans>
        </h2>
        <p className="staff-hint">
          <Trans>Guests cannot book inside a closure. Bookings already made stay as they are: contact each guest.</Trans>
        </p>
        {list.items.length === 0 ? (
          <p>
            <Trans>No closures from this day on.</Trans>
          </p>
        ) : (
          <ul className="staff-closures">
            {list.items.map((closure) => (
              <ClosureCard key={closure._id} closure={closure} list={list} onRemoved={changed} />
            ))}
          </ul>
        )}
      </section>
      <section>
        <ClosureForm
          venueId={venue.value}
          date={date}
          list={list}
          onCreated={(closure) => {
            setCreated(closure);
            changed();
          }}
        />
        <div aria-live="polite">
          {created && (
            <p className="staff-notice">
              <Plural
                value={created.affected.length}
                _0="Closed. No bookings were inside."
                one="Closed. # booking is inside: it is listed with the guest's contact."
                other="Closed. # bookings are inside: they are listed with the guests' contacts."
              />
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
