/**
 * A guest's profile in the guest book (/pages/staff/guest?id=…): warnings first (allergies and dietary
 * needs), who they are (member number and wallet for members), what their visits add up to, tags, dated
 * notes with their author and seating preferences, likely duplicates, and their latest bookings.
 */
import { GuestFeedback } from '../../staff/guests/guest-feedback';
import { Plural, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../../common/api/api-error';
import { GUEST_BOOK_CHANGE_PREFIXES, staffGuestKey } from '../../api/query-keys';
import { invalidate, useApiQuery } from '../../api/use-api-query';
import { LoadFailure, Loading } from '../../components/read-status';
import { useStatusText } from '../../components/status-label';
import { useFailureText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import { href } from '../../navigation/navigator';
import type { PageProps } from '../../navigation/routes';
import { GuestAlerts } from '../../staff/guests/guest-alerts';
import { GuestNoteForm } from '../../staff/guests/guest-note-form';
import { GuestTagsEditor } from '../../staff/guests/guest-tags-editor';
import { useGuestWords } from '../../staff/guests/guest-words';
import { ScrollingTable } from '../../staff/scrolling-table';
import { staffApi } from '../../staff/staff-api';
import { StaffShell } from '../../staff/staff-shell';

function Profile({ id }: { id: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const { date, time, dateTime, money } = useFormats();
  const statusText = useStatusText();
  const { noteKinds } = useGuestWords();
  const [notice, setNotice] = useState('');
  const profile = useApiQuery(staffGuestKey('profile', id), () => unwrap(staffApi.GET('/admin/guest/{id}', { params: { path: { id } } })).then((r) => r.data));
  if (profile.status === 'loading') return <Loading>{t`Loading…`}</Loading>;
  if (profile.status === 'error') return <LoadFailure message={failureText(profile.error)} retry={profile.reload} />;
  const g = profile.data;
  // Searches and duplicates may read differently after a change: forget them all, and read this profile again.
  const changed = () => {
    invalidate(GUEST_BOOK_CHANGE_PREFIXES);
    profile.reload();
  };
  const noteByline = (when: string, author: string) => t`${when} by ${author}`;
  const visitLine = (b: typeof g.stats.lastVisit) => (b ? `${date(b.date)} ${time(b.startTime)} · ${b.venue.name}` : t`None`);
  const removeNote = async (noteId: string) => {
    try {
      await unwrap(staffApi.DELETE('/admin/guest/{id}/note/{noteId}', { params: { path: { id, noteId } } }));
      setNotice(t`Note removed.`);
      changed();
    } catch (error) {
      setNotice(failureText(error));
    }
  };

  return (
    <div className="guest-profile">
      <GuestAlerts alerts={g.alerts} className="guest-alerts--banner" />
      <section aria-labelledby="guest-who">
        <h2 id="guest-who">
          {`${g.firstName} ${g.lastName}`} <span className="staff-badge">{g.guestType === 'member' ? t`Member` : t`Guest`}</span>
        </h2>
        <dl className="guest-facts">
          <dt>{t`Mobile`}</dt>
          <dd>{g.mobile ?? '—'}</dd>
          <dt>{t`E-mail`}</dt>
          <dd>{g.email}</dd>
          {g.guestType === 'member' && (
            <>
              <dt>{t`Member number`}</dt>
              <dd>{g.memberId ?? '—'}</dd>
              <dt>{t`Wallet balance`}</dt>
              <dd>{money(g.walletBalance ?? 0)}</dd>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="guest-visits">
        <h2 id="guest-visits">{t`Visits`}</h2>
        <dl className="guest-facts">
          <dt>{t`Visits`}</dt>
          <dd>{g.stats.visits}</dd>
          <dt>{t`Covers`}</dt>
          <dd>{g.stats.covers}</dd>
          <dt>{t`No-shows`}</dt>
          <dd>{g.stats.noShows}</dd>
          <dt>{t`Late cancellations`}</dt>
          <dd>{g.stats.lateCancellations}</dd>
          <dt>{t`Last visit`}</dt>
          <dd>{visitLine(g.stats.lastVisit)}</dd>
          <dt>{t`Next visit`}</dt>
          <dd>{visitLine(g.stats.nextVisit)}</dd>
          <dt>{t`Venues visited`}</dt>
          <dd>{g.stats.venues.length ? g.stats.venues.map((v) => `${v.name} (${v.visits})`).join(', ') : t`None`}</dd>
        </dl>
        <h3>{t`Spend`}</h3>
        <dl className="guest-facts">
          <dt>{t`Deposits`}</dt>
          <dd>{money(g.spend.deposits)}</dd>
          <dt>{t`Prepayments`}</dt>
          <dd>{money(g.spend.prepayments)}</dd>
          <dt>{t`Fees`}</dt>
          <dd>{money(g.spend.fees)}</dd>
          <dt>{t`Refunds`}</dt>
          <dd>{money(g.spend.refunds)}</dd>
        </dl>
      </section>

      <section aria-labelledby="guest-tags">
        <h2 id="guest-tags">{t`Tags`}</h2>
        <GuestTagsEditor guestId={id} tags={g.tags} onChanged={changed} />
      </section>

      <section aria-labelledby="guest-notes">
        <h2 id="guest-notes">{t`Notes`}</h2>
        <GuestNoteForm guestId={id} onAdded={changed} />
        <p role="status" className="muted">
          {notice}
        </p>
        {g.notes.length === 0 ? (
          <p className="muted">{t`No notes yet.`}</p>
        ) : (
          <ul className="guest-notes">
            {g.notes.map((note) => (
              <li key={note._id} className={`guest-note guest-note--${note.kind.toLowerCase()}`}>
                <strong>{noteKinds[note.kind]}</strong>: <span className="staff-pre">{note.body}</span>
                <div className="muted">{noteByline(dateTime(note.createdAt), note.author.name)}</div>
                <button type="button" className="link-button" onClick={() => void removeNote(note._id)}>
                  {t`Remove note`}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* The guest's ratings and comments after their visits, and the switch for the feedback mails. */}
      <GuestFeedback userId={id} />

      {g.duplicates.length > 0 && (
        <section aria-labelledby="guest-duplicates">
          <h2 id="guest-duplicates">{t`Likely duplicates`}</h2>
          <ul>
            {g.duplicates.map((d) => (
              <li key={d._id}>
                <a href={href('staff-guest', { id: d._id })}>{`${d.firstName} ${d.lastName}`}</a>{' '}
                <span className="muted">{d.match === 'PHONE' ? t`Same mobile number` : t`Same e-mail`}</span>
              </li>
            ))}
          </ul>
          <a href={href('staff-guest-duplicates')}>{t`Review and merge duplicates`}</a>
        </section>
      )}

      <section aria-labelledby="guest-bookings">
        <h2 id="guest-bookings">
          <Plural value={g.bookings.length} one="Latest booking" other="Latest bookings" />
        </h2>
        {g.bookings.length === 0 ? (
          <p className="muted">{t`No bookings yet.`}</p>
        ) : (
          <ScrollingTable label={t`Latest bookings`}>
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">{t`Date`}</th>
                  <th scope="col">{t`Venue`}</th>
                  <th scope="col">{t`Party`}</th>
                  <th scope="col">{t`Status`}</th>
                  <th scope="col">{t`Reference`}</th>
                </tr>
              </thead>
              <tbody>
                {g.bookings.map((b) => (
                  <tr key={b._id}>
                    <td data-label={t`Date`}>{`${date(b.date)} ${time(b.startTime)}`}</td>
                    <td data-label={t`Venue`}>{b.venue.name}</td>
                    <td data-label={t`Party`}>{b.numberOfGuests}</td>
                    <td data-label={t`Status`}>{statusText(b.status)}</td>
                    <td data-label={t`Reference`}>{b.uniqueId}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollingTable>
        )}
      </section>
    </div>
  );
}

export default function StaffGuestPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="guest" title={t`Guest profile`} query={query}>
      {() => (query.id ? <Profile id={query.id} /> : <p>{t`Find a guest with the search box above.`}</p>)}
    </StaffShell>
  );
}
