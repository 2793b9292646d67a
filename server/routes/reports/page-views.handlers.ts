/** Handlers of the page-view count (no login): the app reports each page shown, by name. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { clientIp } from '../../lib/client-address';
import { MINUTE_MS, RateLimits, type WindowLimit } from '../../lib/rate-limit';
import { parseBody } from '../../lib/validate';
import { recordPageView } from '../../services/reports/page-views';
import { CONTACT_MESSAGES } from '../../../common/validation/contact-validation';
import { LOCALES } from '../../../common/locales';

type Ctx = Context<AppEnv>;

// Generous for real browsing, but a script cannot fill the table.
const PAGE_VIEW_LIMIT: WindowLimit = { name: 'page-view:client', limit: 300, windowMs: 10 * MINUTE_MS };

/** A page view: the route name only, so no query string or other personal data can be stored. */
export const pageViewSchema = v.object({
  page: v.pipe(
    v.string(/*i18n*/ 'The page must be given by its route name'),
    v.regex(/^[a-z0-9-]{1,40}$/, /*i18n*/ 'The page must be a route name of lower-case letters, digits or hyphens (at most 40)'),
  ),
  locale: v.picklist(LOCALES, CONTACT_MESSAGES.localeInvalid),
});

/** The handlers; the counts behind their limits live in the database, shared by every server process. */
export function createPageViewHandlers(limits = new RateLimits()) {
  return {
    /** POST /public/analytics/page-view: counts a view of a page by name. */
    async pageView(c: Ctx) {
      const view = await parseBody(c, pageViewSchema);
      await limits.take(c, [{ limit: PAGE_VIEW_LIMIT, key: clientIp(c) }]);
      const { db, clock } = c.get('deps');
      await recordPageView(db, view, clock.now());
      return c.body(null, 204);
    },

  };
}
