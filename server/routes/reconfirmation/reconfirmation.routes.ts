/** Routes of reconfirmation and booking texts in the staff console: admins and venue staff, each checked for the venue. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { route } from '../route';
import { createReconfirmationHandlers } from './reconfirmation.handlers';

export function reconfirmationRoutes(): Hono<AppEnv> {
  const h = createReconfirmationHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  const app = new Hono<AppEnv>();
  route(app, 'get', '/admin/venue/{venueId}/reconfirmation', requireStaff(), h.settings);
  route(app, 'put', '/admin/venue/{venueId}/reconfirmation', requireStaff(), h.saveSettings);
  route(app, 'get', '/admin/venue/{venueId}/call-list', requireStaff(), h.callList);
  route(app, 'post', '/admin/reservation/{id}/reconfirmation-call', requireStaff(), h.recordCall);
  route(app, 'get', '/admin/reservation/{id}/messages', requireStaff(), h.messages);
  route(app, 'post', '/admin/reservation/{id}/messages', requireStaff(), h.reply);
  return app;
}
