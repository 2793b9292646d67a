/** The tables joined staff may choose for a party (docs/decisions/0027-combinations-for-staff.md): the venue's staff or an admin; another venue's staff get 403. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { checkVenueAccess, requireStaff } from '../../lib/auth';
import { idSchema, parseParams, parseQuery, requiredObject } from '../../lib/validate';
import { localizeText } from '../localisation/content';
import { staffCombinationsQuerySchema } from '../../../common/validation/staff-booking-validation';
import { staffCombinations } from '../../services/staff/staff-combinations';

const venueParams = requiredObject({ venueId: idSchema });

export function combinationsRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/admin/venue/:venueId/table-combinations', requireStaff(), async (c) => {
    const { venueId } = parseParams(c, venueParams);
    checkVenueAccess(c.get('auth'), venueId);
    const { guests } = parseQuery(c, staffCombinationsQuerySchema);
    const found = await staffCombinations(c.get('deps').db, venueId, guests);
    const data = found.map((combination) => ({ ...combination, area: localizeText(c.var.i18n, combination.area) }));
    return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/table-combinations', 'get', 200>, 200);
  });
}
