/** Routes of the waitlist area (docs/PRODUCT.md §4), all for a logged-in caller. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireUser } from '../../lib/auth';
import { createWaitlistHandlers } from './waitlist.handlers';
import { route } from '../route';

export function waitlistRoutes(): Hono<AppEnv> {
  const h = createWaitlistHandlers();
  const user = requireUser();
  const app = new Hono<AppEnv>();
  route(app, 'get', '/user/waitlist', user, h.list);
  route(app, 'post', '/user/waitlist', user, h.join);
  route(app, 'put', '/user/waitlist/{id}/leave', user, h.leave);
  return app;
}
