/** Routes of the page-view count (no login). */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { route } from '../route';
import { createPageViewHandlers } from './page-views.handlers';

/** The page-view count's router. */
export function pageViewRoutes(): Hono<AppEnv> {
  const h = createPageViewHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'post', '/public/analytics/page-view', h.pageView);
  return app;
}
