/** Routes for development and tests only; `createApp` mounts them only outside production. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createDevHandlers } from './dev.handlers';

export function devRoutes(): Hono<AppEnv> {
  const h = createDevHandlers();
  return new Hono<AppEnv>().get('/dev/outbox', h.outbox);
}
