/**
 * The guard of every set-up call: after `requireStaff()`, admins pass; a venue's staff pass for their own
 * venue when an admin allows it (server/services/setup/setup-access.ts). Each route says how its venue
 * is found: the address's `venueId`, or the venue of the table or dining area it names.
 */
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../context';
import { experiences, seatingAreas, venueTables } from '../../db/schema';
import { checkSetupAccess } from '../../services/setup/setup-access';

type VenueOf = (c: Context<AppEnv>) => Promise<string | undefined>;

export const venueParam: VenueOf = async (c) => c.req.param('venueId');

export const tableVenue: VenueOf = async (c) =>
  (await c.get('deps').db.select({ venueId: venueTables.venueId }).from(venueTables).where(eq(venueTables.id, c.req.param('id') ?? '')))[0]?.venueId;

export const areaVenue: VenueOf = async (c) =>
  (await c.get('deps').db.select({ venueId: seatingAreas.venueId }).from(seatingAreas).where(eq(seatingAreas.id, c.req.param('id') ?? '')))[0]?.venueId;

export const experienceVenue: VenueOf = async (c) =>
  (await c.get('deps').db.select({ venueId: experiences.venueId }).from(experiences).where(eq(experiences.id, c.req.param('id') ?? '')))[0]?.venueId;

/** Lets through whoever may change the set-up of the route's venue; 403 otherwise. */
export function setupAccess(venueOf: VenueOf = venueParam): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('auth');
    // Admins need no look-up: only a venue's staff depend on the venue.
    if (user.role !== 'admin') await checkSetupAccess(c.get('deps').db, user, await venueOf(c));
    await next();
  };
}
