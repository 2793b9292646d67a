/**
 * The guest a staff booking is for. A phone booking finds the guest's account by e-mail, or by mobile
 * number when no e-mail is given; a guest without an account gets one with a password nobody knows (none
 * is made up at the stand): the confirmation mail's manage link works without logging in, and the guest
 * can claim the account later through "forgot password" with the same address. A caller who gives a
 * name and a mobile number only gets an account known by that number (docs/decisions/0037-mobile-only-guests.md):
 * its address is a reserved one made from the number, so it is found again by the number, two hosts
 * booking it at once make one account, and no mail is sent to it. Walk-ins who give no contact book under
 * the club's one walk-in account.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { newId, newSecretToken } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import { normalizeEmail } from '../../../common/validation/email';
import type { Locale } from '../../../common/locales';
import { normalizePhone, type PhoneNumber } from '../auth/phone-verification';
import { emailOnlyClaimed, holdsNumber, releaseEmail } from '../auth/email-claims';
import type { UserRow } from '../reservations/reservations';

export interface GuestContact {
  email: string | null;
  mobileCountryCode?: string | undefined;
  mobileNumber?: string | undefined;
  firstName: string;
  lastName: string;
}

/** The address of the walk-in account: a reserved domain, so nothing is ever delivered to it. */
export const WALK_IN_EMAIL = 'walk-in@guests.invalid';

/**
 * The reserved address of an account known by its mobile number only: unique per number (users.email is),
 * and `.invalid`, so nothing is ever delivered to it and nobody can claim it by "forgot password".
 */
export const mobileOnlyEmail = (phone: PhoneNumber) => `mobile-${phone.countryCode.replace(/^\+/, '')}-${phone.number}@guests.invalid`;

/** An address the club made up (the walk-in account's, a mobile-only guest's, a released or erased one's): no one's to write to. */
export const isReservedEmail = (email: string | null | undefined) => Boolean(email?.endsWith('.invalid'));

/** The contact's mobile number as stored, when both parts are given. */
export function contactPhone(contact: Pick<GuestContact, 'mobileCountryCode' | 'mobileNumber'>): PhoneNumber | null {
  return contact.mobileCountryCode && contact.mobileNumber ? normalizePhone(contact.mobileCountryCode, contact.mobileNumber) : null;
}

async function userByEmail(tx: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return row;
}

/** The oldest account with this mobile number (sign-up stores the code with or without its '+'). */
async function userByPhone(tx: DbOrTx, phone: PhoneNumber): Promise<UserRow | undefined> {
  const codes = [phone.countryCode, phone.countryCode.replace(/^\+/, '')];
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.mobileNumber, phone.number), inArray(users.mobileCountryCode, codes)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

/** Inserts a guest account unless the address is taken (a race), and returns the account either way. */
async function insertGuest(tx: DbOrTx, values: Omit<typeof users.$inferInsert, 'id' | 'role' | 'passwordHash'>): Promise<UserRow> {
  // A password nobody knows, until the guest sets one through the reset flow.
  const passwordHash = await hashPassword(newSecretToken());
  const [created] = await tx
    .insert(users)
    .values({ id: newId(), role: 'guest', passwordHash, ...values })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return created ?? (await userByEmail(tx, values.email))!;
}

/** What a new account may carry beyond the contact: how its e-mail is known (docs/decisions/0030-spent-codes.md). */
export type NewGuestMarks = Pick<typeof users.$inferInsert, 'emailClaimedByPhone' | 'emailVerifiedAt'>;

/**
 * The guest's account, found by e-mail (else by mobile), or made from the e-mail, or without one from the
 * mobile number (400 naming `email` when there is neither). An account holding the e-mail on a texted code's word only is the
 * guest's only when the contact has its number; otherwise it gives the address up and the guest gets an
 * account of their own (email-claims.ts).
 */
export async function findOrCreateGuest(tx: DbOrTx, contact: GuestContact, locale: Locale, now: Date, marks: NewGuestMarks = {}): Promise<UserRow> {
  const phone = contactPhone(contact);
  // An e-mail names the guest: a mobile number is only looked up without one (numbers change hands).
  const found = contact.email ? await userByEmail(tx, contact.email) : phone && (await userByPhone(tx, phone));
  if (found && contact.email && emailOnlyClaimed(found) && !holdsNumber(found, phone)) await releaseEmail(tx, found, now);
  else if (found) return found;
  if (!contact.email && !phone) throw badRequest(/*i18n*/ "Enter the guest's e-mail address or mobile number", 'email');
  return insertGuest(tx, {
    // Known by the number alone: an insert racing another for the same number finds that one (insertGuest).
    email: contact.email ? normalizeEmail(contact.email) : mobileOnlyEmail(phone!),
    firstName: contact.firstName,
    lastName: contact.lastName,
    mobileCountryCode: phone?.countryCode ?? null,
    mobileNumber: phone?.number ?? null,
    locale,
    ...marks,
    createdAt: now,
    updatedAt: now,
  });
}

/** The club's account for walk-ins who leave no contact. */
export async function walkInAccount(tx: DbOrTx, now: Date): Promise<UserRow> {
  return (await userByEmail(tx, WALK_IN_EMAIL)) ?? insertGuest(tx, { email: WALK_IN_EMAIL, firstName: 'Walk-in', lastName: 'Guest', createdAt: now, updatedAt: now });
}
