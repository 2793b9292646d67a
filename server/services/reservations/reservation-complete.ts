/**
 * Completing (confirming) a held reservation with the guest's details. Every rule of docs/PRODUCT.md §8's catalogue
 * is checked in one transaction with the reservation locked; a refused call changes nothing, except that
 * a hold found run out is cancelled on the way.
 */
import { and, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations, users } from '../../db/schema';
import { ApiError, completionError } from '../../lib/errors';
import type { CompleteReservationInput } from '../../../common/validation/guest-details';
import { isLiveAt, occupiesDuring } from '../booking-rules/busy-intervals';
import { venueOf } from '../booking-rules/venue-catalog';
import { takePaymentForCompletion } from '../payments/payments';
import { cardGuaranteeRequired, guaranteeCardOf } from '../payments/card-guarantee';
import { hasRecentVerifiedPhone, normalizePhone } from '../auth/phone-verification';
import { mailConfirmation } from './reservation-mail';
import { toReservationDto, type ReservationDto } from './reservation-dto';
import {
  findUser,
  isMember,
  lockOwnReservation,
  reservationScope,
  type ReservationDeps,
  type ReservationRow,
} from './reservations';

/** Statuses that use up a member's annual allowance. */
const ANNUAL_STATUSES = ['CONFIRMED', 'EXPIRED', 'LATE_CANCELED', 'NO_SHOW'] as const;

/** The same user's reservations other than `row`, narrowed by `conditions`. */
const othersOfUser = (row: ReservationRow, ...conditions: (SQL | undefined)[]) =>
  and(eq(reservations.userId, row.userId), ne(reservations.id, row.id), ...conditions);

async function countOthersOfUser(tx: DbOrTx, row: ReservationRow, ...conditions: (SQL | undefined)[]): Promise<number> {
  const [result] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(othersOfUser(row, ...conditions));
  return Number(result?.n ?? 0);
}

/** Upcoming reservations that hold a table: CONFIRMED, or a hold still running. */
const activeReservationCount = (tx: DbOrTx, row: ReservationRow, now: Date) =>
  countOthersOfUser(tx, row, gt(reservations.startsAt, now), isLiveAt(now));

/** Reservations that use up the allowance in the Hong Kong calendar year of the reservation's service day. */
const annualReservationCount = (tx: DbOrTx, row: ReservationRow) =>
  countOthersOfUser(
    tx,
    row,
    inArray(reservations.status, [...ANNUAL_STATUSES]),
    sql`${reservations.date} LIKE ${`${row.date.slice(0, 4)}-%`}`,
  );

async function hasOverlapElsewhere(tx: DbOrTx, row: ReservationRow): Promise<boolean> {
  const [found] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      othersOfUser(
        row,
        ne(reservations.venueId, row.venueId),
        eq(reservations.status, 'CONFIRMED'),
        // A visit the guest has finished no longer overlaps: it is over from when it finished.
        occupiesDuring(sql`${row.startsAt.toISOString()}::timestamptz`, sql`${row.endsAt.toISOString()}::timestamptz`),
      ),
    )
    .limit(1);
  return Boolean(found);
}

/**
 * Confirms the caller's held reservation and queues the confirmation e-mail (with the amount paid and a
 * calendar invitation) in the same transaction. Already CONFIRMED: answers it unchanged (a retried call).
 * Refusals, in this order: 1010103, 10202, 10203, 10205, 1010101, 1010104, 1010105, 10208, 10210, 20260.
 */
export async function completeReservation(
  deps: ReservationDeps,
  userId: string,
  reservationId: string,
  input: CompleteReservationInput,
): Promise<ReservationDto> {
  const { db, now, catalog } = await reservationScope(deps);

  const outcome = await db.transaction(async (tx): Promise<{ row: ReservationRow } | { refused: ApiError }> => {
    const row = await lockOwnReservation(tx, reservationId, userId);
    if (row.status === 'CONFIRMED') return { row };
    if (row.status !== 'PENDING') throw completionError(10202);
    if (!row.holdExpiresAt || row.holdExpiresAt <= now) {
      // The hold ran out: release the table now, then refuse (this change is kept).
      await tx
        .update(reservations)
        .set({ status: 'CANCELED', canceledAt: now, updatedAt: now })
        .where(eq(reservations.id, row.id));
      return { refused: completionError(10202) };
    }
    if (row.startsAt <= now) throw completionError(10203);

    if (!input.mobileCountryCode?.trim() || !input.mobileNumber) throw completionError(10205);
    // Stored as the verification service stores numbers ('+852', digits), so later look-ups match.
    const { countryCode, number: mobileNumber } = normalizePhone(input.mobileCountryCode, input.mobileNumber);
    const venue = venueOf(catalog, row.venueId).venue;
    if (venue.requiresPhoneVerification && !(await hasRecentVerifiedPhone(tx, countryCode, mobileNumber, now))) {
      throw completionError(10205);
    }

    const experience = catalog.experiences.get(row.experienceId);
    const user = await findUser(tx, userId);
    if (experience?.membersOnly && !isMember(user)) throw completionError(1010101, 403);
    if (user?.activeReservationLimit != null && (await activeReservationCount(tx, row, now)) >= user.activeReservationLimit) {
      throw completionError(1010104);
    }
    if (user?.annualReservationLimit != null && (await annualReservationCount(tx, row)) >= user.annualReservationLimit) {
      throw completionError(1010105);
    }
    if (await hasOverlapElsewhere(tx, row)) throw completionError(10208);
    // Paid by card (the webhook or our check with the processor said so), or debited from the wallet
    // here and now, in this transaction; 10210 otherwise.
    const payment = row.prePaymentType !== 'NONE' && row.amountDue > 0 ? await takePaymentForCompletion(tx, row, catalog, now) : null;
    // A card guarantee: the card saved (the guest's check of it with the processor said so), nothing charged; 20260 otherwise.
    if (row.prePaymentType === 'GUARANTEE' && !(await guaranteeCardOf(tx, row.id))) throw cardGuaranteeRequired();

    const [updated] = await tx
      .update(reservations)
      .set({
        status: 'CONFIRMED',
        holdExpiresAt: null,
        confirmedAt: now,
        updatedAt: now,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        mobileCountryCode: countryCode,
        mobileNumber,
        notes: input.notes ?? row.notes,
        occasion: input.occasion,
        occasionNote: input.occasionNote,
        dietaryNeeds: input.dietaryNeeds,
        dietaryNote: input.dietaryNote,
      })
      .where(eq(reservations.id, row.id))
      .returning();
    // The party's needs fill in the guest's next booking (the occasion belongs to this visit only).
    await tx
      .update(users)
      .set({ dietaryNeeds: input.dietaryNeeds, dietaryNote: input.dietaryNote, updatedAt: now })
      .where(eq(users.id, userId));
    await mailConfirmation(tx, { row: updated!, catalog, payment, now, links: deps.config });
    return { row: updated! };
  });

  if ('refused' in outcome) throw outcome.refused;
  return toReservationDto(outcome.row, catalog, now);
}
