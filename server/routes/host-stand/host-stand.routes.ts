/** Routes of the host stand: the venue's staff or an admin (the services check the venue). */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { route } from '../route';
import { createHostStandHandlers } from './host-stand.handlers';

export function hostStandRoutes(): Hono<AppEnv> {
  const h = createHostStandHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'get', '/admin/venue/{venueId}/host-stand/{date}', requireStaff(), h.stand);
  route(app, 'get', '/admin/venue/{venueId}/service-now', requireStaff(), h.serviceNow);
  route(app, 'put', '/admin/reservation/{id}/running-late', requireStaff(), h.runningLate);
  route(app, 'post', '/admin/reservation/{id}/seat-at', requireStaff(), h.seatAt);
  route(app, 'put', '/admin/reservation/{id}/arrived-covers', requireStaff(), h.arrivedCovers);
  return app;
}
