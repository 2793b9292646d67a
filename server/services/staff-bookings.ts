/**
 * Working the book (issue 12): the bookings staff make at the host stand. Each is checked against the
 * caller's venue, placed under the same table-day locks as a guest's booking (services/reservation-tables.ts),
 * and written with its audit entry in one transaction.
 *
 * - A move goes through the guest's own change (services/reservation-change.ts): re-checked atomically,
 *   the manage link's version raised, the guest mailed the booking as it now stands.
 * - A phone booking is confirmed at once, with any deposit or prepayment owed rather than paid: no card is
 *   taken at the stand, the guest settles it at the venue (the confirmation says so), and the sheet shows
 *   the amount due. The guest is mailed the confirmation with its manage link.
 * - A walk-in is a booking from now, already seated (machines/visit.machine.ts), on a table free for the
 *   experience's length; its bill is settled at the table, so nothing is due beforehand.
 */
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../context';
import type { DbOrTx } from '../db/client';
import { reservations, type ReservationSource } from '../db/schema';
import { checkVenueAccess } from '../lib/auth';
import { ApiError, badRequest, completionError } from '../lib/errors';
import { ERROR_CODES } from '../../src/domain/error-codes';
import type { MoveBookingInput, PhoneBookingInput, WalkInInput } from '../../src/domain/staff-booking-validation';
import { SERVICE_DAY_TURNS_AT_MINUTE } from '../../src/domain/service-day';
import { addDays, hongKongDate, hongKongMinutes, MINUTES_PER_DAY } from '../../src/domain/time';
import { recordAudit } from './audit-log';
import { bookableSlot } from './slot-schedule';
import { checkSelection } from './selection-checks';
import {
  experienceNotFound,
  experienceOf,
  venueOf,
  type CatalogVenue,
  type ExperienceRow,
  type VenueTableRow,
} from './venue-catalog';
import { changeReservation } from './reservation-change';
import { toReservationDto, type ReservationDto } from './reservation-dto';
import { mailConfirmation } from './reservation-mail';
import { insertReservation, writeReservation, type NewReservation } from './reservation-insert';
import { placeOnFreeTable } from './reservation-tables';
import { isMember, reservationNotFound, reservationScope, type ReservationDeps, type ReservationRow } from './reservations';
import { contactPhone, findOrCreateGuest, walkInAccount } from './staff-guests';

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

/** Moves a booking to another time, dining area or table: 404, 403 another venue's, 409 when taken or no longer movable. */
export async function moveBooking(deps: ReservationDeps, actor: AuthUser, reservationId: string, input: MoveBookingInput): Promise<ReservationDto> {
  const { db, catalog } = await reservationScope(deps);
  const [found] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!found) throw reservationNotFound();
  checkVenueAccess(actor, found.venueId);
  const table = chosenTable(venueOf(catalog, found.venueId), input.tableId, found.numberOfGuests);
  const change = { date: input.date, startTime: input.startTime, seatingAreaId: table ? table.seatingAreaId : input.seatingAreaId, tableId: input.tableId };
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
  const table = chosenTable(entry, input.tableId, input.numberOfGuests);
  const slot = bookableSlot(entry, experience, input.date, input.startTime, now, 'staff');
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
          email: input.email ?? user.email,
          mobileCountryCode: phone?.countryCode ?? user.mobileCountryCode,
          mobileNumber: phone?.number ?? user.mobileNumber,
          notes: input.notes,
          locale: input.locale ?? user.locale,
        },
      });
      await mailConfirmation(tx, { row: inserted, catalog, payment: null, now, links: deps.config });
      return inserted;
    }),
  );
  return toReservationDto(row, catalog, now);
}

/** The experience a walk-in is seated for when staff name none: the venue's first open to all, preferring one with nothing to pay ahead. */
function walkInExperience(entry: CatalogVenue, experienceId: string | undefined): ExperienceRow {
  if (experienceId) return experienceOf(entry, experienceId);
  const open = entry.experiences.filter((e) => !e.membersOnly);
  const chosen = open.find((e) => e.prePaymentType === 'NONE') ?? open[0];
  if (!chosen) throw experienceNotFound();
  return chosen;
}

/** Seats a party that walked in, now, on a free table that fits (or the one staff chose): 409 when none is free. */
export async function seatWalkIn(deps: ReservationDeps, actor: AuthUser, venueId: string, input: WalkInInput): Promise<ReservationDto> {
  const { db, now, catalog } = await reservationScope(deps);
  checkVenueAccess(actor, venueId);
  const entry = venueOf(catalog, venueId);
  const experience = walkInExperience(entry, input.experienceId);
  const table = chosenTable(entry, input.tableId, input.numberOfGuests);

  const startMs = Math.floor(now.getTime() / 60_000) * 60_000;
  const minute = hongKongMinutes(now);
  const calendarDay = hongKongDate(now);
  // In the small hours a walk-in belongs to the previous service day (a supper, a late bar), as the sheet lists it.
  const [date, startTime] =
    minute < SERVICE_DAY_TURNS_AT_MINUTE ? [addDays(calendarDay, -1), minute + MINUTES_PER_DAY] : [calendarDay, minute];
  const duration = experience.durationMinutes;
  const slot = { startTime, duration, startMs, endMs: startMs + duration * 60_000 };

  const row = await writeReservation(() =>
    db.transaction(async (tx) => {
      const placement = await placeOnFreeTable(tx, {
        entry,
        date,
        slot,
        numberOfGuests: input.numberOfGuests,
        seatingAreaId: table?.seatingAreaId ?? null,
        now,
        tableId: input.tableId,
        rules: 'staff',
      }).catch((err: unknown) => {
        throw !input.tableId && err instanceof ApiError && err.status === 409 ? noTableFreeNow() : err;
      });
      return insertStaffBooking(tx, actor, {
        entry,
        experience,
        user: await walkInAccount(tx, now),
        placement,
        source: 'STAFF_WALK_IN',
        now,
        values: {
          visitStatus: 'SEATED',
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          notes: input.notes,
          // Settled at the table like any bill: nothing is asked ahead.
          prePaymentType: 'NONE',
          amountDue: 0,
        },
      });
    }),
  );
  return toReservationDto(row, catalog, now);
}
