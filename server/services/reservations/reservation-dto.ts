/** The one wire shape of a reservation, used by every call that returns one. */
import type { Schema } from '../../lib/api-types';
import { priceBreakdown, ZERO_BREAKDOWN } from '../../../common/money';
import { effectiveStatus } from '../../../common/reservation-grouping';
import { formatDate, formatTime } from '../../../common/time';
import { paymentPolicyOf, type VenueCatalog } from '../booking-rules/venue-catalog';
import type { ReservationRow } from './reservations';

export type ReservationDto = Schema<'Reservation'>;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The venue and experience a booking or a waitlist entry names, as the wire shows them. */
export function venueAndExperienceRefs(catalog: VenueCatalog, row: { venueId: string; experienceId: string }) {
  const entry = catalog.venues.get(row.venueId);
  return {
    venue: { _id: row.venueId, name: entry?.venue.title ?? '', domain: entry?.venue.domain ?? '' },
    experience: { _id: row.experienceId, name: catalog.experiences.get(row.experienceId)?.name ?? '' },
  };
}

/**
 * What of the amount due was paid and what is still owed at the venue: a held booking has paid nothing
 * yet; a confirmed one has paid all but what staff let it owe (staff's "paid at the venue" moves the owed
 * part to paid).
 */
function paidAndOwed(row: Pick<ReservationRow, 'amountDue' | 'amountOwed' | 'confirmedAt'>) {
  if (!row.confirmedAt) return { paid: 0, owed: 0 };
  return { paid: Math.max(0, row.amountDue - row.amountOwed), owed: row.amountOwed };
}

/**
 * A reservation as the API returns it. A CONFIRMED one whose end has passed is reported EXPIRED (docs/PRODUCT.md §4);
 * the breakdown is the experience's price for the party, and `amountDue` what was fixed at booking.
 */
export function toReservationDto(row: ReservationRow, catalog: VenueCatalog, now: Date): ReservationDto {
  const experience = catalog.experiences.get(row.experienceId);
  const area = row.seatingAreaId ? catalog.areas.get(row.seatingAreaId) : undefined;
  const endTime = row.startTime + row.duration;
  const breakdown =
    experience && row.prePaymentType !== 'NONE' ? priceBreakdown(paymentPolicyOf(experience), row.numberOfGuests) : { ...ZERO_BREAKDOWN };
  return {
    _id: row.id,
    uniqueId: row.uniqueId,
    ...venueAndExperienceRefs(catalog, row),
    date: row.date,
    dateStr: formatDate(row.date),
    startTime: row.startTime,
    startTimeStr: formatTime(row.startTime),
    endTime,
    duration: row.duration,
    numberOfGuests: row.numberOfGuests,
    status: effectiveStatus({ date: row.date, startTime: row.startTime, endTime, status: row.status }, now),
    holdExpiresAt: row.status === 'PENDING' ? iso(row.holdExpiresAt) : null,
    seatingArea: area ? { _id: area.id, name: area.name } : null,
    bookingSource: row.bookingSource,
    guest: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      mobileCountryCode: row.mobileCountryCode,
      mobileNumber: row.mobileNumber,
      notes: row.notes,
      occasion: row.occasion,
      occasionNote: row.occasionNote,
      dietaryNeeds: row.dietaryNeeds,
      dietaryNote: row.dietaryNote,
    },
    payment: { prePaymentType: row.prePaymentType, amountDue: row.amountDue, currency: row.currency, breakdown, ...paidAndOwed(row) },
    createdAt: row.createdAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    canceledAt: iso(row.canceledAt),
    reconfirmedAt: iso(row.reconfirmedAt),
    reconfirmedVia: row.reconfirmedVia ?? null,
  };
}
