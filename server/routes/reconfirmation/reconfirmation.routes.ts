/** Routes of reconfirmation and booking texts in the staff console: admins and venue staff, each checked for the venue. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { createReconfirmationHandlers } from './reconfirmation.handlers';

export function reconfirmationRoutes(): Hono<AppEnv> {
  const h = createReconfirmationHandlers();
  return new Hono<AppEnv>()
    .get('/admin/venue/:venueId/reconfirmation', requireStaff(), h.settings)
    .put('/admin/venue/:venueId/reconfirmation', requireStaff(), h.saveSettings)
    .get('/admin/venue/:venueId/call-list', requireStaff(), h.callList)
    .post('/admin/reservation/:id/reconfirmation-call', requireStaff(), h.recordCall)
    .get('/admin/reservation/:id/messages', requireStaff(), h.messages)
    .post('/admin/reservation/:id/messages', requireStaff(), h.reply);
}
