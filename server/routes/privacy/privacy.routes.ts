/**
 * Routes of the guest's personal data (docs/decisions/0014-personal-data.md): their own export and erasure request (logged
 * in), and the admins' erasure requests and retention setting (admins only: the data of every guest).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin, requireUser } from '../../lib/auth';
import { createPrivacyHandlers } from './privacy.handlers';

export function privacyRoutes(): Hono<AppEnv> {
  const h = createPrivacyHandlers();
  return new Hono<AppEnv>()
    .get('/user/privacy', requireUser(), h.status)
    .get('/user/privacy/export', requireUser(), h.exportJson)
    .get('/user/privacy/export.csv', requireUser(), h.exportCsv)
    .post('/user/privacy/erasure-request', requireUser(), h.requestErasure)
    .get('/admin/privacy/erasure-requests', requireAdmin(), h.erasureRequests)
    .post('/admin/privacy/erasure-requests/:userId/erase', requireAdmin(), h.erase)
    .get('/admin/privacy/retention', requireAdmin(), h.retention)
    .put('/admin/privacy/retention', requireAdmin(), h.setRetention);
}
