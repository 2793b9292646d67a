/** The change form of a reservation, driven by the manage chart: a new date or party size re-checks the times. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import type { SnapshotFrom, EventFrom } from 'xstate';
import { manageMachine, timeOptions } from '../../machines/manage.machine';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { venueKey } from '../api/query-keys';
import { useApiQuery } from '../api/use-api-query';
import { useServerToday } from '../api/use-server-today';
import { FormMessage, SelectField, TextField } from '../components/form';
import { MAX_PARTY_SIZE } from '../../common/venues';
import { useFormats } from '../i18n/use-formats';
import { useManageText } from './manage-text';
import { ChangeQuoteLines, useChangeQuote, type QuoteChange } from './change-quote';

/** The change form in the page: a new date or party size re-checks the times; the server re-checks on save. */
export function ChangeForm({
  snapshot,
  send,
  quote,
}: {
  snapshot: SnapshotFrom<typeof manageMachine>;
  send: (event: EventFrom<typeof manageMachine>) => void;
  /** Asks what the change would cost, shown before saving. */
  quote?: QuoteChange;
}) {
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
  const quoted = useChangeQuote(
    quote,
    draft && draft.startTime !== null ? { date: draft.date, startTime: draft.startTime, numberOfGuests: draft.numberOfGuests } : null,
  );
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
      {quoted && <ChangeQuoteLines quote={quoted} deposit={reservation!.payment.prePaymentType === 'DEPOSIT'} />}
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
