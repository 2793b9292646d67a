/** Routes of phone bookings' pay links in the staff console: admins and venue staff, each checked for the venue. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { createPayLinkHandlers } from './pay-link.handlers';
import { route } from '../route';

export function payLinkRoutes(): Hono<AppEnv> {
  const h = createPayLinkHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'get', '/admin/venue/{venueId}/pay-link', requireStaff(), h.settings);
  route(app, 'put', '/admin/venue/{venueId}/pay-link', requireStaff(), h.saveSettings);
  route(app, 'post', '/admin/reservation/{id}/pay-link/resend', requireStaff(), h.resend);
  route(app, 'post', '/admin/reservation/{id}/pay-link/extend', requireStaff(), h.extend);
  return app;
}
