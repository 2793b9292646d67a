/**
 * Handlers of booking before logging in (docs/decisions/0018-verified-guests.md): free slots for anyone, with a rate limit of
 * their own, and continuing as a guest by a texted code. The token call for slots stays as it is beside them.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { clientIp } from '../../lib/client-address';
import { MINUTE_MS, RateLimits, type WindowLimit } from '../../lib/rate-limit';
import { parseBody } from '../../lib/validate';
import { guestSessionBodySchema, openGuestSession } from '../../services/auth/guest-session';
import { answerAvailability } from '../reservations/reservations.handlers';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

/** Enough for a guest trying days and party sizes, too few to scrape every venue's book. */
export const PUBLIC_AVAILABILITY_LIMIT: WindowLimit = { name: 'public-availability:client', limit: 60, windowMs: MINUTE_MS };
/** Each try checks a code: capped like the code check itself (phone-verification.handlers.ts). */
export const GUEST_SESSION_LIMIT: WindowLimit = { name: 'guest-session:client', limit: 30, windowMs: 10 * MINUTE_MS };

export function createGuestBookingHandlers(limits = new RateLimits(), availabilityLimit: WindowLimit = PUBLIC_AVAILABILITY_LIMIT) {
  return {
    /** GET /public/reservation/timeslot-availability/{venueId}/{date}: a guest's free slots, no token. */
    async availability(c: Ctx) {
      await limits.take(c, [{ limit: availabilityLimit, key: clientIp(c) }]);
      return answerAvailability(c, 'guest');
    },

    /** POST /public/guest/session: a session on the guest's account, opened by the code texted to their mobile. */
    async session(c: Ctx) {
      const body = await parseBody(c, guestSessionBodySchema);
      await limits.take(c, [{ limit: GUEST_SESSION_LIMIT, key: clientIp(c) }]);
      const data = await openGuestSession(c.get('deps'), body, c.var.locale);
      return answer(200, { status: 200, data });
    },
  };
}
