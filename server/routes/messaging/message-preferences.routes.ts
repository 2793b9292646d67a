/**
 * The caller's own text preferences (docs/PRODUCT.md §4, no-shows): SMS or WhatsApp for booking
 * messages, and marketing consent of its own (booking messages need none).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { requireUser } from '../../lib/auth';
import { parseBody } from '../../lib/validate';
import { messagePreferencesSchema } from '../../../common/validation/reconfirmation-validation';
import { guestTextPreferences, saveGuestTextPreferences } from '../../services/messaging/guest-texts';

export function messagePreferenceRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/user/message-preferences', requireUser(), async (c) => {
      const prefs = await guestTextPreferences(c.get('deps').db, c.get('auth').id);
      const body = { status: 200, data: { channel: prefs.channel, marketing: prefs.marketingConsent } };
      return c.json(body satisfies ResponseBody<'/user/message-preferences', 'get', 200>, 200);
    })
    .put('/user/message-preferences', requireUser(), async (c) => {
      const choice = await parseBody(c, messagePreferencesSchema);
      const { db, clock } = c.get('deps');
      const prefs = await saveGuestTextPreferences(db, c.get('auth').id, choice, clock.now());
      const body = { status: 200, data: { channel: prefs.channel, marketing: prefs.marketingConsent } };
      return c.json(body satisfies ResponseBody<'/user/message-preferences', 'put', 200>, 200);
    });
}
