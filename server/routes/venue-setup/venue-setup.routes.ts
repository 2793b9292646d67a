/** Routes of the venue set-up (issue 24): admins only; and the pictures' files (no login). */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../lib/auth';
import { createVenueSetupHandlers } from './venue-setup.handlers';

export function venueSetupRoutes(): Hono<AppEnv> {
  const h = createVenueSetupHandlers();
  return new Hono<AppEnv>()
    .get('/admin/setup/venue/:venueId/content', requireAdmin(), h.content)
    .put('/admin/setup/venue/:venueId/content', requireAdmin(), h.publishContent)
    .get('/admin/setup/venue/:venueId/services', requireAdmin(), h.services)
    .put('/admin/setup/venue/:venueId/services', requireAdmin(), h.publishServices)
    .post('/admin/setup/venue/:venueId/services/check', requireAdmin(), h.checkServices)
    .put('/admin/setup/venue/:venueId/picture', requireAdmin(), h.uploadPicture)
    .post('/admin/setup/venue/:venueId/menu', requireAdmin(), h.uploadMenu)
    .get('/public/picture/:file', h.pictureFile);
}
