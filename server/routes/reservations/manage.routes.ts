/** Routes of a reservation's manage link: no login, the signed token in the path is the credential. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createManageHandlers } from './manage.handlers';

export function manageRoutes(): Hono<AppEnv> {
  const h = createManageHandlers();
  return new Hono<AppEnv>()
    .get('/manage/:token', h.open)
    .get('/manage/:token/calendar.ics', h.calendar)
    .get('/manage/:token/timeslot-availability/:date', h.availability)
    .put('/manage/:token', h.change)
    .post('/manage/:token/quote', h.quote)
    .get('/manage/:token/payment-config', h.paymentConfig)
    .post('/manage/:token/change-hold', h.holdChange)
    .get('/manage/:token/change-hold/:holdId', h.changeState)
    .delete('/manage/:token/change-hold/:holdId', h.giveUpChange)
    .post('/manage/:token/change-hold/:holdId/payment', h.payChange)
    .put('/manage/:token/cancel', h.cancel)
    .put('/manage/:token/reconfirm', h.reconfirm);
}
