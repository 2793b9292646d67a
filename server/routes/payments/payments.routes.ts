/** Routes of the payments area: ours for logged-in callers, and the processor's webhook (signed, no login). */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireUser } from '../../lib/auth';
import { createPaymentHandlers } from './payments.handlers';
import { createSavedCardHandlers } from './saved-cards.handlers';
import { route } from '../route';

export function paymentRoutes(): Hono<AppEnv> {
  const h = createPaymentHandlers();
  const cards = createSavedCardHandlers();
  const user = requireUser();
  const app = new Hono<AppEnv>();
  route(app, 'post', '/user/reservation/{id}/card-guarantee', user, cards.startGuarantee);
  route(app, 'get', '/user/reservation/{id}/card-guarantee', user, cards.readGuarantee);
  return (
    app
      // Before '/user/payment/:id', which would otherwise take 'config' for an id.
      .get('/user/payment/config', user, h.config)
      .get('/user/payment/:id', user, h.get)
      .post('/user/reservation/:id/payment', user, h.start)
      .get('/user/saved-card', user, cards.list)
      .delete('/user/saved-card/:id', user, cards.remove)
      .post('/payments/webhook', h.webhook)
  );
}
