/** Routes of the set-up area (docs/decisions/0016-versioned-setup.md): admins, and a venue's staff when an admin allows it; the handlers check each body. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { areaVenue, setupAccess, tableVenue } from './setup-access';
import { createSetupHandlers } from './setup.handlers';
import { route } from '../route';

export function setupRoutes(): Hono<AppEnv> {
  const h = createSetupHandlers();
  const venueSetUp = [requireStaff(), setupAccess()] as const;
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  const app = new Hono<AppEnv>();
  route(app, 'get', '/admin/venue/{venueId}/floor', ...venueSetUp, h.floor);
  route(app, 'put', '/admin/venue/{venueId}/floor', ...venueSetUp, h.changeLayout);
  route(app, 'post', '/admin/venue/{venueId}/table', ...venueSetUp, h.createTable);
  route(app, 'put', '/admin/table/{id}', requireStaff(), setupAccess(tableVenue), h.changeTable);
  route(app, 'post', '/admin/venue/{venueId}/area', ...venueSetUp, h.createArea);
  route(app, 'put', '/admin/area/{id}', requireStaff(), setupAccess(areaVenue), h.changeArea);
  route(app, 'get', '/admin/venue/{venueId}/pacing', ...venueSetUp, h.pacing);
  route(app, 'put', '/admin/venue/{venueId}/pacing', ...venueSetUp, h.changePacing);
  route(app, 'put', '/admin/venue/{venueId}/booking-windows', ...venueSetUp, h.changeBookingWindows);
  route(app, 'put', '/admin/venue/{venueId}/late-grace', ...venueSetUp, h.changeLateGrace);
  route(app, 'get', '/admin/venue/{venueId}/turn-times', ...venueSetUp, h.turnTimes);
  route(app, 'put', '/admin/venue/{venueId}/turn-times', ...venueSetUp, h.changeTurnTimes);
  return app;
}
