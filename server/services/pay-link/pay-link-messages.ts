/**
 * The pay link's mail and text to the guest (docs/PRODUCT.md §6, pay by link): the link itself (the
 * booking's manage link, opening the payment at once, or for a card guarantee the card to save), and the
 * reminder an hour before it lapses. The
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

/** What the mail and the text say: its subject, its lead line, the line with the link, and the text. */
interface LinkWords {
  subject: string;
  lead: string;
  action: string;
  text: string;
}

type Values = Record<'venue' | 'reference' | 'lapses' | 'link' | 'date' | 'time', string>;

/** A deposit's or a prepayment's link: pay it. */
function paymentWords(lang: MessageLanguage, kind: PayLinkMessage, link: PayLinkRow, base: Values): LinkWords {
  const { i18n } = lang;
  const values = { ...base, asked: whatIsAsked(lang, link) };
  return kind === 'link'
    ? {
        subject: i18n._('Please pay to secure your reservation at {venue} – {reference}', values),
        lead: i18n._('Thank you for booking by phone. To secure your table, please pay {asked} by {lapses}.', values),
        action: i18n._('Pay now: {link}', values),
        text: i18n._('{venue}, {date} at {time} ({reference}): please pay {asked} by {lapses} to secure your table: {link}', values),
      }
    : {
        subject: i18n._('Reminder: your reservation at {venue} is not secured yet – {reference}', values),
        lead: i18n._('We have not yet received {asked} for your reservation. The link to pay lapses at {lapses}.', values),
        action: i18n._('Pay now: {link}', values),
        text: i18n._('{venue} ({reference}): reminder, {asked} is still to pay. The link lapses at {lapses}: {link}', values),
      };
}

/**
 * A card guarantee's link (decision 0035): a card to save, nothing charged; the page it opens says the fee
 * and until when a cancellation is free before the card is given.
 */
function cardWords(lang: MessageLanguage, kind: PayLinkMessage, values: Values): LinkWords {
  const { i18n } = lang;
  return kind === 'link'
    ? {
        subject: i18n._('Please save a card to hold your reservation at {venue} – {reference}', values),
        lead: i18n._('Thank you for booking by phone. To hold your table, please save a card by {lapses}. Nothing is charged now: the card is charged the venue’s fee only if you do not come or cancel late.', values),
        action: i18n._('Save a card now: {link}', values),
        text: i18n._('{venue}, {date} at {time} ({reference}): please save a card by {lapses} to hold your table, nothing charged now: {link}', values),
      }
    : {
        subject: i18n._('Reminder: your reservation at {venue} is not secured yet – {reference}', values),
        lead: i18n._('We have not yet received a card to hold your reservation. The link to save one lapses at {lapses}.', values),
        action: i18n._('Save a card now: {link}', values),
        text: i18n._('{venue} ({reference}): reminder, a card is still to be saved to hold your table. The link lapses at {lapses}: {link}', values),
      };
}

/** Queues the link (or its reminder) by mail and by text, to whichever of them the booking has. */
export async function sendPayLinkMessage(db: DbOrTx, kind: PayLinkMessage, args: PayLinkMessageArgs): Promise<void> {
  const { row, link, catalog, now, links } = args;
  const lang = messageLanguage(row.locale);
  const values: Values = {
    venue: catalog.venues.get(row.venueId)?.venue.title ?? 'The Aldrich Club',
    reference: row.uniqueId,
    lapses: lang.dateTime(link.lapsesAt),
    link: manageLink(links, row, 'pay'),
    date: lang.date(row.date),
    time: lang.time(row.startTime),
  };
  const words = link.asks === 'GUARANTEE' ? cardWords(lang, kind, values) : paymentWords(lang, kind, link, values);
  if (row.email) {
    await queueEmail(db, {
      to: row.email,
      locale: lang.locale,
      subject: words.subject,
      body: [greeting(lang, row.firstName), '', words.lead, '', ...bookingLines(lang, row, catalog), '', words.action].join('\n'),
    });
  }
  await textAboutBooking(db, row, words.text, now);
}
