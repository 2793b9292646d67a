/** Routes of the waitlist area (docs/PRODUCT.md §4), all for a logged-in caller. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireUser } from '../../lib/auth';
import { createWaitlistHandlers } from './waitlist.handlers';

export function waitlistRoutes(): Hono<AppEnv> {
  const h = createWaitlistHandlers();
  const user = requireUser();
  return new Hono<AppEnv>()
    .get('/user/waitlist', user, h.list)
    .post('/user/waitlist', user, h.join)
    .put('/user/waitlist/:id/leave', user, h.leave);
}
