/**
 * Erasing a guest's personal data (docs/decisions/0014-personal-data.md, 0032-erasure-all-of-it.md): what
 * identifies them (names, e-mail, mobile, their notes and staff's, tags, dietary needs and allergies,
 * feedback comments, their messages and mails, what the audit log copied) is erased or replaced; the account row, the bookings and every money record stay, anonymous, as
 * the Inland Revenue Ordinance asks of business records (seven years), so the ledger check still balances:
 * no amount, status or payment is touched. Sessions and links of the account stop working.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { changeHolds, reservations, users, visitFeedback } from '../../db/schema';
import { guestMerges } from '../../db/guest-book-schema';
import { redactAuditLog } from './audit-redaction';
import { guestIdentity, mergedAccounts } from './guest-identity';
import { deleteGuestTraces } from './guest-traces';

const ERASED_PASSWORD = 'erased';

/** The reserved address an erased account keeps (unique, and nothing is ever delivered to `.invalid`). */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/**
 * Erases the personal data of `user` in the caller's transaction, and of every account merged into it
 * (the same person, decision 0015); the row must be a guest's or a member's. What each table keeps is
 * personal-data-map.ts.
 */
export async function anonymiseGuest(tx: DbOrTx, user: typeof users.$inferSelect, now: Date): Promise<void> {
  const accounts = [user, ...(await mergedAccounts(tx, user.id))];
  for (const account of accounts) {
    const who = await guestIdentity(tx, account);
    await anonymiseAccount(tx, account, now);
    await deleteGuestTraces(tx, who);
    await redactAuditLog(tx, who, accounts.map((a) => a.id));
  }
}

/** The account row, its bookings' copies and its feedback's words. */
async function anonymiseAccount(tx: DbOrTx, user: typeof users.$inferSelect, now: Date): Promise<void> {
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
      anonymisedAt: user.anonymisedAt ?? now,
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
      staffNotes: null,
      occasion: null,
      occasionNote: null,
      dietaryNeeds: [],
      dietaryNote: null,
      allergiesAnswer: null,
    })
    .where(eq(reservations.userId, user.id));
  // A change still held carries the guest's new special requests.
  await tx.update(changeHolds).set({ notes: null }).where(eq(changeHolds.userId, user.id));
  // The rating stays for the venue's averages; the words were the guest's.
  await tx.update(visitFeedback).set({ comment: null }).where(eq(visitFeedback.userId, user.id));
  // A merge's record keeps who merged which accounts when; staff's reason and the kept account's number before it go.
  await tx
    .update(guestMerges)
    .set({ reason: '', keptBefore: sql`${guestMerges.keptBefore} || '{"mobileCountryCode": null, "mobileNumber": null}'::jsonb` })
    .where(or(eq(guestMerges.keptId, user.id), eq(guestMerges.mergedId, user.id)));
}
