/** Routes of the set-up area (docs/decisions/0016-versioned-setup.md): admins, and a venue's staff when an admin allows it; the handlers check each body. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { areaVenue, setupAccess, tableVenue } from './setup-access';
import { createSetupHandlers } from './setup.handlers';

export function setupRoutes(): Hono<AppEnv> {
  const h = createSetupHandlers();
  const venueSetUp = [requireStaff(), setupAccess()] as const;
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  return new Hono<AppEnv>()
    .get('/admin/venue/:venueId/floor', ...venueSetUp, h.floor)
    .put('/admin/venue/:venueId/floor', ...venueSetUp, h.changeLayout)
    .post('/admin/venue/:venueId/table', ...venueSetUp, h.createTable)
    .put('/admin/table/:id', requireStaff(), setupAccess(tableVenue), h.changeTable)
    .post('/admin/venue/:venueId/area', ...venueSetUp, h.createArea)
    .put('/admin/area/:id', requireStaff(), setupAccess(areaVenue), h.changeArea)
    .get('/admin/venue/:venueId/pacing', ...venueSetUp, h.pacing)
    .put('/admin/venue/:venueId/pacing', ...venueSetUp, h.changePacing)
    .put('/admin/venue/:venueId/booking-windows', ...venueSetUp, h.changeBookingWindows)
    .get('/admin/venue/:venueId/turn-times', ...venueSetUp, h.turnTimes)
    .put('/admin/venue/:venueId/turn-times', ...venueSetUp, h.changeTurnTimes);
}
