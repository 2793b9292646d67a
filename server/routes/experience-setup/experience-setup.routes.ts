/**
 * Routes of the experiences' set-up (docs/decisions/0016-versioned-setup.md): admins, and a venue's staff when an admin allows it, as for
 * every set-up call (routes/setup/setup-access.ts); the handlers check each body.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { experienceVenue, setupAccess } from '../setup/setup-access';
import { createExperienceSetupHandlers } from './experience-setup.handlers';
import { route } from '../route';

export function experienceSetupRoutes(): Hono<AppEnv> {
  const h = createExperienceSetupHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  const app = new Hono<AppEnv>();
  route(app, 'get', '/admin/venue/{venueId}/experiences', requireStaff(), setupAccess(), h.list);
  route(app, 'post', '/admin/venue/{venueId}/experience', requireStaff(), setupAccess(), h.create);
  route(app, 'put', '/admin/experience/{id}', requireStaff(), setupAccess(experienceVenue), h.change);
  return app;
}
