/**
 * Who may change a venue's set-up: admins, every venue; a venue's own staff when an admin has allowed it
 * for that venue (`venues.staff_may_set_up`, migration 0031), read on every call so switching it off
 * takes effect at once. Switching it is an admin's change, audited with before and after.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps, AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { venues } from '../../db/schema';
import { ApiError, forbidden } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { venueNotFound } from '../booking-rules/venue-catalog';
import { recordSetupChange } from '../audit/setup-audit';

/** 403 20185, in the words of the venue's staff. */
const staffNotAllowed = () =>
  new ApiError(403, ERROR_CODES.SETUP_STAFF_NOT_ALLOWED, /*i18n*/ "An admin has not allowed your venue's team to change its set-up. Ask an admin to switch it on.");

export async function staffMaySetUp(db: DbOrTx, venueId: string): Promise<boolean> {
  const [venue] = await db.select({ allowed: venues.staffMaySetUp }).from(venues).where(eq(venues.id, venueId));
  if (!venue) throw venueNotFound();
  return venue.allowed;
}

/** Throws 403 unless the actor may change this venue's set-up (venueId undefined: a record that is no venue's). */
export async function checkSetupAccess(db: DbOrTx, actor: Pick<AuthUser, 'role' | 'venueId'>, venueId: string | undefined): Promise<void> {
  if (actor.role === 'admin') return;
  if (actor.role !== 'staff' || !venueId || actor.venueId !== venueId) throw forbidden();
  if (!(await staffMaySetUp(db, venueId))) throw staffNotAllowed();
}

/** Allows or stops the venue's staff changing its set-up (admins only: the route checks). */
export async function setStaffMaySetUp(deps: Pick<AppDeps, 'db' | 'clock'>, actor: AuthUser, venueId: string, allowed: boolean): Promise<{ staffMaySetUp: boolean }> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ allowed: venues.staffMaySetUp }).from(venues).where(eq(venues.id, venueId)).for('update');
    if (!before) throw venueNotFound();
    if (before.allowed !== allowed) {
      await tx.update(venues).set({ staffMaySetUp: allowed }).where(eq(venues.id, venueId));
      await recordSetupChange(tx, {
        actorId: actor.id,
        venueId,
        entity: 'staff-access',
        entityId: venueId,
        before: { staffMaySetUp: before.allowed },
        after: { staffMaySetUp: allowed },
        at: deps.clock.now(),
      });
    }
    return { staffMaySetUp: allowed };
  });
}
