/** Routes of booking before logging in (no login): public free slots and a verified guest's session. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createGuestBookingHandlers } from './guest-booking.handlers';
import { route } from '../route';

export function guestBookingRoutes(): Hono<AppEnv> {
  const h = createGuestBookingHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'get', '/public/reservation/timeslot-availability/{venueId}/{date}', h.availability);
  route(app, 'post', '/public/guest/session', h.session);
  return app;
}
