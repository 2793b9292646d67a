/**
 * Who may merge two guest accounts, and whether they are likely one person (docs/PRODUCT.md §2, "The guest
 * book"; decision 0031). Checked with both rows locked, before anything moves:
 * - an admin, or staff of a venue both accounts have booked at;
 * - the two share an e-mail or a mobile number that was verified (a shared string anyone can type is not
 *   enough: it is how one person's account was merged into a stranger's);
 * - a member's account (member number, wallet) only by an admin, who has been shown both wallets.
 */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { Tx } from '../../db/client';
import { emailVerifications, phoneVerifications, reservations, walletEntries } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { normalizeEmail } from '../../../common/validation/email';
import { normalizePhone } from '../auth/phone-verification';
import type { UserRow } from '../reservations/reservations';

const MERGE_REFUSALS = {
  notEntitled: /*i18n*/ 'Only an admin, or staff of a venue both guests have booked at, can merge these accounts.',
  notVerified: /*i18n*/ 'These accounts share no verified e-mail or mobile number, so they may be two different people. They cannot be merged.',
  memberAdminOnly: /*i18n*/ "Only an admin can merge a member's account: it has a member number and a wallet.",
} as const;

async function bookedAt(tx: Tx, userId: string, venueId: string): Promise<boolean> {
  const [row] = await tx.select({ id: reservations.id }).from(reservations).where(and(eq(reservations.userId, userId), eq(reservations.venueId, venueId))).limit(1);
  return Boolean(row);
}

/** A member's account: a member, or one with a member number or a wallet entry. */
async function isMemberAccount(tx: Tx, user: UserRow): Promise<boolean> {
  if (user.role === 'member' || user.customId) return true;
  const [row] = await tx.select({ n: count() }).from(walletEntries).where(eq(walletEntries.userId, user.id));
  return Number(row?.n ?? 0) > 0;
}

/**
 * The same address, proven: each account verified it by its link (users.email_verified_at), or a mailed
 * code to it was confirmed (decision 0018's email_verifications, which prove the address itself).
 */
async function shareVerifiedEmail(tx: Tx, a: UserRow, b: UserRow): Promise<boolean> {
  const email = normalizeEmail(a.email);
  if (email !== normalizeEmail(b.email)) return false;
  if (a.emailVerifiedAt && b.emailVerifiedAt) return true;
  const [code] = await tx
    .select({ id: emailVerifications.id })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.email, email), isNotNull(emailVerifications.verifiedAt)))
    .limit(1);
  return Boolean(code);
}

/** The same number (E.164, however it was stored), and a code texted to it was confirmed (phone_verifications). */
async function shareVerifiedPhone(tx: Tx, a: UserRow, b: UserRow): Promise<boolean> {
  if (!a.mobileNumber || !b.mobileNumber) return false;
  const phone = normalizePhone(a.mobileCountryCode ?? '', a.mobileNumber);
  const other = normalizePhone(b.mobileCountryCode ?? '', b.mobileNumber);
  if (phone.countryCode !== other.countryCode || phone.number !== other.number) return false;
  const [code] = await tx
    .select({ id: phoneVerifications.id })
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.mobileCountryCode, phone.countryCode), eq(phoneVerifications.mobileNumber, phone.number), isNotNull(phoneVerifications.verifiedAt)))
    .limit(1);
  return Boolean(code);
}

/** Throws the refusal when `actor` may not merge `merged` into `kept`; both rows are locked by the caller. */
export async function checkMergeRights(tx: Tx, actor: AuthUser, kept: UserRow, merged: UserRow): Promise<void> {
  const admin = actor.role === 'admin';
  if (!admin) {
    const venueId = actor.venueId;
    const both = venueId ? (await bookedAt(tx, kept.id, venueId)) && (await bookedAt(tx, merged.id, venueId)) : false;
    if (!both) throw new ApiError(403, ERROR_CODES.MERGE_NOT_ENTITLED, MERGE_REFUSALS.notEntitled);
  }
  if (!((await shareVerifiedEmail(tx, kept, merged)) || (await shareVerifiedPhone(tx, kept, merged)))) {
    throw new ApiError(409, ERROR_CODES.MERGE_NOT_VERIFIED, MERGE_REFUSALS.notVerified);
  }
  if (!admin && ((await isMemberAccount(tx, kept)) || (await isMemberAccount(tx, merged)))) {
    throw new ApiError(403, ERROR_CODES.MERGE_MEMBER_ADMIN_ONLY, MERGE_REFUSALS.memberAdminOnly);
  }
}
