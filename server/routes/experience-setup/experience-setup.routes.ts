/** Routes of the experiences' set-up (issue 24): admins only, every one; the handlers check each body. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../lib/auth';
import { createExperienceSetupHandlers } from './experience-setup.handlers';

export function experienceSetupRoutes(): Hono<AppEnv> {
  const h = createExperienceSetupHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  return new Hono<AppEnv>()
    .get('/admin/venue/:venueId/experiences', requireAdmin(), h.list)
    .post('/admin/venue/:venueId/experience', requireAdmin(), h.create)
    .put('/admin/experience/:id', requireAdmin(), h.change);
}
