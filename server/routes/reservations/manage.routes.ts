/** Routes of a reservation's manage link: no login, the signed token in the path is the credential. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createManageHandlers } from './manage.handlers';
import { route } from '../route';

export function manageRoutes(): Hono<AppEnv> {
  const h = createManageHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'get', '/manage/{token}', h.open);
  route(app, 'get', '/manage/{token}/calendar.ics', h.calendar);
  route(app, 'get', '/manage/{token}/timeslot-availability/{date}', h.availability);
  route(app, 'put', '/manage/{token}', h.change);
  route(app, 'post', '/manage/{token}/quote', h.quote);
  route(app, 'get', '/manage/{token}/payment-config', h.paymentConfig);
  route(app, 'post', '/manage/{token}/change-hold', h.holdChange);
  route(app, 'get', '/manage/{token}/change-hold/{holdId}', h.changeState);
  route(app, 'delete', '/manage/{token}/change-hold/{holdId}', h.giveUpChange);
  route(app, 'post', '/manage/{token}/change-hold/{holdId}/payment', h.payChange);
  route(app, 'post', '/manage/{token}/payment', h.payOwed);
  route(app, 'post', '/manage/{token}/fee-payment', h.payFee);
  route(app, 'get', '/manage/{token}/payment/{paymentId}', h.owedPayment);
  route(app, 'post', '/manage/{token}/card-guarantee', h.startGuarantee);
  route(app, 'get', '/manage/{token}/card-guarantee', h.readGuarantee);
  route(app, 'put', '/manage/{token}/cancel', h.cancel);
  route(app, 'put', '/manage/{token}/reconfirm', h.reconfirm);
  return app;
}
