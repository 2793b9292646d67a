/** Staff's "Why not?" (docs/decisions/0020-why-not-explainer.md): the venue's staff or an admin; another venue's staff get 403. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { createWhyNotHandlers } from './why-not.handlers';

export function whyNotRoutes(): Hono<AppEnv> {
  const h = createWhyNotHandlers();
  return new Hono<AppEnv>().get('/admin/venue/:venueId/why-not', requireStaff(), h.whyNot);
}
