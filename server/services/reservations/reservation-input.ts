/**
 * What a guest's or staff's booking asks for: one module of its own, so the guarded hold and the booking's
 * creation both read it without importing each other.
 */
import type { BookingSource } from '../../db/schema';
import type { ReservationLocale } from './reservations';

/** The venue, experience, day, time and party a booking asks for. */
export interface CreateReservationInput {
  venueId: string;
  experienceId: string;
  date: string;
  startTime: number;
  numberOfGuests: number;
  seatingAreaId?: string;
  bookingSource: BookingSource;
  locale: ReservationLocale;
}
