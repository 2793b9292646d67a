/**
 * Routes of the guest's personal data (docs/decisions/0014-personal-data.md): their own export and erasure request (logged
 * in), and the admins' erasure requests and retention setting (admins only: the data of every guest).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin, requireUser } from '../../lib/auth';
import { createPrivacyHandlers } from './privacy.handlers';
import { route } from '../route';

export function privacyRoutes(): Hono<AppEnv> {
  const h = createPrivacyHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'get', '/user/privacy', requireUser(), h.status);
  route(app, 'get', '/user/privacy/export', requireUser(), h.exportJson);
  route(app, 'get', '/user/privacy/export.csv', requireUser(), h.exportCsv);
  route(app, 'post', '/user/privacy/erasure-request', requireUser(), h.requestErasure);
  route(app, 'get', '/admin/privacy/erasure-requests', requireAdmin(), h.erasureRequests);
  route(app, 'post', '/admin/privacy/erasure-requests/{userId}/erase', requireAdmin(), h.erase);
  route(app, 'get', '/admin/privacy/retention', requireAdmin(), h.retention);
  route(app, 'put', '/admin/privacy/retention', requireAdmin(), h.setRetention);
  return app;
}
