/**
 * The call list's body: the day's bookings whose guests were asked to reconfirm and have not, from the
 * venue's call-list hour on, each with the calls made so far, a button per call outcome, and the booking's
 * text messages with a reply box.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../../common/api/api-error';
import type { Schemas } from '../../../common/api/schemas';
import { staffCallListKey } from '../../api/query-keys';
import { shownAnswer, useApiQuery } from '../../api/use-api-query';
import { LoadFailure, Loading } from '../../components/read-status';
import { useFailureText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import { staffApi } from '../staff-api';
import { BookingMessages } from './booking-messages';
import { CALL_OUTCOME_LABELS, CALL_OUTCOMES, type CallOutcome } from './call-outcomes';

type Entry = Schemas['CallList']['entries'][number];

function CallEntry({ entry, onCalled }: { entry: Entry; onCalled(): void }) {
  const { t, i18n } = useLingui();
  const { time, dateTime } = useFormats();
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [showMessages, setShowMessages] = useState(false);

  async function record(outcome: CallOutcome) {
    setBusy(true);
    setFailure(null);
    try {
      await unwrap(staffApi.POST('/admin/reservation/{id}/reconfirmation-call', { params: { path: { id: entry.reservationId } }, body: { outcome } }));
      onCalled();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  const name = entry.guestName || t`Guest`;
  const asked = dateTime(entry.askedAt);
  return (
    <li className="staff-closure" data-booking={entry.uniqueId}>
      <h3>
        {time(entry.startTime)} · {name} · <Plural value={entry.numberOfGuests} one="# guest" other="# guests" />
      </h3>
      <p>
        {entry.mobile ? <a href={`tel:${entry.mobile}`}>{entry.mobile}</a> : <Trans>No mobile number</Trans>}{' '}
        <span className="muted">
          <Trans>Asked to reconfirm {asked}</Trans>
        </span>
      </p>
      {entry.calls.length > 0 && (
        <ul aria-label={t`Calls made`}>
          {entry.calls.map((call) => (
            <li key={call.at + call.outcome}>
              {dateTime(call.at)}: {i18n._(CALL_OUTCOME_LABELS[call.outcome])} ({call.staffName})
            </li>
          ))}
        </ul>
      )}
      <div role="group" aria-label={t`What the call to ${name} came to`}>
        {CALL_OUTCOMES.map((outcome) => (
          <button key={outcome} type="button" className="button button--secondary" disabled={busy} onClick={() => void record(outcome)}>
            {i18n._(CALL_OUTCOME_LABELS[outcome])}
          </button>
        ))}
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <button type="button" className="button" aria-expanded={showMessages} onClick={() => setShowMessages(!showMessages)}>
        {showMessages ? t`Hide messages` : t`Messages`}
      </button>
      {showMessages && <BookingMessages reservationId={entry.reservationId} />}
    </li>
  );
}

export function CallListView({ venueId, date }: { venueId: string; date: string }) {
  const { t } = useLingui();
  const { dateTime } = useFormats();
  const failureText = useFailureText();
  const read = useApiQuery(staffCallListKey(venueId, date), () =>
    unwrap(staffApi.GET('/admin/venue/{venueId}/call-list', { params: { path: { venueId }, query: { date } } })).then((body) => body.data),
  );
  const list = shownAnswer(read);
  const failure = read.status === 'error' && <LoadFailure message={failureText(read.error)} retry={read.reload} />;
  if (!list) return failure || <Loading>{t`Loading the call list…`}</Loading>;
  const opensAt = dateTime(list.opensAt);
  return (
    <section aria-labelledby="call-list-title">
      {failure}
      <h2 id="call-list-title">
        <Trans>Guests to call</Trans>
      </h2>
      <p className="staff-hint">
        <Trans>Guests asked to reconfirm who have not answered. The list opens at {opensAt}. A guest who never answers stays booked unless the venue releases unanswered bookings.</Trans>
      </p>
      {list.entries.length === 0 ? (
        <p>
          <Trans>Nobody to call.</Trans>
        </p>
      ) : (
        <ul className="staff-closures">
          {list.entries.map((entry) => (
            <CallEntry key={entry.reservationId} entry={entry} onCalled={read.reload} />
          ))}
        </ul>
      )}
    </section>
  );
}
