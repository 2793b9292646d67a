/**
 * GET /metrics for Prometheus, behind the bearer token METRICS_TOKEN; without a token it is not served here
 * at all (METRICS_PORT serves it on a port of its own instead: server/observability/metrics-server.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { unauthorized } from '../../lib/errors';
import type { Metrics } from '../../observability/metrics';

// Compared as digests, in constant time: the answer's timing says nothing of how much of a guess was right.
const digest = (text: string) => createHash('sha256').update(text).digest();

export function metricsRoutes(metrics: Metrics, token: string): Hono<AppEnv> {
  const expected = digest(`Bearer ${token}`);
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    if (!timingSafeEqual(digest(c.req.header('authorization') ?? ''), expected)) throw unauthorized();
    return c.body(await metrics.render(), 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
  });
}
