/** Routes of the reservations area (docs/PRODUCT.md §7), all for a logged-in caller. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireSignedToken, requireTokenSessionInHandler, requireUser } from '../../lib/auth';
import { createReservationHandlers } from './reservations.handlers';
import { createChangeHoldHandlers } from './change-holds.handlers';

export function reservationRoutes(): Hono<AppEnv> {
  const h = createReservationHandlers();
  const held = createChangeHoldHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  const user = requireUser();
  return new Hono<AppEnv>()
    .get('/user/reservation/v1.1/timeslot-availability/:venueId/:date', requireSignedToken(), h.availability)
    .post('/user/reservation/v1.1', requireTokenSessionInHandler(), h.create)
    .get('/user/reservation', user, h.list)
    .get('/user/reservation/:id', user, h.get)
    .get('/user/reservation/:id/calendar.ics', user, h.calendar)
    .put('/user/reservation/v1.1/complete/:id', user, h.complete)
    .put('/user/reservation/v1.1/cancel/:id', user, h.cancel)
    .post('/user/reservation/v1.1/:id/quote', user, h.quote)
    .post('/user/reservation/v1.1/:id/change-hold', user, held.hold)
    .get('/user/reservation/v1.1/:id/change-hold/:holdId', user, held.state)
    .delete('/user/reservation/v1.1/:id/change-hold/:holdId', user, held.giveUp)
    .post('/user/reservation/v1.1/:id/change-hold/:holdId/payment', user, held.pay)
    .put('/user/reservation/v1.1/:id', user, h.update);
}
