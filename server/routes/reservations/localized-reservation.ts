/**
 * Reservation answers in the caller's language (`c.var.i18n`), their experience named through
 * `experienceText` with the set-up's own texts: the ones of the set-up the service just read to build the
 * answer (`experienceTextsNow`), so naming costs no round trip.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { localizeReservation } from '../localisation/content';
import type { ReservationDto } from '../../services/reservations/reservation-dto';
import { experienceTextsNow } from '../../services/booking-rules/venue-catalog';

export async function localizedReservations(c: Context<AppEnv>, reservations: readonly ReservationDto[]): Promise<ReservationDto[]> {
  const texts = await experienceTextsNow(c.get('deps').db);
  return reservations.map((reservation) => localizeReservation(c.var.i18n, reservation, texts));
}

export async function localizedReservation(c: Context<AppEnv>, reservation: ReservationDto): Promise<ReservationDto> {
  const [localized] = await localizedReservations(c, [reservation]);
  return localized!;
}
