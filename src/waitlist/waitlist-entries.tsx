/**
 * The "waitlist" group of My reservations: the guest's waitlist entries whose day has not passed, with
 * their status, the offer's link while a table is held for them, and a way to leave.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { RESERVATION_PREFIX, WAITLIST_PREFIX, waitlistKey } from '../api/query-keys';
import { invalidate, useApiQuery } from '../api/use-api-query';
import { useServerToday } from '../api/use-server-today';
import { FieldList } from '../components/field-list';
import { FormMessage } from '../components/form';
import { GroupList } from '../components/group-list';
import { useSubmission } from '../components/use-submission';
import { useFormats } from '../i18n/use-formats';
import { href } from '../navigation/navigator';
import { useSessionUser } from '../session/session-provider';
import { fetchWaitlist, leaveWaitlist, type WaitlistEntry } from './waitlist-api';

const STATUS_LABELS: Record<WaitlistEntry['status'], MessageDescriptor> = {
  WAITING: msg`Waiting`,
  OFFERED: msg`Table offered`,
  BOOKED: msg`Booked`,
  DECLINED: msg`Declined`,
  LAPSED: msg`Offer lapsed`,
  LEFT: msg`Left the waitlist`,
  EXPIRED: msg`Expired`,
};

export function WaitlistEntries() {
  const userId = useSessionUser()?._id ?? '';
  const today = useServerToday();
  const list = useApiQuery(userId ? waitlistKey(userId) : null, fetchWaitlist);
  if (list.status !== 'ready') return null;
  const shown = list.data.filter((entry) => entry.date >= today);
  return (
    <GroupList empty={<Trans>You are not on any waitlist.</Trans>}>
      {shown.map((entry) => (
        <WaitlistCard key={entry._id} entry={entry} onLeft={list.reload} />
      ))}
    </GroupList>
  );
}

function WaitlistCard({ entry, onLeft }: { entry: WaitlistEntry; onLeft: () => void }) {
  const { t, i18n } = useLingui();
  const format = useFormats();
  const submission = useSubmission();
  const [confirming, setConfirming] = useState(false);
  const standing = entry.status === 'WAITING' || entry.status === 'OFFERED';
  const window = `${format.time(entry.earliestTime)} – ${format.time(entry.latestTime)}`;
  const venueName = entry.venue.name;
  const day = format.date(entry.date);

  const leave = submission.onSubmit(
    () => entry._id,
    async (id) => {
      await leaveWaitlist(id);
      // An offered table given up is a released hold too.
      invalidate(WAITLIST_PREFIX);
      invalidate(RESERVATION_PREFIX);
      onLeft();
      return t`You have left the waitlist.`;
    },
  );

  return (
    <li className="card" aria-label={t`Waitlist at ${venueName} on ${day}`}>
      <h3 className="card__title">{entry.venue.name}</h3>
      <p className="card__meta">{entry.experience.name}</p>
      <FieldList
        rows={[
          [t`Date`, format.date(entry.date, { weekday: true })],
          [t`Times`, window],
          [t`Guests`, <Plural value={entry.numberOfGuests} one="# guest" other="# guests" />],
          [
            t`Status`,
            <strong className="status-label" data-status={entry.status}>
              {i18n._(STATUS_LABELS[entry.status])}
            </strong>,
          ],
          entry.status === 'OFFERED' && entry.offerExpiresAt ? [t`Held until`, format.dateTime(entry.offerExpiresAt)] : null,
        ]}
      />
      <FormMessage error={submission.error} success={submission.success} />
      {standing && (
        <div className="actions">
          {entry.status === 'OFFERED' && entry.reservationId && (
            <a className="button button--primary" href={href('waitlist-offer', { reservation: entry.reservationId })}>
              <Trans>Finish your booking</Trans>
            </a>
          )}
          {confirming ? (
            <form onSubmit={leave}>
              <button type="submit" className="button" disabled={submission.sending}>
                {entry.status === 'OFFERED' ? t`Yes, give up the table and leave` : t`Yes, leave the waitlist`}
              </button>
            </form>
          ) : (
            <button type="button" className="button" onClick={() => setConfirming(true)}>
              <Trans>Leave the waitlist</Trans>
            </button>
          )}
        </div>
      )}
    </li>
  );
}
