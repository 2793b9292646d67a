/** Routes of the host stand: the venue's staff or an admin (the services check the venue). */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { createHostStandHandlers } from './host-stand.handlers';

export function hostStandRoutes(): Hono<AppEnv> {
  const h = createHostStandHandlers();
  return new Hono<AppEnv>()
    .get('/admin/venue/:venueId/host-stand/:date', requireStaff(), h.stand)
    .put('/admin/reservation/:id/running-late', requireStaff(), h.runningLate)
    .post('/admin/reservation/:id/seat-at', requireStaff(), h.seatAt);
}
