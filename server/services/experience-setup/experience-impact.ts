/**
 * Why an experience as a change would leave it no longer fits a confirmed booking of it: the day is not
 * one of its days, the booking's service not one of its services, or the party outside its sizes. The
 * set-up preview lists such bookings for staff to contact (server/services/setup/setup-impact.ts); they
 * are never cancelled, and a retired experience's bookings stand as booked.
 */
import type { ExperienceRow, ServicePeriodRow } from '../booking-rules/venue-catalog';
import { isoWeekday } from '../../../common/time';
import type { SetupImpactReason } from '../setup/impact-reasons';

type Booking = { date: string; numberOfGuests: number };

/** The experience's reasons for one booking (none when it still fits, or the experience is unknown or retired). Pure. */
export function experienceImpactReasons(experience: ExperienceRow | undefined, booking: Booking, period: ServicePeriodRow | undefined): SetupImpactReason[] {
  if (!experience?.active) return [];
  const reasons: SetupImpactReason[] = [];
  if (!experience.daysOfWeek.includes(isoWeekday(booking.date))) reasons.push('OUTSIDE_EXPERIENCE_DAYS');
  if (period && !experience.periodNames.includes(period.name)) reasons.push('OUTSIDE_EXPERIENCE_SERVICES');
  if (booking.numberOfGuests < experience.minGuests || booking.numberOfGuests > experience.maxGuests) reasons.push('OUTSIDE_EXPERIENCE_PARTY_SIZE');
  return reasons;
}
