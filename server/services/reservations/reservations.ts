/**
 * What the reservation operations share: the row type, their starting point, finding the caller's own
 * reservation, short references, locales, and turning database refusals into the API's answers.
 */
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { reservations, users } from '../../db/schema';
import { completionError } from '../../lib/errors';
import { isLocale, localeFromAcceptLanguage, LOCALES, type Locale } from '../../../common/locales';
import { loadVenueCatalog, type VenueCatalog } from '../booking-rules/venue-catalog';
import { selectionUnavailable } from '../booking-rules/selection-checks';

export type ReservationRow = typeof reservations.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** What the reservation operations need of the app (the config signs the manage links their mails carry). */
export type ReservationDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** Where every reservation operation starts: the database, the business clock's now, and the venues' set-up. */
export async function reservationScope(deps: ReservationDeps): Promise<{ db: Db; now: Date; catalog: VenueCatalog }> {
  return { db: deps.db, now: deps.clock.now(), catalog: await loadVenueCatalog(deps.db) };
}

/** The languages a reservation's messages can be sent in: the app's locales. */
export const RESERVATION_LOCALES = LOCALES;
export type ReservationLocale = Locale;

/** The locale to store on a reservation: the body's when given, else the caller's Accept-Language. */
export function resolveLocale(bodyLocale: string | undefined, acceptLanguage: string | undefined): ReservationLocale {
  return isLocale(bodyLocale) ? bodyLocale : localeFromAcceptLanguage(acceptLanguage);
}

// No 0/O or 1/I/L: the reference is read out over the phone.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A short human reference such as 'BAT-7K3Q9X': the venue's first three letters and six characters. */
export function newReservationReference(venueDomain: string): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${venueDomain.slice(0, 3).toUpperCase()}-${code}`;
}

/** The SQLSTATE of a database error, looking through Drizzle's wrapper. */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** SQLSTATE of an exclusion-constraint violation: a table double-booked in time. */
export const EXCLUSION_VIOLATION = '23P01';

/** Runs a booking step; the database's refusal of a double booking becomes 409 'Sorry, your selection is unavailable'. */
export async function mapDoubleBooking<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (sqlState(err) === EXCLUSION_VIOLATION) throw selectionUnavailable();
    throw err;
  }
}

/** docs/PRODUCT.md §8 1010103 'Reservation not found' (also for another user's reservation, so ids reveal nothing). */
export const reservationNotFound = () => completionError(1010103, 404);

/** The caller's reservation, locked for the rest of the transaction; 1010103 when missing or not theirs. */
export async function lockOwnReservation(tx: DbOrTx, id: string, userId: string): Promise<ReservationRow> {
  const [row] = await tx
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, id), eq(reservations.userId, userId)))
    .for('update');
  if (!row) throw reservationNotFound();
  return row;
}

/** The caller's reservation without locking; 1010103 when missing or not theirs. */
export async function findOwnReservation(db: DbOrTx, id: string, userId: string): Promise<ReservationRow> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, id), eq(reservations.userId, userId)));
  if (!row) throw reservationNotFound();
  return row;
}

/** The user row, or undefined when the token's user no longer exists. */
export async function findUser(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** Whether the user may book members-only experiences. */
export const isMember = (user: Pick<UserRow, 'role'> | undefined) => user?.role === 'member';
