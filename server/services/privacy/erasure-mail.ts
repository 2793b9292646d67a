/**
 * The mail that tells a guest their erasure was carried out (docs/decisions/0014-personal-data.md): sent to the address they
 * had, in their language, saying what was erased and which money records are kept and why
 * (docs/decisions/0014-personal-data.md). The address and language are read before the anonymising, and
 * the mail is queued after it, since the anonymising deletes every queued message to that address.
 */
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, reservations, users, walletEntries } from '../../db/schema';
import { messageLanguage } from '../messaging/message-language';
import { queueEmail } from '../messaging/outbox';
import { greeting } from '../reservations/reservation-mail';

/** How many of each money record of the guest's stay, anonymous. */
export interface KeptMoneyRecords {
  bookings: number;
  payments: number;
  walletEntries: number;
}

/** Counts the guest's money records, which the erasure keeps. */
export async function keptMoneyRecords(tx: DbOrTx, userId: string): Promise<KeptMoneyRecords> {
  const [b] = await tx.select({ n: count() }).from(reservations).where(eq(reservations.userId, userId));
  const [p] = await tx.select({ n: count() }).from(payments).where(eq(payments.userId, userId));
  const [w] = await tx.select({ n: count() }).from(walletEntries).where(eq(walletEntries.userId, userId));
  return { bookings: Number(b?.n ?? 0), payments: Number(p?.n ?? 0), walletEntries: Number(w?.n ?? 0) };
}

/** Queues the confirmation to the guest as they were before the erasure (`before`), in their stored language. */
export async function mailErasureDone(
  tx: DbOrTx,
  args: { before: Pick<typeof users.$inferSelect, 'email' | 'firstName' | 'locale'>; requestedAt: Date; erasedAt: Date; kept: KeptMoneyRecords },
): Promise<void> {
  const { before, requestedAt, erasedAt, kept } = args;
  const lang = messageLanguage(before.locale);
  const { i18n } = lang;
  const keptLines = [
    kept.bookings > 0 &&
      i18n._('{count, plural, one {# booking: venue, day, time, party size, status and the amounts due and paid} other {# bookings: venue, day, time, party size, status and the amounts due and paid}}', { count: kept.bookings }),
    kept.payments > 0 && i18n._('{count, plural, one {# payment, with its refunds} other {# payments, with their refunds}}', { count: kept.payments }),
    kept.walletEntries > 0 && i18n._('{count, plural, one {# wallet entry} other {# wallet entries}}', { count: kept.walletEntries }),
  ].filter((line): line is string => typeof line === 'string');
  await queueEmail(tx, {
    to: before.email,
    locale: lang.locale,
    // The one row that would still hold the address and the name: emptied once delivered (decision 0032).
    forgetWhenDone: true,
    subject: i18n._('Your personal data has been erased'),
    body: [
      greeting(lang, before.firstName),
      '',
      i18n._('As you asked on {requestedAt}, we erased your personal data on {erasedAt}: your name, e-mail address, mobile number, dietary needs and allergies, your notes and comments, and your messages to us. Your account can no longer be logged into.', {
        requestedAt: lang.dateTime(requestedAt),
        erasedAt: lang.dateTime(erasedAt),
      }),
      '',
      ...(keptLines.length > 0
        ? [
            i18n._('We keep these money records, with no name or contact details in them:'),
            ...keptLines.map((line) => `- ${line}`),
            '',
            i18n._("Hong Kong's Inland Revenue Ordinance (section 51C) requires a business to keep the records of money it received and paid for at least seven years, so these stay, anonymous, for that time."),
          ]
        : [i18n._('We keep no money records of yours.')]),
      '',
      i18n._('This is the last message we send to this address.'),
    ].join('\n'),
  });
}
