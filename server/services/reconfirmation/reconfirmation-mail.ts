/**
 * The reconfirmation request (docs/PRODUCT.md §4, no-shows): a mail and a text asking the guest to
 * confirm with one tap or cancel with one tap (the manage link's `confirm` and `cancel` actions), and to
 * answer the text with 1 or 9.
 */
import type { DbOrTx } from '../../db/client';
import type { ReservationRow } from '../reservations/reservations';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { bookingLines, greeting } from '../reservations/reservation-mail';
import { manageLink, type LinkSigning } from '../reservations/manage-link';
import { messageLanguage } from '../messaging/message-language';
import { queueEmail } from '../messaging/outbox';
import { textAboutBooking } from '../messaging/guest-texts';

export async function askToReconfirm(db: DbOrTx, args: { row: ReservationRow; catalog: VenueCatalog; now: Date; links: LinkSigning }): Promise<void> {
  const { row, catalog, links, now } = args;
  const lang = messageLanguage(row.locale);
  const { i18n } = lang;
  const confirm = manageLink(links, row, 'confirm');
  const cancel = manageLink(links, row, 'cancel');
  const values = { venue: catalog.venues.get(row.venueId)?.venue.title ?? 'The Aldrich Club', reference: row.uniqueId };
  if (row.email) {
    await queueEmail(db, {
      to: row.email,
      locale: lang.locale,
      subject: i18n._('Please reconfirm your reservation at {venue} – {reference}', values),
      body: [
        greeting(lang, row.firstName),
        '',
        i18n._('Are you still coming? Please let us know with one tap.'),
        '',
        ...bookingLines(lang, row, catalog),
        '',
        i18n._('Yes, we are coming: {link}', { link: confirm }),
        i18n._('No, please cancel: {link}', { link: cancel }),
      ].join('\n'),
    });
  }
  // Both one-tap links, as the mail has them: a guest who reads only the text can cancel without replying.
  const text = i18n._('{venue}, {date} at {time} ({reference}): still coming? Reply 1 to confirm or 9 to cancel, or tap to confirm: {confirm} or to cancel: {cancel}', {
    ...values,
    date: lang.date(row.date),
    time: lang.time(row.startTime),
    confirm,
    cancel,
  });
  await textAboutBooking(db, row, text, now);
}
