/** Handlers of reconfirmation in the staff console: a venue's settings, the call list, a call's outcome, and a booking's texts. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { answer } from '../route';
import { checkVenueAccess } from '../../lib/auth';
import { idSchema, isoDateSchema, parseBody, parseParams, parseQuery, requiredObject } from '../../lib/validate';
import { bookingReplySchema, reconfirmationCallSchema, reconfirmationSettingsSchema } from '../../../common/validation/reconfirmation-validation';
import { reconfirmationSettings, saveReconfirmationSettings } from '../../services/reconfirmation/reconfirmation-settings';
import { callList } from '../../services/reconfirmation/call-list';
import { recordCall } from '../../services/reconfirmation/reconfirmation-calls';
import { bookingConversation, replyToGuest } from '../../services/reconfirmation/booking-conversation';
import { loadVenueCatalog, venueOf } from '../../services/booking-rules/venue-catalog';
import { hongKongDate } from '../../../common/time';

type Ctx = Context<AppEnv>;

const venueParams = requiredObject({ venueId: idSchema });
const idParams = requiredObject({ id: idSchema });
const dayQuery = v.object({ date: v.optional(isoDateSchema) });

/** The venue of the path, checked: 404 for none, 403 for another venue's staff. */
async function venueOfPath(c: Ctx): Promise<string> {
  const { venueId } = parseParams(c, venueParams);
  checkVenueAccess(c.get('auth'), venueId);
  venueOf(await loadVenueCatalog(c.get('deps').db), venueId);
  return venueId;
}

export function createReconfirmationHandlers() {
  return {
    /** GET /admin/venue/{venueId}/reconfirmation. */
    async settings(c: Ctx) {
      const venueId = await venueOfPath(c);
      const body = { status: 200, data: await reconfirmationSettings(c.get('deps').db, venueId) };
      return answer(200, body);
    },

    /** PUT /admin/venue/{venueId}/reconfirmation. */
    async saveSettings(c: Ctx) {
      const venueId = await venueOfPath(c);
      const input = await parseBody(c, reconfirmationSettingsSchema);
      const { db, clock } = c.get('deps');
      await saveReconfirmationSettings(db, venueId, input, clock.now());
      const body = { status: 200, data: await reconfirmationSettings(db, venueId) };
      return answer(200, body);
    },

    /** GET /admin/venue/{venueId}/call-list?date=: the day's bookings not reconfirmed (today when no date). */
    async callList(c: Ctx) {
      const venueId = await venueOfPath(c);
      const { db, clock } = c.get('deps');
      const now = clock.now();
      const { date = hongKongDate(now) } = parseQuery(c, dayQuery);
      const body = { status: 200, data: await callList(db, c.get('auth'), venueId, date, now) };
      return answer(200, body);
    },

    /** POST /admin/reservation/{id}/reconfirmation-call. */
    async recordCall(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const { outcome } = await parseBody(c, reconfirmationCallSchema);
      const body = { status: 200, data: await recordCall(c.get('deps'), c.get('auth'), id, outcome) };
      return answer(200, body);
    },

    /** GET /admin/reservation/{id}/messages. */
    async messages(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const body = { status: 200, data: await bookingConversation(c.get('deps').db, c.get('auth'), id) };
      return answer(200, body);
    },

    /** POST /admin/reservation/{id}/messages: staff's reply, on the guest's channel. */
    async reply(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const { body: text } = await parseBody(c, bookingReplySchema);
      const { db, clock } = c.get('deps');
      const body = { status: 200, data: await replyToGuest(db, c.get('auth'), id, text, clock.now()) };
      return answer(200, body);
    },
  };
}
