/**
 * A phone booking's pay link for staff (docs/PRODUCT.md §6, pay by link; decision 0036), on the day sheet
 * and the host stand's booking sheet: "Link sent 2 h ago, lapses 6:00 pm" (Hong Kong time, by the server's
 * clock), or how it ended; and sending it again or extending it (POST /admin/reservation/{id}/pay-link/…,
 * audited), while the booking still owes what it asks.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../common/api/api-error';
import { hongKongDate, hongKongMinutes } from '../../common/time';
import type { Schemas } from '../../common/api/schemas';
import { serverClock } from '../api/server-clock';
import { useFormats } from '../i18n/use-formats';
import { staffApi } from './staff-api';
import { useBookChange, type VisitNotice } from './book-change';

type PayLink = Schemas['PayLink'];

/** What the actions read of a booking, on the day sheet or the stand. */
export interface PayLinkBooking {
  id: string;
  guestName: string;
  payLink?: PayLink | null;
  /** Confirmed, not arrived yet, and owing what the link asks: the link may still be resent or extended. */
  awaitingPayment: boolean;
}

/** How many hours an extension adds, to choose from. */
const EXTENSIONS = [2, 6, 12, 24, 48] as const;

/** '6:00 pm' today (Hong Kong), else the day and time. */
function useWhen() {
  const format = useFormats();
  return (at: string, now: Date) => {
    const instant = new Date(at);
    return hongKongDate(instant) === hongKongDate(now) ? format.time(hongKongMinutes(instant)) : format.dateTime(instant);
  };
}

/** 'just now', '25 min ago', '2 h ago'. */
function useAgo() {
  const { t } = useLingui();
  return (at: string, now: Date) => {
    const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / 60_000));
    if (minutes < 1) return t`just now`;
    if (minutes < 60) return t`${minutes} min ago`;
    const hours = Math.floor(minutes / 60);
    return t`${hours} h ago`;
  };
}

/** The link's line under the booking's payment. */
export function PayLinkLine({ link }: { link: PayLink | null | undefined }) {
  const { t } = useLingui();
  const when = useWhen();
  const ago = useAgo();
  if (!link) return null;
  const now = serverClock.now();
  const lapses = when(link.lapsesAt, now);
  const text = (() => {
    switch (link.status) {
      case 'PAID':
        return t`Paid by link`;
      case 'CARD_SAVED':
        return t`Card saved by link`;
      case 'RELEASED':
        return t`Released: not paid by the link's lapse`;
      case 'KEPT_OWED':
        // A guarantee's link owes no money: the booking stands without a card.
        return link.asks === 'GUARANTEE' ? t`Link lapsed at ${lapses}: no card saved` : t`Link lapsed at ${lapses}: owed at the venue`;
      default:
        if (Date.parse(link.lapsesAt) <= now.getTime()) return t`Link lapsed at ${lapses}`;
        const sent = ago(link.sentAt, now);
        return t`Link sent ${sent}, lapses ${lapses}`;
    }
  })();
  return <div className="muted staff-pay-link">{text}</div>;
}

/** Resend and Extend, while the booking owes what its link asks. */
export function PayLinkActions({ booking, onDone }: { booking: PayLinkBooking; onDone(notice: VisitNotice): void }) {
  const { t } = useLingui();
  const format = useFormats();
  const [hours, setHours] = useState<number>(24);
  const change = useBookChange(onDone, () => {});
  const link = booking.payLink;
  if (!link || !booking.awaitingPayment) return null;
  if (link.status !== 'OPEN' && link.status !== 'KEPT_OWED') return null;
  const who = booking.guestName;
  const resend = () =>
    change.send(async () => {
      await unwrap(staffApi.POST('/admin/reservation/{id}/pay-link/resend', { params: { path: { id: booking.id } } }));
      return { tone: 'ok', text: t`Payment link sent again to ${who}.` };
    });
  const extend = () =>
    change.send(async () => {
      const { data } = await unwrap(staffApi.POST('/admin/reservation/{id}/pay-link/extend', { params: { path: { id: booking.id } }, body: { hours } }));
      const until = format.dateTime(data.lapsesAt);
      return { tone: 'ok', text: t`Payment link for ${who} extended: it lapses ${until}.` };
    });
  const extendLabel = t`Extend the payment link by`;
  return (
    <div className="staff-actions" role="group" aria-label={t`Payment link: ${who}`}>
      {link.status === 'OPEN' && (
        <button type="button" className="button" disabled={change.sending} onClick={() => void resend()}>
          {t`Resend link`}
        </button>
      )}
      <select aria-label={extendLabel} value={hours} onChange={(e) => setHours(Number(e.target.value))}>
        {EXTENSIONS.map((h) => (
          <option key={h} value={h}>
            {t`${h} h`}
          </option>
        ))}
      </select>
      <button type="button" className="button" disabled={change.sending} onClick={() => void extend()}>
        {t`Extend link`}
      </button>
    </div>
  );
}
