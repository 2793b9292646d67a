/**
 * The venue record's own rules, each a versioned set-up change of the venue (audited before and after, and
 * published with `catalogChanged` by `runSetupChange`): its booking windows by membership
 * (docs/decisions/0018-verified-guests.md) and the host stand's late grace (docs/PRODUCT.md §6). Neither moves
 * an existing booking: windows only limit new bookings, and the grace only says when a party reads as late.
 */
import { eq } from 'drizzle-orm';
import { venues } from '../../db/schema';
import type { BookingWindowsInput } from '../../../common/validation/booking-windows-validation';
import type { LateGraceInput } from '../../../common/validation/host-stand-validation';
import { venueNotFound } from '../booking-rules/venue-catalog';
import { lockForChange, setupConflict, writeChange } from './versioned';
import { runSetupChange, type SetupDeps, type SetupOutcome } from './setup-change';
import type { ChangeBy } from './system-setup';

type VenueRules = Pick<typeof venues.$inferSelect, 'guestBookingDays' | 'memberBookingDays' | 'lateGraceMinutes'>;

/** Writes `values` on the venue from `version`; the audit keeps those fields before and after. */
function changeVenueRules(deps: SetupDeps, by: ChangeBy, venueId: string, version: number, values: Partial<VenueRules>): Promise<SetupOutcome<null>> {
  return runSetupChange(deps, { ...by, venueId }, async (tx) => {
    const before = await lockForChange(tx, venues, eq(venues.id, venueId), version, venueNotFound);
    const after = await writeChange(tx, venues, eq(venues.id, venueId), values);
    if (!after) throw setupConflict();
    const keys = Object.keys(values) as (keyof VenueRules)[];
    const fields = (r: typeof before) => Object.fromEntries(keys.map((k) => [k, r[k]]));
    return { value: null, version: after.version, audit: [{ entity: 'venue', entityId: venueId, before: fields(before), after: fields(after) }] };
  });
}

export const changeBookingWindows = (deps: SetupDeps, by: ChangeBy, venueId: string, input: BookingWindowsInput) =>
  changeVenueRules(deps, by, venueId, input.version, { guestBookingDays: input.guestBookingDays, memberBookingDays: input.memberBookingDays });

export const changeLateGrace = (deps: SetupDeps, by: ChangeBy, venueId: string, input: LateGraceInput) =>
  changeVenueRules(deps, by, venueId, input.version, { lateGraceMinutes: input.lateGraceMinutes });
