/** Routes of the set-up area (issue 24): admins only, every one; the handlers check each body. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../lib/auth';
import { createSetupHandlers } from './setup.handlers';

export function setupRoutes(): Hono<AppEnv> {
  const h = createSetupHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  return new Hono<AppEnv>()
    .get('/admin/venue/:venueId/floor', requireAdmin(), h.floor)
    .put('/admin/venue/:venueId/floor', requireAdmin(), h.changeLayout)
    .post('/admin/venue/:venueId/table', requireAdmin(), h.createTable)
    .put('/admin/table/:id', requireAdmin(), h.changeTable)
    .post('/admin/venue/:venueId/area', requireAdmin(), h.createArea)
    .put('/admin/area/:id', requireAdmin(), h.changeArea)
    .get('/admin/venue/:venueId/pacing', requireAdmin(), h.pacing)
    .put('/admin/venue/:venueId/pacing', requireAdmin(), h.changePacing)
    .get('/admin/venue/:venueId/turn-times', requireAdmin(), h.turnTimes)
    .put('/admin/venue/:venueId/turn-times', requireAdmin(), h.changeTurnTimes);
}
