/** Routes for development and tests only; `createApp` mounts them only outside production. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createDevHandlers } from './dev.handlers';

export function devRoutes(): Hono<AppEnv> {
  const h = createDevHandlers();
  // The clock routes answer 404 unless the app runs on the test clock (TEST_CLOCK, see main.ts).
  return new Hono<AppEnv>()
    .get('/dev/outbox', h.outbox)
    .get('/dev/mail', h.mailPage)
    .get('/dev/mail/:id/attachments/:index', h.mailAttachment)
    .get('/dev/clock', h.clock)
    .post('/dev/clock', h.setClock);
}
