/**
 * Everything an erasure looks for a guest by (docs/decisions/0032-erasure-all-of-it.md): their accounts
 * (the one erased and any merged into it), their bookings, and the names, addresses and numbers they and
 * their bookings gave, read before any of it is emptied.
 */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOnlyClaimed } from '../auth/email-claims';
import { reservations, users } from '../../db/schema';

export interface Phone {
  code: string;
  number: string;
}

export interface GuestIdentity {
  userId: string;
  reservationIds: string[];
  /** Each address as stored and in lower case (the outbox's recipient index is on the text as written). */
  emails: string[];
  phones: Phone[];
  /** First and last names as written, each once. */
  names: string[];
}

const phoneOf = (code: string | null, number: string | null): Phone | null => (code && number ? { code, number } : null);

/** The identity of `user` as stored now; call it before anonymising. */
export async function guestIdentity(tx: DbOrTx, user: typeof users.$inferSelect): Promise<GuestIdentity> {
  const booked = await tx
    .select({ id: reservations.id, first: reservations.firstName, last: reservations.lastName, email: reservations.email, code: reservations.mobileCountryCode, number: reservations.mobileNumber })
    .from(reservations)
    .where(eq(reservations.userId, user.id));
  const texts = (list: (string | null)[]) => [...new Set(list.filter((s): s is string => Boolean(s?.trim())).map((s) => s.trim()))];
  const phones = [phoneOf(user.mobileCountryCode, user.mobileNumber), ...booked.map((b) => phoneOf(b.code, b.number))].filter((p) => p !== null);
  // An address the account holds only on a texted code's word is not proven theirs (decision 0030): the mails
  // and contact messages of that address may be its real owner's, so an erasure leaves them.
  const unproven = emailOnlyClaimed(user) ? user.email.toLowerCase() : null;
  const emails = [user.email, ...booked.map((b) => b.email)].flatMap((e) => [e, e?.toLowerCase() ?? null]);
  return {
    userId: user.id,
    reservationIds: booked.map((b) => b.id),
    emails: texts(emails.filter((e) => e?.toLowerCase() !== unproven)),
    phones: [...new Map(phones.map((p) => [`${p.code}${p.number}`, p])).values()],
    names: texts([user.firstName, user.lastName, ...booked.flatMap((b) => [b.first, b.last])]),
  };
}

/** The accounts merged into `userId` (and into those), which are the same person (decision 0015). */
export async function mergedAccounts(tx: DbOrTx, userId: string): Promise<(typeof users.$inferSelect)[]> {
  const found: (typeof users.$inferSelect)[] = [];
  let into = [userId];
  while (into.length > 0) {
    const rows = await tx.select().from(users).where(inArray(users.mergedInto, into));
    found.push(...rows);
    into = rows.map((r) => r.id);
  }
  return found;
}

/**
 * A POSIX pattern finding the number however it was written ('9123 4567', '9123-4567', '+85291234567'),
 * but not inside a longer run of digits (a reference, an amount).
 */
export const phonePattern = (number: string) => `(^|[^0-9])${[...number.replace(/\D/g, '')].join('[ -]?')}([^0-9]|$)`;

/** A POSIX pattern (for `~*`) finding the address in a text, not as the tail of a longer one (x@ in ax@). */
export const emailPattern = (email: string) => `(^|[^a-z0-9._%+-])${email.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')}([^a-z0-9_-]|$)`;
