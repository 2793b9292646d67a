/**
 * Deletes the rows of the tables `ERASED_TABLES` names (personal-data-map.ts) that are about the guest:
 * staff's notes and tags, their messages, every mail and text to them or naming their address or number,
 * codes, links, sessions, known log-in addresses, rate-limit counters and places in a walk-in queue.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { guestNotes, guestTagLinks } from '../../db/guest-book-schema';
import { contactMessages, emailVerifications, loginKnownClients, oneTimeTokens, outbox, phoneVerifications, rateLimits, refreshTokens, reservations } from '../../db/schema';
import { walkInQueue } from '../../db/walk-in-schema';
import { bookingMessages, guestMessagePreferences } from '../../db/reconfirmation-schema';
import { emailPattern, phonePattern, type GuestIdentity } from './guest-identity';

/** Whether `column` is one of the addresses. */
const isAddressOf = (column: AnyPgColumn, who: GuestIdentity): SQL => (who.emails.length > 0 ? inArray(column, who.emails) : sql`false`);

/**
 * Whether the text in `column` quotes any of the addresses or numbers. A plain substring search picks the
 * few candidates (a pattern over every mail ever sent took seconds a guest), then the pattern checks that
 * it is the whole address, and the number however it is spaced (its last four digits kept together).
 */
function mentions(column: AnyPgColumn, who: GuestIdentity): SQL {
  const checks = [
    ...who.emails.map((email) => sql`(strpos(${column}, ${email}) > 0 AND ${column} ~* ${emailPattern(email)})`),
    ...who.phones.map((phone) => sql`(strpos(${column}, ${phone.number.slice(-4)}) > 0 AND ${column} ~ ${phonePattern(phone.number)})`),
  ];
  return checks.length > 0 ? or(...checks)! : sql`false`;
}

/**
 * The mails to (or quoting) an address the account holds only on a texted code's word that are the
 * account's own, not its owner's: they quote one of its bookings, or its whole name.
 */
function ownMailsToUnprovenAddress(who: GuestIdentity): SQL | undefined {
  if (who.unprovenEmails.length === 0) return undefined;
  const quotes = (text: string) => sql`strpos(${outbox.body}, ${text}) > 0`;
  const own = [
    ...who.bookingRefs.map(quotes),
    ...(who.fullName ? [and(quotes(who.fullName[0]), quotes(who.fullName[1]))!] : []),
  ];
  if (own.length === 0) return undefined;
  const toAddress = or(inArray(outbox.recipient, who.unprovenEmails), ...who.unprovenEmails.map((email) => quotes(email)));
  return and(toAddress, or(...own));
}

/** Deletes what the guest's rows of `ERASED_TABLES` hold, in the caller's transaction. */
export async function deleteGuestTraces(tx: DbOrTx, who: GuestIdentity): Promise<void> {
  // Removed notes too: a removed allergy note is still about the guest's health (docs/decisions/0032-erasure-all-of-it.md).
  await tx.delete(guestNotes).where(eq(guestNotes.guestId, who.userId));
  await tx.delete(guestTagLinks).where(eq(guestTagLinks.guestId, who.userId));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, who.userId));
  await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, who.userId));
  await tx.delete(contactMessages).where(or(eq(contactMessages.userId, who.userId), isAddressOf(contactMessages.email, who), mentions(contactMessages.phone, who)));
  // To the guest, or about them: the concierge's copy of a contact message quotes the address and number.
  const e164 = who.phones.map((p) => `${p.code}${p.number}`);
  // Twilio's WhatsApp addressing names the same number (messaging/twilio-provider.ts).
  e164.push(...e164.map((number) => `whatsapp:${number}`));
  await tx
    .delete(outbox)
    .where(
      or(
        isAddressOf(outbox.recipient, who),
        e164.length > 0 ? inArray(outbox.recipient, e164) : undefined,
        mentions(outbox.subject, who),
        mentions(outbox.body, who),
        ownMailsToUnprovenAddress(who),
      ),
    );
  // The guest's texts on their bookings, and any from their numbers; their channel and consent.
  const ownBookings = tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.userId, who.userId));
  await tx.delete(bookingMessages).where(or(inArray(bookingMessages.reservationId, ownBookings), e164.length > 0 ? inArray(bookingMessages.guestNumber, e164) : undefined));
  await tx.delete(guestMessagePreferences).where(eq(guestMessagePreferences.userId, who.userId));
  await tx.delete(loginKnownClients).where(isAddressOf(loginKnownClients.account, who));
  await tx.delete(rateLimits).where(mentions(rateLimits.key, who));
  await tx.delete(emailVerifications).where(isAddressOf(emailVerifications.email, who));
  // A queued party is the guest's by the number given at the door, or by the visit it was seated as.
  await tx
    .delete(walkInQueue)
    .where(or(inArray(walkInQueue.reservationId, ownBookings), ...who.phones.map((p) => and(eq(walkInQueue.mobileCountryCode, p.code), eq(walkInQueue.mobileNumber, p.number)))));
  if (who.phones.length > 0) {
    await tx
      .delete(phoneVerifications)
      .where(or(...who.phones.map((p) => and(eq(phoneVerifications.mobileCountryCode, p.code), eq(phoneVerifications.mobileNumber, p.number)))));
  }
}
