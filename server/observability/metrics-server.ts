/**
 * METRICS_PORT: /metrics on a port of its own, with no token, for a scraper inside the private network
 * (the port is never published through the proxy). Only /metrics answers there.
 */
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { Metrics } from './metrics';

export function serveMetrics(metrics: Metrics, port: number): ServerType {
  const app = new Hono();
  app.get('/metrics', async (c) => c.body(await metrics.render(), 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }));
  return serve({ fetch: app.fetch, port });
}
