/**
 * Erasing a guest's personal data (docs/decisions/0014-personal-data.md): what identifies them
 * (names, e-mail, mobile, notes, dietary needs and allergies, feedback comments, their messages and
 * mails) is erased or replaced; the account row, the bookings and every money record stay, anonymous, as
 * the Inland Revenue Ordinance asks of business records (seven years), so the ledger check still balances:
 * no amount, status or payment is touched. Sessions and links of the account stop working.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages, emailVerifications, oneTimeTokens, outbox, phoneVerifications, refreshTokens, reservations, users, visitFeedback } from '../../db/schema';

const ERASED_PASSWORD = 'erased';

/** The reserved address an erased account keeps (unique, and nothing is ever delivered to `.invalid`). */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/** Erases the personal data of `userId` in the caller's transaction; the row must be a guest's or a member's. */
export async function anonymiseGuest(tx: DbOrTx, user: typeof users.$inferSelect, now: Date): Promise<void> {
  const phone = user.mobileCountryCode && user.mobileNumber ? { code: user.mobileCountryCode, number: user.mobileNumber } : null;
  // The bookings' own copies of the contact details (a booking for someone else is the guest's data too).
  const booked = await tx
    .select({ email: reservations.email, code: reservations.mobileCountryCode, number: reservations.mobileNumber })
    .from(reservations)
    .where(eq(reservations.userId, user.id));
  const emails = new Set([user.email, ...booked.map((b) => b.email).filter((e): e is string => Boolean(e))]);
  const phones = [phone, ...booked.map((b) => (b.code && b.number ? { code: b.code, number: b.number } : null))].filter((p) => p !== null);

  await tx
    .update(users)
    .set({
      email: erasedEmail(user.id),
      // No password at all (verifyPassword refuses anything but an scrypt hash), and every session ended:
      // the account can never be logged into again. Not a hash of a random one: at production's cost that
      // would take the retention job a tenth of a second per guest for nothing.
      passwordHash: ERASED_PASSWORD,
      sessionGeneration: sql`${users.sessionGeneration} + 1`,
      firstName: '',
      lastName: '',
      mobileCountryCode: null,
      mobileNumber: null,
      dietaryNeeds: [],
      dietaryNote: null,
      emailVerifiedAt: null,
      feedbackMailsStoppedAt: user.feedbackMailsStoppedAt ?? now,
      anonymisedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  await tx
    .update(reservations)
    .set({
      firstName: null,
      lastName: null,
      email: null,
      mobileCountryCode: null,
      mobileNumber: null,
      notes: null,
      occasionNote: null,
      dietaryNeeds: [],
      dietaryNote: null,
      allergiesAnswer: null,
    })
    .where(eq(reservations.userId, user.id));
  // The rating stays for the venue's averages; the words were the guest's.
  await tx.update(visitFeedback).set({ comment: null }).where(eq(visitFeedback.userId, user.id));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, user.id));
  await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
  await tx.delete(contactMessages).where(inArray(contactMessages.email, [...emails]));
  const recipients = [...emails, ...phones.map((p) => `${p.code}${p.number}`)];
  await tx.delete(outbox).where(inArray(outbox.recipient, recipients));
  await tx.delete(emailVerifications).where(inArray(emailVerifications.email, [...emails]));
  if (phones.length) {
    await tx
      .delete(phoneVerifications)
      .where(or(...phones.map((p) => and(eq(phoneVerifications.mobileCountryCode, p.code), eq(phoneVerifications.mobileNumber, p.number)))));
  }
}
