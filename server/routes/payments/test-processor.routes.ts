/** Routes of the built-in test-mode processor, called by the browser without our login. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createTestProcessorHandlers } from './test-processor.handlers';

export function testProcessorRoutes(): Hono<AppEnv> {
  const h = createTestProcessorHandlers();
  return new Hono<AppEnv>()
    .post('/payments/test-processor/intents/:intentId/confirm', h.confirm)
    .post('/payments/test-processor/intents/:intentId/challenge', h.challenge);
}
