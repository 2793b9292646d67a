/**
 * The pay link's mail and text to the guest (docs/PRODUCT.md §6, pay by link): the link itself (the
 * booking's manage link, opening the payment at once), and the reminder an hour before it lapses. The
 * mail goes to a booking with an e-mail, the text to one with a mobile number: a guest who gave only one
 * is sent only that.
 */
import type { DbOrTx } from '../../db/client';
import type { payLinks } from '../../db/schema';
import type { ReservationRow } from '../reservations/reservations';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { bookingLines, greeting } from '../reservations/reservation-mail';
import { manageLink, type LinkSigning } from '../reservations/manage-link';
import { messageLanguage, type MessageLanguage } from '../messaging/message-language';
import { queueEmail } from '../messaging/outbox';
import { textAboutBooking } from '../messaging/guest-texts';

type PayLinkRow = typeof payLinks.$inferSelect;
export type PayLinkMessage = 'link' | 'reminder';

interface PayLinkMessageArgs {
  row: ReservationRow;
  link: PayLinkRow;
  catalog: VenueCatalog;
  now: Date;
  links: LinkSigning;
}

/** 'the deposit of HK$400' or 'the prepayment of HK$1,496', in the guest's language. */
function whatIsAsked(lang: MessageLanguage, link: PayLinkRow): string {
  const amount = lang.money(link.amount);
  return link.asks === 'DEPOSIT' ? lang.i18n._('the deposit of {amount}', { amount }) : lang.i18n._('the prepayment of {amount}', { amount });
}

/** Queues the link (or its reminder) by mail and by text, to whichever of them the booking has. */
export async function sendPayLinkMessage(db: DbOrTx, kind: PayLinkMessage, args: PayLinkMessageArgs): Promise<void> {
  const { row, link, catalog, now, links } = args;
  const lang = messageLanguage(row.locale);
  const { i18n } = lang;
  const url = manageLink(links, row, 'pay');
  const values = {
    venue: catalog.venues.get(row.venueId)?.venue.title ?? 'The Aldrich Club',
    reference: row.uniqueId,
    asked: whatIsAsked(lang, link),
    lapses: lang.dateTime(link.lapsesAt),
    link: url,
  };
  if (row.email) {
    await queueEmail(db, {
      to: row.email,
      locale: lang.locale,
      subject:
        kind === 'link'
          ? i18n._('Please pay to secure your reservation at {venue} – {reference}', values)
          : i18n._('Reminder: your reservation at {venue} is not secured yet – {reference}', values),
      body: [
        greeting(lang, row.firstName),
        '',
        kind === 'link'
          ? i18n._('Thank you for booking by phone. To secure your table, please pay {asked} by {lapses}.', values)
          : i18n._('We have not yet received {asked} for your reservation. The link to pay lapses at {lapses}.', values),
        '',
        ...bookingLines(lang, row, catalog),
        '',
        i18n._('Pay now: {link}', values),
      ].join('\n'),
    });
  }
  const text =
    kind === 'link'
      ? i18n._('{venue}, {date} at {time} ({reference}): please pay {asked} by {lapses} to secure your table: {link}', {
          ...values,
          date: lang.date(row.date),
          time: lang.time(row.startTime),
        })
      : i18n._('{venue} ({reference}): reminder, {asked} is still to pay. The link lapses at {lapses}: {link}', values);
  await textAboutBooking(db, row, text, now);
}
