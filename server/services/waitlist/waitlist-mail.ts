/** The waitlist's offer mail: a table is held for the guest, until when, and the link that opens it. */
import type { DbOrTx } from '../../db/client';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { messageLanguage } from '../messaging/message-language';
import { queueEmail } from '../messaging/outbox';
import { bookingLines, greeting } from '../reservations/reservation-mail';
import type { ReservationRow, UserRow } from '../reservations/reservations';

/** Queues the offer in the language of the hold (the one the guest joined the waitlist in). */
export async function mailWaitlistOffer(
  db: DbOrTx,
  args: { to: Pick<UserRow, 'email' | 'firstName'>; hold: ReservationRow; catalog: VenueCatalog; link: string },
): Promise<void> {
  const { to, hold, catalog, link } = args;
  const lang = messageLanguage(hold.locale);
  const { i18n } = lang;
  const venue = catalog.venues.get(hold.venueId)?.venue.title ?? '';
  const until = lang.dateTime(hold.holdExpiresAt!);
  await queueEmail(db, {
    to: to.email,
    locale: lang.locale,
    subject: i18n._('A table is free for you at {venue}', { venue }),
    body: [
      greeting(lang, to.firstName),
      '',
      i18n._('A table you were waiting for has become free, and we are holding it for you until {until}.', { until }),
      '',
      ...bookingLines(lang, hold, catalog),
      '',
      i18n._('To take it, open this link and finish your booking: {link}', { link }),
      i18n._('If you do not finish by then, the table passes to the next guest on the waitlist.'),
    ].join('\n'),
  });
}
