/**
 * The caller's own text preferences (docs/PRODUCT.md §4, no-shows): SMS or WhatsApp for booking
 * messages, and marketing consent of its own (booking messages need none).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireUser } from '../../lib/auth';
import { parseBody } from '../../lib/validate';
import { messagePreferencesSchema } from '../../../common/validation/reconfirmation-validation';
import { guestTextPreferences, saveGuestTextPreferences, type GuestTextPreferences } from '../../services/messaging/guest-texts';
import { answer, route } from '../route';

/** The answer's spelling of the guest's preferences. */
const preferencesBody = (prefs: GuestTextPreferences) => ({ status: 200, data: { channel: prefs.channel, marketing: prefs.marketingConsent } });

export function messagePreferenceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, 'get', '/user/message-preferences', requireUser(), async (c) =>
    answer(200, preferencesBody(await guestTextPreferences(c.get('deps').db, c.get('auth').id))),
  );
  route(app, 'put', '/user/message-preferences', requireUser(), async (c) => {
    const choice = await parseBody(c, messagePreferencesSchema);
    const { db, clock } = c.get('deps');
    return answer(200, preferencesBody(await saveGuestTextPreferences(db, c.get('auth').id, choice, clock.now())));
  });
  return app;
}
