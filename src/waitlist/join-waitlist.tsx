/**
 * When no slot fits the guest's day and party: join the waitlist for a window of start times. The
 * server offers a freed table by mail; a table already free is offered at once.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { invalidate } from '../api/use-api-query';
import { FormMessage, SelectField } from '../components/form';
import { useSubmission } from '../components/use-submission';
import { useFormats } from '../i18n/use-formats';
import { href } from '../navigation/navigator';
import { WAITLIST_PREFIX } from '../api/query-keys';
import { joinWaitlist, WINDOW_TIMES, type WaitlistEntry } from './waitlist-api';

export interface WaitlistRequest {
  venueId: string;
  experienceId: string;
  date: string;
  numberOfGuests: number;
}

export function JoinWaitlist({ request }: { request: WaitlistRequest }) {
  const { t } = useLingui();
  const format = useFormats();
  const [earliestTime, setEarliest] = useState(WINDOW_TIMES[0]!);
  const [latestTime, setLatest] = useState(WINDOW_TIMES.at(-1)!);
  const [entry, setEntry] = useState<WaitlistEntry | null>(null);
  const submission = useSubmission();

  const submit = submission.onSubmit(
    () => ({ ...request, earliestTime, latestTime }),
    async (body) => {
      const joined = await joinWaitlist(body);
      invalidate(WAITLIST_PREFIX);
      setEntry(joined);
      return joined.status === 'OFFERED' ? t`A table is free for you now.` : t`You are on the waitlist. We will e-mail you as soon as a table frees.`;
    },
  );

  return (
    <section className="card" aria-labelledby="join-waitlist-title">
      <h2 id="join-waitlist-title" className="card__title">
        <Trans>Join the waitlist</Trans>
      </h2>
      <p className="muted">
        <Trans>When a table for your party frees between these times, we hold it for you for 15 minutes and send you a link to finish your booking.</Trans>
      </p>
      {entry ? (
        <>
          <FormMessage success={submission.success} />
          <div className="actions">
            {entry.status === 'OFFERED' && entry.reservationId ? (
              <a className="button button--primary" href={href('waitlist-offer', { reservation: entry.reservationId })}>
                <Trans>Finish your booking</Trans>
              </a>
            ) : (
              <a className="button" href={href('order')}>
                <Trans>My reservations</Trans>
              </a>
            )}
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t`Join the waitlist`}>
          <SelectField label={t`Earliest time`} name="earliestTime" value={String(earliestTime)} onChange={(e) => setEarliest(Number(e.target.value))}>
            {WINDOW_TIMES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {format.time(minutes)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t`Latest time`} name="latestTime" value={String(latestTime)} onChange={(e) => setLatest(Number(e.target.value))}>
            {WINDOW_TIMES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {format.time(minutes)}
              </option>
            ))}
          </SelectField>
          <FormMessage error={submission.error} />
          <div className="actions">
            <button type="submit" className="button button--primary button--block" disabled={submission.sending}>
              {submission.sending ? t`Joining…` : t`Join the waitlist`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
