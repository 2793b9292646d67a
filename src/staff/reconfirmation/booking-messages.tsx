/**
 * A booking's text messages for staff (docs/PRODUCT.md §4, no-shows): what was sent, with its
 * delivery, and what the guest answered, with what the answer did; and a reply box, the reply going on
 * the guest's channel (SMS or WhatsApp).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { unwrap } from '../../../common/api/api-error';
import type { Schemas } from '../../../common/api/schemas';
import { staffBookingMessagesKey } from '../../api/query-keys';
import { shownAnswer, useApiQuery } from '../../api/use-api-query';
import { LoadFailure, Loading } from '../../components/read-status';
import { useFailureText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import { staffApi } from '../staff-api';

type Message = Schemas['BookingMessage'];

const DELIVERY: Record<NonNullable<Message['delivery']>, MessageDescriptor> = {
  QUEUED: msg`Waiting to be sent`,
  SENT: msg`Sent`,
  DELIVERED: msg`Delivered`,
  FAILED: msg`Not delivered`,
};
const OUTCOME: Record<NonNullable<Message['outcome']>, MessageDescriptor> = {
  CONFIRMED: msg`Reconfirmed the booking`,
  CANCELED: msg`Cancelled the booking`,
  FOR_STAFF: msg`Waiting for a reply`,
  ANSWERED: msg`Answered`,
};

export function BookingMessages({ reservationId }: { reservationId: string }) {
  const { t, i18n } = useLingui();
  const { dateTime } = useFormats();
  const failureText = useFailureText();
  const [reply, setReply] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const read = useApiQuery(staffBookingMessagesKey(reservationId), () =>
    unwrap(staffApi.GET('/admin/reservation/{id}/messages', { params: { path: { id: reservationId } } })).then((body) => body.data),
  );
  const messages = shownAnswer(read);

  async function send(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setFailure(null);
    try {
      await unwrap(staffApi.POST('/admin/reservation/{id}/messages', { params: { path: { id: reservationId } }, body: { body: reply } }));
      // What was typed stays until the reply is sent.
      setReply('');
      read.reload();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="staff-messages">
      {read.status === 'error' && <LoadFailure message={failureText(read.error)} retry={read.reload} />}
      {!messages && read.status !== 'error' && <Loading>{t`Loading the messages…`}</Loading>}
      {messages && messages.length === 0 && (
        <p>
          <Trans>No text messages on this booking.</Trans>
        </p>
      )}
      {messages && messages.length > 0 && (
        <ol aria-label={t`Text messages`}>
          {messages.map((m) => (
            <li key={m.id} data-direction={m.direction}>
              <strong>{m.direction === 'IN' ? t`Guest` : t`Club`}</strong> ({m.channel === 'WHATSAPP' ? 'WhatsApp' : 'SMS'}, {dateTime(m.at)}): {m.body}{' '}
              <span className="muted">{m.direction === 'OUT' ? m.delivery && i18n._(DELIVERY[m.delivery]) : m.outcome && i18n._(OUTCOME[m.outcome])}</span>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(event) => void send(event)}>
        <label>
          <Trans>Reply to the guest</Trans>
          <textarea value={reply} maxLength={600} onChange={(event) => setReply(event.target.value)} />
        </label>
        <button type="submit" className="button button--primary" disabled={sending || reply.trim() === ''}>
          <Trans>Send reply</Trans>
        </button>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
      </form>
    </div>
  );
}
