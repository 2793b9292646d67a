/** Liveness for load balancers and operators. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createHealthHandlers } from './health.handlers';

export function healthRoutes(): Hono<AppEnv> {
  const h = createHealthHandlers();
  return new Hono<AppEnv>().get('/health', h.health);
}
