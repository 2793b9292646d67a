/** Handlers of the admin area: what staff need to see of the reservations. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { hexIdMessage, isoDateMessage, parseQuery, requiredMessage } from '../../lib/validate';
import { isIsoDate } from '../../../src/domain/time';
import { localizeReservation } from '../../i18n/content';
import { listVenueReservations } from '../../services/reservation-queries';

type Ctx = Context<AppEnv>;

const dayQuery = v.object({
  venueId: v.pipe(v.optional(v.string(), ''), v.nonEmpty(requiredMessage('venueId')), v.regex(/^[0-9a-f]{24}$/, hexIdMessage('venueId'))),
  date: v.pipe(v.optional(v.string(), ''), v.nonEmpty(requiredMessage('date')), v.check(isIsoDate, isoDateMessage('date'))),
});

export function createAdminHandlers() {
  return {
    /** GET /admin/reservation?venueId=&date=: a venue's reservations on a service day. */
    async venueDay(c: Ctx) {
      const { venueId, date } = parseQuery(c, dayQuery);
      const body = { status: 200, data: (await listVenueReservations(c.get('deps'), venueId, date)).map((r) => localizeReservation(c.var.i18n, r)) };
      return c.json(body satisfies ResponseBody<'/admin/reservation', 'get', 200>, 200);
    },
  };
}
