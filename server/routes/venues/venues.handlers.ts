/** Handlers of the venues area (no login): a venue by its domain, and its PDF menus. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { ApiError, notFound } from '../../lib/errors';
import { matchesEtag } from '../../lib/negotiation';
import { parseParams } from '../../lib/validate';
import { findMenu } from '../../services/venues/menu-files';
import { getVenueInfo } from '../../services/venues/venue-info';
import { closedDaysAhead } from '../../services/booking-rules/closures';
import { BOOKING_WINDOW_DAYS } from '../../services/booking-rules/selection-checks';
import { localizeVenue } from '../localisation/content';
import { ERROR_CODES } from '../../../common/api/error-codes';

type Ctx = Context<AppEnv>;

export const VENUE_DOMAIN_REQUIRED = /*i18n*/ 'Venue domain is required';
export const VENUE_NOT_FOUND_MESSAGE = /*i18n*/ 'The venue information does not exist';

const domainSchema = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) => s.trim().toLowerCase()),
  v.nonEmpty(VENUE_DOMAIN_REQUIRED),
  v.maxLength(63, /*i18n*/ 'Venue domain must be at most 63 characters'),
  v.regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, /*i18n*/ 'Venue domain must be letters, digits or hyphens'),
);

const domainParamsSchema = v.object({ domain: domainSchema });

const menuParamsSchema = v.object({
  fileName: v.pipe(
    v.string(),
    v.maxLength(100, /*i18n*/ 'The menu file name must be at most 100 characters'),
    v.regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.pdf$/, /*i18n*/ 'The menu file name must look like menu.pdf'),
  ),
});

/** The handlers. */
export function createVenueHandlers() {
  return {
    /** GET /public/venue/by-domain/{domain} (and with the domain missing: 400). */
    async venueByDomain(c: Ctx) {
      // On '/public/venue/by-domain/' there is no param at all: the optional entry makes that "required".
      const { domain } = parseParams(c, domainParamsSchema);
      const { db, clock } = c.get('deps');
      const venue = await getVenueInfo(db, domain, clock.now());
      if (!venue) throw new ApiError(404, ERROR_CODES.VENUE_NOT_FOUND, VENUE_NOT_FOUND_MESSAGE);
      const closedDays = await closedDaysAhead(db, venue.info._id, clock.now(), BOOKING_WINDOW_DAYS);
      const data = { ...localizeVenue(c.var.i18n, venue), closedDays };
      return c.json({ status: 200, data } satisfies ResponseBody<'/public/venue/by-domain/{domain}', 'get', 200>, 200);
    },

    /** GET /public/menu/{fileName}: the PDF, for names in the `menus` table only. */
    async menuPdf(c: Ctx) {
      const { fileName } = parseParams(c, menuParamsSchema);
      const menu = await findMenu(c.get('deps').db, fileName);
      if (!menu) throw notFound(/*i18n*/ 'The menu does not exist');
      const headers = {
        ETag: menu.etag,
        // Menus change only with a release; a day's caching with revalidation by ETag after that.
        'Cache-Control': 'public, max-age=86400',
      };
      if (matchesEtag(c.req.header('if-none-match'), menu.etag)) return c.body(null, 304, headers);
      return c.body(menu.body, 200, {
        ...headers,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${fileName}"`,
        'Content-Length': String(menu.body.byteLength),
        'X-Content-Type-Options': 'nosniff',
      });
    },

  };
}
