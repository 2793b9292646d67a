/** Routes of the venue set-up (docs/decisions/0016-versioned-setup.md): admins, and a venue's staff when an admin allows it; the switch admins only; and the pictures' files (no login). */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin, requireStaff } from '../../lib/auth';
import { setupAccess } from '../setup/setup-access';
import { createVenueSetupHandlers } from './venue-setup.handlers';
import { route } from '../route';

export function venueSetupRoutes(): Hono<AppEnv> {
  const h = createVenueSetupHandlers();
  const venueSetUp = [requireStaff(), setupAccess()] as const;
  const app = new Hono<AppEnv>();
  route(app, 'get', '/admin/setup/venue/{venueId}/content', ...venueSetUp, h.content);
  route(app, 'put', '/admin/setup/venue/{venueId}/content', ...venueSetUp, h.publishContent);
  route(app, 'get', '/admin/setup/venue/{venueId}/services', ...venueSetUp, h.services);
  route(app, 'put', '/admin/setup/venue/{venueId}/services', ...venueSetUp, h.publishServices);
  route(app, 'post', '/admin/setup/venue/{venueId}/services/check', ...venueSetUp, h.checkServices);
  route(app, 'put', '/admin/setup/venue/{venueId}/picture', ...venueSetUp, h.uploadPicture);
  route(app, 'delete', '/admin/setup/venue/{venueId}/picture', ...venueSetUp, h.removePicture);
  route(app, 'post', '/admin/setup/venue/{venueId}/menu', ...venueSetUp, h.uploadMenu);
  route(app, 'delete', '/admin/setup/venue/{venueId}/menu', ...venueSetUp, h.removeMenu);
  route(app, 'get', '/admin/setup/venue/{venueId}/staff-access', requireStaff(), h.staffAccess);
  route(app, 'put', '/admin/setup/venue/{venueId}/staff-access', requireAdmin(), h.changeStaffAccess);
  route(app, 'get', '/public/picture/{file}', h.pictureFile);
  return app;
}
