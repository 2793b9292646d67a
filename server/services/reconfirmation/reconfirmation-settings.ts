/**
 * A venue's reconfirmation settings (docs/PRODUCT.md §4, no-shows): when the guest is asked (by default
 * 12:00 the day before, Hong Kong time), when the bookings not reconfirmed go on staff's call list (17:00
 * the day before), and whether a guest who never answers is released (never, unless the venue says so).
 * A venue without a row has the defaults.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { venueReconfirmation } from '../../db/reconfirmation-schema';
import { addDays, serviceDateTime } from '../../../common/time';

export interface ReconfirmationSettings {
  askDaysBefore: number;
  /** Minutes from midnight. */
  askAtMinute: number;
  callListAtMinute: number;
  /** Null: the booking stays whatever the guest does. */
  autoReleaseHoursBefore: number | null;
}

export const DEFAULT_RECONFIRMATION: ReconfirmationSettings = { askDaysBefore: 1, askAtMinute: 720, callListAtMinute: 1020, autoReleaseHoursBefore: null };

export async function reconfirmationSettings(db: DbOrTx, venueId: string): Promise<ReconfirmationSettings> {
  const [row] = await db.select().from(venueReconfirmation).where(eq(venueReconfirmation.venueId, venueId));
  return row
    ? { askDaysBefore: row.askDaysBefore, askAtMinute: row.askAtMinute, callListAtMinute: row.callListAtMinute, autoReleaseHoursBefore: row.autoReleaseHoursBefore }
    : DEFAULT_RECONFIRMATION;
}

export async function saveReconfirmationSettings(db: DbOrTx, venueId: string, settings: ReconfirmationSettings, now: Date): Promise<void> {
  await db
    .insert(venueReconfirmation)
    .values({ venueId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: venueReconfirmation.venueId, set: { ...settings, updatedAt: now } });
}

/** When the guests of service day `date` are asked to reconfirm. */
export const askTimeOf = (settings: ReconfirmationSettings, date: string): Date =>
  serviceDateTime(addDays(date, -settings.askDaysBefore), settings.askAtMinute);

/** When the bookings of `date` not reconfirmed go on the call list. */
export const callListTimeOf = (settings: ReconfirmationSettings, date: string): Date =>
  serviceDateTime(addDays(date, -settings.askDaysBefore), settings.callListAtMinute);
