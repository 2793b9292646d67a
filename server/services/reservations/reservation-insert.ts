/**
 * Writing a reservation's row: the one insert a guest's hold, a waitlist offer, a phone booking and a
 * walk-in share, each on a table the caller has placed it on under lock (services/reservation-tables.ts).
 */
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations } from '../../db/schema';
import { newId } from '../../lib/ids';
import { amountDue } from '../../../common/money';
import type { Placement } from './reservation-tables';
import { mapDoubleBooking, newReservationReference, sqlState, type ReservationRow, type UserRow } from './reservations';
import { paymentPolicyOf, type CatalogVenue, type ExperienceRow } from '../booking-rules/venue-catalog';

type ReservationValues = typeof reservations.$inferInsert;

export interface NewReservation {
  entry: CatalogVenue;
  experience: ExperienceRow;
  user: Pick<UserRow, 'id'>;
  placement: Placement;
  now: Date;
  /**
   * What the kind of booking decides: its status and source, and anything else of its own. The status may
   * be SQL that answers it as the row is written (a guest's guarded hold, guarded-hold.ts).
   */
  values: Pick<ReservationValues, 'bookingSource'> & Partial<Omit<ReservationValues, 'status'>> & { status: ReservationValues['status'] | SQL };
}

/** The row of a new reservation, under a new short reference, owing what its experience asks for the party. */
export function reservationValues({ entry, experience, user, placement, now, values }: NewReservation) {
  return {
    id: newId(),
    uniqueId: newReservationReference(entry.venue.domain),
    userId: user.id,
    venueId: entry.venue.id,
    experienceId: experience.id,
    ...placement,
    prePaymentType: experience.prePaymentType,
    amountDue: amountDue(paymentPolicyOf(experience), placement.numberOfGuests),
    createdAt: now,
    updatedAt: now,
    ...values,
  };
}

/** Inserts the reservation (`reservationValues`). */
export async function insertReservation(tx: DbOrTx, reservation: NewReservation): Promise<ReservationRow> {
  const [row] = await tx.insert(reservations).values(reservationValues(reservation)).returning();
  return row!;
}

// The short reference is random: one that clashes with another booking's is drawn again.
const UNIQUE_VIOLATION = '23505';
const REFERENCE_ATTEMPTS = 3;

/**
 * Runs `write`, a transaction that inserts a reservation: a table taken meanwhile is 409 20102
 * (`mapDoubleBooking`), and a reference the database refuses as taken runs the whole transaction again.
 */
export async function writeReservation<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await mapDoubleBooking(write);
    } catch (err) {
      if (sqlState(err) === UNIQUE_VIOLATION && attempt < REFERENCE_ATTEMPTS) continue;
      throw err;
    }
  }
}
