/** Handlers of the host stand (docs/PRODUCT.md §6): its read for a service day, whether a service runs now, running late, a seat at tables, the covers here. */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { checkVenueAccess } from '../../lib/auth';
import { idSchema, isoDateSchema, parseBody, parseParams, requiredObject } from '../../lib/validate';
import { localizeText } from '../localisation/content';
import { answer } from '../route';
import { arrivedCoversSchema, runningLateSchema, seatAtSchema } from '../../../common/validation/host-stand-validation';
import { markArrivedCovers } from '../../services/host-stand/arrived-covers';
import { hostStand } from '../../services/host-stand/host-stand';
import { markRunningLate } from '../../services/host-stand/running-late';
import { seatAt } from '../../services/host-stand/seat-at';
import { serviceNow } from '../../services/host-stand/service-now';
import { settleWaitlist } from '../../services/waitlist/waitlist-offers';

type Ctx = Context<AppEnv>;

const standParams = requiredObject({ venueId: idSchema, date: isoDateSchema });
const idParams = requiredObject({ id: idSchema });
const venueParams = requiredObject({ venueId: idSchema });

export function createHostStandHandlers() {
  return {
    /** GET /admin/venue/{venueId}/host-stand/{date} (403 for another venue's staff). */
    async stand(c: Ctx) {
      const { venueId, date } = parseParams(c, standParams);
      checkVenueAccess(c.get('auth'), venueId);
      const stand = await hostStand(c.get('deps'), venueId, date);
      const data = { ...stand, areas: stand.areas.map((a) => ({ ...a, name: localizeText(c.var.i18n, a.name) })) };
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/host-stand/{date}', 'get', 200>, 200);
    },

    /** GET /admin/venue/{venueId}/service-now: whether a service of the venue runs now (403 for another venue's staff). */
    async serviceNow(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await serviceNow(c.get('deps'), c.get('auth'), venueId);
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/service-now', 'get', 200>, 200);
    },

    /** PUT /admin/reservation/{id}/running-late. */
    async runningLate(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const input = await parseBody(c, runningLateSchema);
      const data = await markRunningLate(c.get('deps'), c.get('auth'), id, input);
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/reservation/{id}/running-late', 'put', 200>, 200);
    },

    /** POST /admin/reservation/{id}/seat-at. */
    async seatAt(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const input = await parseBody(c, seatAtSchema);
      const data = await seatAt(c.get('deps'), c.get('auth'), id, input);
      // A party moved off its own table may have freed one someone on the waitlist is waiting for.
      await settleWaitlist(c.get('deps'));
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/reservation/{id}/seat-at', 'post', 200>, 200);
    },

    /** PUT /admin/reservation/{id}/arrived-covers: partly arrived, or the whole party here. */
    async arrivedCovers(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const input = await parseBody(c, arrivedCoversSchema);
      return answer(200, { status: 200, data: await markArrivedCovers(c.get('deps'), c.get('auth'), id, input) });
    },
  };
}
