/** Routes of booking before logging in (no login): public free slots and a verified guest's session. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createGuestBookingHandlers } from './guest-booking.handlers';

export function guestBookingRoutes(): Hono<AppEnv> {
  const h = createGuestBookingHandlers();
  return new Hono<AppEnv>()
    .get('/public/reservation/timeslot-availability/:venueId/:date', h.availability)
    .post('/public/guest/session', h.session);
}
