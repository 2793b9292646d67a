/** Routes of the reservations area (docs/PRODUCT.md §7), all for a logged-in caller. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireSignedToken, requireTokenSessionInHandler, requireUser } from '../../lib/auth';
import { createReservationHandlers } from './reservations.handlers';
import { createChangeHoldHandlers } from './change-holds.handlers';
import { route } from '../route';

export function reservationRoutes(): Hono<AppEnv> {
  const h = createReservationHandlers();
  const held = createChangeHoldHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  const user = requireUser();
  const app = new Hono<AppEnv>();
  route(app, 'get', '/user/reservation/v1.1/timeslot-availability/{venueId}/{date}', requireSignedToken(), h.availability);
  route(app, 'post', '/user/reservation/v1.1', requireTokenSessionInHandler(), h.create);
  route(app, 'get', '/user/reservation', user, h.list);
  route(app, 'get', '/user/reservation/{id}', user, h.get);
  route(app, 'get', '/user/reservation/{id}/calendar.ics', user, h.calendar);
  route(app, 'put', '/user/reservation/v1.1/complete/{id}', user, h.complete);
  route(app, 'put', '/user/reservation/v1.1/cancel/{id}', user, h.cancel);
  route(app, 'post', '/user/reservation/v1.1/{id}/quote', user, h.quote);
  route(app, 'post', '/user/reservation/v1.1/{id}/change-hold', user, held.hold);
  route(app, 'get', '/user/reservation/v1.1/{id}/change-hold/{holdId}', user, held.state);
  route(app, 'delete', '/user/reservation/v1.1/{id}/change-hold/{holdId}', user, held.giveUp);
  route(app, 'post', '/user/reservation/v1.1/{id}/change-hold/{holdId}/payment', user, held.pay);
  route(app, 'put', '/user/reservation/v1.1/{id}', user, h.update);
  return app;
}
