/** Routes of the admin area (staff), each behind an admin token. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../lib/auth';
import { createAdminHandlers } from './admin.handlers';

export function adminRoutes(): Hono<AppEnv> {
  const h = createAdminHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  return new Hono<AppEnv>().get('/admin/reservation', requireAdmin(), h.venueDay);
}
