/**
 * Working the book (docs/PRODUCT.md §6): the bookings staff make at the host stand. Each is checked against the
 * caller's venue, placed under the same table-day locks as a guest's booking (services/reservation-tables.ts),
 * and written with its audit entry in one transaction.
 *
 * - A move goes through the guest's own change (services/reservation-change.ts): re-checked atomically,
 *   the manage link's version raised, the guest mailed the booking as it now stands.
 * - A phone booking is confirmed at once, with any deposit or prepayment owed rather than paid: no card is
 *   taken at the stand, and the sheet shows the amount due. The guest is mailed the confirmation with its
 *   manage link, and sent the pay link (services/pay-link/pay-links.ts) to pay it ahead.
 * - A walk-in is a booking from now, already seated (machines/visit.machine.ts), on a table free for the
 *   experience's length; its bill is settled at the table, so nothing is due beforehand.
 */
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { reservations, type ReservationSource } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import { ApiError, badRequest, completionError, conflict } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import type { MoveBookingInput, PhoneBookingInput, WalkInInput } from '../../../common/validation/staff-booking-validation';
import { amountDue } from '../../../common/money';
import { serviceDayOf } from '../../../common/service-day';
import { recordAudit } from '../audit/audit-log';
import { notJoinedFor, StaffRefusal } from '../booking-rules/staff-refusals';
import { bookableSlot, closedNow, notServedNow, periodAt } from '../booking-rules/slot-schedule';
import { checkSelection } from '../booking-rules/selection-checks';
import {
  experienceOf,
  paymentPolicyOf,
  venueOf,
  type CatalogVenue,
  type ExperienceRow,
  type ServicePeriodRow,
  type VenueCatalog,
  type VenueTableRow,
} from '../booking-rules/venue-catalog';
import { changeReservation, quoteReservationChange, type CancelDeps, type ChangeReservationInput } from '../reservations/reservation-change';
import type { ChangeQuote } from '../payments/change-money';
import { toReservationDto, type ReservationDto } from '../reservations/reservation-dto';
import { mailConfirmation } from '../reservations/reservation-mail';
import { insertReservation, writeReservation, type NewReservation } from '../reservations/reservation-insert';
import { placeOnFreeTable, type Placement, type TableRequest } from '../reservations/reservation-tables';
import { combinationsWith, fittingCombinations, isCombinationOf, type TableCombination } from '../booking-rules/table-fit';
import { isMember, reservationNotFound, reservationScope, type ReservationDeps, type ReservationRow } from '../reservations/reservations';
import { contactPhone, findOrCreateGuest, isReservedEmail, walkInAccount } from '../guest-accounts/guest-accounts';
import { closePayLinkPaidAtVenue, sendPayLinkFor } from '../pay-link/pay-links';

/** What the audit log keeps of a booking staff placed or moved. */
const placementView = (row: ReservationRow) => ({
  status: row.status,
  visitStatus: row.visitStatus,
  date: row.date,
  startTime: row.startTime,
  numberOfGuests: row.numberOfGuests,
  seatingAreaId: row.seatingAreaId,
  tableId: row.tableId,
  amountDue: row.amountDue,
});

/** 409 20102 to a walk-in: no table that seats the party is free from now for the meal's length. */
export const noTableFreeNow = () => new ApiError(409, ERROR_CODES.SELECTION_UNAVAILABLE, /*i18n*/ 'No table that seats this party is free now');

/** The table staff chose: 400 naming `tableId` when it is not the venue's or does not seat the party. */
function chosenTable(entry: CatalogVenue, tableId: string | undefined, numberOfGuests: number): VenueTableRow | undefined {
  if (tableId === undefined) return undefined;
  const table = entry.tables.find((t) => t.id === tableId);
  if (!table) throw badRequest(/*i18n*/ 'tableId does not name a table of this venue', 'tableId');
  if (numberOfGuests < table.minGuests || numberOfGuests > table.maxGuests) {
    throw badRequest(/*i18n*/ 'Table {table} seats {min} to {max} guests', 'tableId', { table: table.name, min: table.minGuests, max: table.maxGuests });
  }
  return table;
}

/**
 * The tables joined staff chose (docs/PRODUCT.md §9, tables joined): 400 naming `tableIds` unless they are tables of
 * the venue that make one combination seating the party by the rules every booking is placed by
 * (`fittingCombinations`, for staff: none when a single table seats the party).
 */
function chosenCombination(entry: CatalogVenue, tableIds: readonly string[] | undefined, numberOfGuests: number): TableCombination | undefined {
  if (tableIds === undefined) return undefined;
  const tables = entry.tables.filter((t) => tableIds.includes(t.id));
  if (tables.length !== tableIds.length) throw badRequest(/*i18n*/ 'tableIds does not name tables of this venue', 'tableIds');
  const combination = fittingCombinations(entry, numberOfGuests, null, 'staff').find((c) => isCombinationOf(c, tableIds));
  if (!combination) throw notJoinedFor(tables.map((t) => t.name), numberOfGuests);
  return combination;
}

/** The staff's move as a change of the booking: the chosen table (or tables joined) names the area, and must seat the party. */
function staffChange(catalog: VenueCatalog, found: ReservationRow, input: MoveBookingInput): ChangeReservationInput {
  const entry = venueOf(catalog, found.venueId);
  const guests = input.numberOfGuests ?? found.numberOfGuests;
  const chosen = chosenTable(entry, input.tableId, guests) ?? chosenCombination(entry, input.tableIds, guests);
  return {
    date: input.date,
    startTime: input.startTime,
    seatingAreaId: chosen ? chosen.seatingAreaId : input.seatingAreaId,
    tableId: input.tableId,
    tableIds: input.tableIds,
    numberOfGuests: input.numberOfGuests,
  };
}

/** A staff booking of the caller's venue, or 404 / 403. */
async function staffBookingOf(deps: ReservationDeps, actor: AuthUser, reservationId: string): Promise<ReservationRow> {
  const [found] = await deps.db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!found) throw reservationNotFound();
  checkVenueAccess(actor, found.venueId);
  return found;
}

/** What a staff move or party change would cost, before it is made: the difference is owed, never charged. */
export async function quoteStaffChange(deps: CancelDeps, actor: AuthUser, reservationId: string, input: MoveBookingInput): Promise<ChangeQuote> {
  const { catalog } = await reservationScope(deps);
  const found = await staffBookingOf(deps, actor, reservationId);
  return quoteReservationChange(deps, found.userId, found.id, staffChange(catalog, found, input), {}, { rules: 'staff' });
}

/**
 * What the booking owed, recorded as paid at the venue (the guest paid the host): once, audited as
 * reservation.paid-at-venue in the same transaction, which closes its pay link as paid. 409 when nothing
 * is owed (a payment through the link came first: both lock the booking, so one of the two wins).
 */
export async function recordPaidAtVenue(deps: ReservationDeps, actor: AuthUser, reservationId: string): Promise<ReservationDto> {
  const { db, now, catalog } = await reservationScope(deps);
  await staffBookingOf(deps, actor, reservationId);
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
    if (!current || current.amountOwed <= 0 || !['CONFIRMED', 'NO_SHOW'].includes(current.status)) throw nothingOwed();
    const [updated] = await tx
      .update(reservations)
      .set({ amountOwed: 0, paidAtVenue: current.paidAtVenue + current.amountOwed, updatedAt: now })
      .where(eq(reservations.id, current.id))
      .returning();
    await closePayLinkPaidAtVenue(tx, current.id, now);
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: current.venueId,
      action: 'reservation.paid-at-venue',
      entityType: 'reservation',
      entityId: current.id,
      before: { amountOwed: current.amountOwed, paidAtVenue: current.paidAtVenue },
      after: { amountOwed: updated!.amountOwed, paidAtVenue: updated!.paidAtVenue },
      at: now,
    });
    return updated!;
  });
  return toReservationDto(row, catalog, now);
}

/** 409 to "paid at the venue" when the booking owes nothing (already recorded, say). */
const nothingOwed = () => conflict(/*i18n*/ 'Nothing is owed for this booking');

/** Moves a booking to another time, dining area, table or party size: 404, 403 another venue's, 409 when taken or no longer movable. */
export async function moveBooking(deps: CancelDeps, actor: AuthUser, reservationId: string, input: MoveBookingInput): Promise<ReservationDto> {
  const { catalog } = await reservationScope(deps);
  const found = await staffBookingOf(deps, actor, reservationId);
  const change = staffChange(catalog, found, input);
  return changeReservation(deps, found.userId, found.id, change, {}, {
    rules: 'staff',
    within: (tx, before, after) =>
      recordAudit(tx, {
        actorId: actor.id,
        venueId: before.venueId,
        action: 'reservation.move',
        entityType: 'reservation',
        entityId: before.id,
        before: placementView(before),
        after: placementView(after),
        at: deps.clock.now(),
      }),
  });
}

/** A booking staff made: which kind, and what it sets beyond a guest's. */
type StaffBooking = Omit<NewReservation, 'values'> & { source: ReservationSource; values: Partial<NewReservation['values']> };

/** Inserts a CONFIRMED booking staff made, with its audit entry. */
async function insertStaffBooking(tx: DbOrTx, actor: AuthUser, { source, values, ...booking }: StaffBooking): Promise<ReservationRow> {
  const { entry, user, now } = booking;
  const row = await insertReservation(tx, { ...booking, values: { status: 'CONFIRMED', confirmedAt: now, bookingSource: source, ...values } });
  await recordAudit(tx, {
    actorId: actor.id,
    venueId: entry.venue.id,
    action: source === 'STAFF_WALK_IN' ? 'reservation.walk-in' : 'reservation.phone-booking',
    entityType: 'reservation',
    entityId: row.id,
    before: null,
    after: { ...placementView(row), userId: user.id, bookingSource: source },
    at: now,
  });
  return row;
}

/**
 * Books a table for a guest who called: the slot must be on the venue's schedule and still ahead (the
 * online party sizes and lead time are the guest's rules, not the team's). 409 when the table or slot is
 * taken, 403 for a members-only experience and a guest who is not a member.
 */
export async function createPhoneBooking(deps: ReservationDeps, actor: AuthUser, input: PhoneBookingInput): Promise<ReservationDto> {
  const { db, now, catalog } = await reservationScope(deps);
  checkVenueAccess(actor, input.venueId);
  const { entry, experience } = checkSelection(catalog, input, now, 'staff');
  const table = chosenTable(entry, input.tableId, input.numberOfGuests) ?? chosenCombination(entry, input.tableIds, input.numberOfGuests);
  const slot = bookableSlot(entry, experience, input.date, input.startTime, now, 'staff', input.numberOfGuests);
  const phone = contactPhone(input);

  const row = await writeReservation(() =>
    db.transaction(async (tx) => {
      const user = await findOrCreateGuest(tx, input, input.locale ?? 'en', now);
      if (experience.membersOnly && !isMember(user)) throw completionError(1010101, 403);
      const placement = await placeOnFreeTable(tx, {
        entry,
        date: input.date,
        slot,
        numberOfGuests: input.numberOfGuests,
        seatingAreaId: table ? table.seatingAreaId : (input.seatingAreaId ?? null),
        now,
        tableId: input.tableId,
        tableIds: input.tableIds,
        rules: 'staff',
      });
      const inserted = await insertStaffBooking(tx, actor, {
        entry,
        experience,
        user,
        placement,
        source: 'STAFF_PHONE',
        now,
        values: {
          firstName: input.firstName,
          lastName: input.lastName,
          // A guest known by mobile only has no address to mail: the booking keeps none, so no mail is queued.
          email: input.email ?? (isReservedEmail(user.email) ? null : user.email),
          mobileCountryCode: phone?.countryCode ?? user.mobileCountryCode,
          mobileNumber: phone?.number ?? user.mobileNumber,
          notes: input.notes,
          staffNotes: input.staffNotes,
          locale: input.locale ?? user.locale,
          // No card is taken by phone: the whole deposit or prepayment is owed, payable at the venue.
          amountOwed: amountDue(paymentPolicyOf(experience), placement.numberOfGuests),
        },
      });
      await mailConfirmation(tx, { row: inserted, catalog, payment: null, now, links: deps.config });
      // What is owed can be paid ahead through the link sent with it (decision 0036).
      await sendPayLinkFor(tx, { row: inserted, experience, catalog, now, links: deps.config });
      return inserted;
    }),
  );
  return toReservationDto(row, catalog, now);
}

/**
 * The experience a walk-in is seated for: the one staff named, which the service running now must serve
 * (409 20110 otherwise); else the first open to all that it serves, preferring one with nothing to pay ahead.
 */
export function walkInExperience(entry: CatalogVenue, experienceId: string | undefined, period: ServicePeriodRow, minutes: number): ExperienceRow {
  const served = (e: ExperienceRow) => e.periodNames.includes(period.name);
  if (experienceId) {
    const named = experienceOf(entry, experienceId);
    if (!served(named)) throw notServedNow(minutes);
    return named;
  }
  const open = entry.experiences.filter((e) => !e.membersOnly && served(e));
  const chosen = open.find((e) => e.prePaymentType === 'NONE') ?? open[0];
  if (!chosen) throw notServedNow(minutes);
  return chosen;
}

/** The first of these combinations free for the request, tried in order under their locks (409 as the last one answers). */
async function firstFreeCombination(tx: DbOrTx, request: Omit<TableRequest, 'tableIds'>, combinations: readonly string[][]): Promise<Placement> {
  for (const [i, tableIds] of combinations.entries()) {
    try {
      return await placeOnFreeTable(tx, { ...request, tableIds: [...tableIds], joinedOnTheFloor: true });
    } catch (err) {
      // Refused in words, before any statement failed: the transaction goes on to the next combination.
      if (!(err instanceof ApiError && err.status === 409) || i === combinations.length - 1) throw err;
    }
  }
  throw new Error('no combination given');
}

/**
 * Seats a party that walked in, now, on a free table that fits (or the one staff chose): 409 20110 while
 * the venue serves nothing (between or after its services), 409 20102 when no table is free. `alongside`
 * runs in the same transaction once the visit is written (a queued party marked seated), and may refuse it.
 */
export async function seatWalkIn(
  deps: ReservationDeps,
  actor: AuthUser,
  venueId: string,
  input: WalkInInput,
  alongside?: (tx: DbOrTx, row: ReservationRow) => Promise<void>,
): Promise<ReservationDto> {
  const { db, now, catalog } = await reservationScope(deps);
  checkVenueAccess(actor, venueId);
  const entry = venueOf(catalog, venueId);
  // In the small hours a walk-in belongs to the previous service day (a supper, a late bar), the day staff
  // have open as today; it is taken only while one of that day's services is running.
  const { date, minutes: startTime } = serviceDayOf(now);
  const period = periodAt(entry, date, startTime);
  if (!period) throw closedNow(startTime);
  const experience = walkInExperience(entry, input.experienceId, period, startTime);
  // A table too small for the party is given joined with the others of its combination, the first free, as a booking's is (docs/PRODUCT.md §6).
  const joins = input.tableId ? combinationsWith(entry, input.numberOfGuests, input.tableId) : [];
  const table = joins.length > 0 ? entry.tables.find((t) => t.id === input.tableId) : chosenTable(entry, input.tableId, input.numberOfGuests);

  const startMs = Math.floor(now.getTime() / 60_000) * 60_000;
  const duration = experience.durationMinutes;
  const slot = { startTime, duration, startMs, endMs: startMs + duration * 60_000, period };

  const row = await writeReservation(() =>
    db.transaction(async (tx) => {
      const request = { entry, date, slot, numberOfGuests: input.numberOfGuests, seatingAreaId: table?.seatingAreaId ?? null, now, rules: 'staff' as const };
      const placement = await (joins.length > 0 ? firstFreeCombination(tx, request, joins) : placeOnFreeTable(tx, { ...request, tableId: input.tableId })).catch((err: unknown) => {
        // Tables joined taken are named (staff-refusals.ts); otherwise the walk-in is told no table is free now.
        const named = err instanceof StaffRefusal && err.reason.code === 'COMBINATION_TAKEN';
        throw !input.tableId && !named && err instanceof ApiError && err.status === 409 ? noTableFreeNow() : err;
      });
      const seated = await insertStaffBooking(tx, actor, {
        entry,
        experience,
        user: await walkInAccount(tx, now),
        placement,
        source: 'STAFF_WALK_IN',
        now,
        values: {
          visitStatus: 'SEATED',
          seatedAt: now,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          // A walk-in is mailed nothing and reads nothing back: what the host typed is the team's (docs/decisions/0034-staff-notes.md).
          notes: null,
          staffNotes: input.notes,
          // Settled at the table like any bill: nothing is asked ahead.
          prePaymentType: 'NONE',
          amountDue: 0,
        },
      });
      await alongside?.(tx, seated);
      return seated;
    }),
  );
  return toReservationDto(row, catalog, now);
}
