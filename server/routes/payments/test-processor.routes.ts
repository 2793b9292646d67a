/** Routes of the built-in test-mode processor, called by the browser without our login. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createTestProcessorHandlers } from './test-processor.handlers';
import { route } from '../route';

export function testProcessorRoutes(): Hono<AppEnv> {
  const h = createTestProcessorHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'post', '/payments/test-processor/intents/{intentId}/confirm', h.confirm);
  route(app, 'post', '/payments/test-processor/intents/{intentId}/challenge', h.challenge);
  return app;
}
