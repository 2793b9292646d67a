/**
 * The venue's booking windows by membership (docs/decisions/0018-verified-guests.md), changed as a versioned set-up change of the
 * venue record: audited before and after, and published with `catalogChanged` by `runSetupChange`.
 * Windows only limit new bookings, so no existing booking is affected.
 */
import { eq } from 'drizzle-orm';
import { venues } from '../../db/schema';
import type { BookingWindowsInput } from '../../../common/validation/booking-windows-validation';
import { venueNotFound } from '../booking-rules/venue-catalog';
import { lockForChange, setupConflict, writeChange } from './versioned';
import { runSetupChange, type SetupDeps, type SetupOutcome } from './setup-change';
import type { ChangeBy } from './system-setup';

export function changeBookingWindows(deps: SetupDeps, by: ChangeBy, venueId: string, input: BookingWindowsInput): Promise<SetupOutcome<null>> {
  return runSetupChange(deps, { ...by, venueId }, async (tx) => {
    const before = await lockForChange(tx, venues, eq(venues.id, venueId), input.version, venueNotFound);
    const after = await writeChange(tx, venues, eq(venues.id, venueId), { guestBookingDays: input.guestBookingDays, memberBookingDays: input.memberBookingDays });
    if (!after) throw setupConflict();
    const windows = (r: typeof before) => ({ guestBookingDays: r.guestBookingDays, memberBookingDays: r.memberBookingDays });
    return { value: null, version: after.version, audit: [{ entity: 'venue', entityId: venueId, before: windows(before), after: windows(after) }] };
  });
}
