/** Handlers of phone bookings' pay links in the staff console (decision 0036): a venue's settings, resending and extending a link. */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { checkVenueAccess } from '../../lib/auth';
import { idSchema, parseBody, parseParams, requiredObject } from '../../lib/validate';
import { payLinkExtendSchema, payLinkSettingsSchema } from '../../../common/validation/pay-link-validation';
import { loadVenueCatalog, venueOf } from '../../services/booking-rules/venue-catalog';
import { payLinkSettings } from '../../services/pay-link/pay-link-settings';
import { changePayLinkSettings, extendPayLink, resendPayLink } from '../../services/pay-link/pay-links';

type Ctx = Context<AppEnv>;

const venueParams = requiredObject({ venueId: idSchema });
const idParams = requiredObject({ id: idSchema });

/** The venue of the path, checked: 404 for none, 403 for another venue's staff. */
async function venueOfPath(c: Ctx): Promise<string> {
  const { venueId } = parseParams(c, venueParams);
  checkVenueAccess(c.get('auth'), venueId);
  venueOf(await loadVenueCatalog(c.get('deps').db), venueId);
  return venueId;
}

export function createPayLinkHandlers() {
  return {
    /** GET /admin/venue/{venueId}/pay-link. */
    async settings(c: Ctx) {
      const venueId = await venueOfPath(c);
      const body = { status: 200, data: await payLinkSettings(c.get('deps').db, venueId) };
      return c.json(body satisfies ResponseBody<'/admin/venue/{venueId}/pay-link', 'get', 200>, 200);
    },

    /** PUT /admin/venue/{venueId}/pay-link (audited). */
    async saveSettings(c: Ctx) {
      const venueId = await venueOfPath(c);
      const input = await parseBody(c, payLinkSettingsSchema);
      const body = { status: 200, data: await changePayLinkSettings(c.get('deps'), c.get('auth'), venueId, input) };
      return c.json(body satisfies ResponseBody<'/admin/venue/{venueId}/pay-link', 'put', 200>, 200);
    },

    /** POST /admin/reservation/{id}/pay-link/resend (audited). */
    async resend(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const body = { status: 200, data: await resendPayLink(c.get('deps'), c.get('auth'), id) };
      return c.json(body satisfies ResponseBody<'/admin/reservation/{id}/pay-link/resend', 'post', 200>, 200);
    },

    /** POST /admin/reservation/{id}/pay-link/extend (audited). */
    async extend(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const { hours } = await parseBody(c, payLinkExtendSchema);
      const body = { status: 200, data: await extendPayLink(c.get('deps'), c.get('auth'), id, hours) };
      return c.json(body satisfies ResponseBody<'/admin/reservation/{id}/pay-link/extend', 'post', 200>, 200);
    },
  };
}
