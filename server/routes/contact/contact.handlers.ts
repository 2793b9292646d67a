/** Handlers of the contact area (no login): the contact form. */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { callerIfLoggedIn } from '../../lib/auth';
import { clientIp } from '../../lib/client-address';
import { MINUTE_MS, RateLimits, type WindowLimit } from '../../lib/rate-limit';
import { parseBody } from '../../lib/validate';
import { CONTACT_THANKS, receiveContactMessage } from '../../services/contact/contact-messages';
import { contactFormSchema } from '../../../common/validation/contact-validation';

type Ctx = Context<AppEnv>;

// Each message sends two e-mails, one of them to an address the caller chose.
const CONTACT_LIMIT: WindowLimit = { name: 'contact:client', limit: 5, windowMs: 10 * MINUTE_MS };

/** The handlers; the counts behind their limits live in the database, shared by every server process. */
export function createContactHandlers(limits = new RateLimits()) {
  return {
    /** POST /public/contact-form: stores the message, acknowledges it to the sender, tells the concierge. */
    async contactForm(c: Ctx) {
      const form = await parseBody(c, contactFormSchema);
      await limits.take(c, [{ limit: CONTACT_LIMIT, key: clientIp(c) }]);
      const { db, clock } = c.get('deps');
      // Whose message it is, for the data export: the sender's account when logged in, not the address typed.
      const sender = await callerIfLoggedIn(c);
      await receiveContactMessage(db, form, clock.now(), sender?.id ?? null);
      return c.json({ status: 201, message: c.var.i18n._(CONTACT_THANKS) } satisfies ResponseBody<'/public/contact-form', 'post', 201>, 201);
    },

  };
}
