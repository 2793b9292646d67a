/** Routes of the venue set-up (docs/decisions/0016-versioned-setup.md): admins, and a venue's staff when an admin allows it; the switch admins only; and the pictures' files (no login). */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin, requireStaff } from '../../lib/auth';
import { setupAccess } from '../setup/setup-access';
import { createVenueSetupHandlers } from './venue-setup.handlers';

export function venueSetupRoutes(): Hono<AppEnv> {
  const h = createVenueSetupHandlers();
  const venueSetUp = [requireStaff(), setupAccess()] as const;
  return new Hono<AppEnv>()
    .get('/admin/setup/venue/:venueId/content', ...venueSetUp, h.content)
    .put('/admin/setup/venue/:venueId/content', ...venueSetUp, h.publishContent)
    .get('/admin/setup/venue/:venueId/services', ...venueSetUp, h.services)
    .put('/admin/setup/venue/:venueId/services', ...venueSetUp, h.publishServices)
    .post('/admin/setup/venue/:venueId/services/check', ...venueSetUp, h.checkServices)
    .put('/admin/setup/venue/:venueId/picture', ...venueSetUp, h.uploadPicture)
    .delete('/admin/setup/venue/:venueId/picture', ...venueSetUp, h.removePicture)
    .post('/admin/setup/venue/:venueId/menu', ...venueSetUp, h.uploadMenu)
    .delete('/admin/setup/venue/:venueId/menu', ...venueSetUp, h.removeMenu)
    .get('/admin/setup/venue/:venueId/staff-access', requireStaff(), h.staffAccess)
    .put('/admin/setup/venue/:venueId/staff-access', requireAdmin(), h.changeStaffAccess)
    .get('/public/picture/:file', h.pictureFile);
}
