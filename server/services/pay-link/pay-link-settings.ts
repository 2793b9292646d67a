/**
 * A venue's pay-link settings (docs/PRODUCT.md §6, pay by link): how many hours a phone booking's link stays
 * open (24 unless the venue says otherwise; never past the booking's start), and what an unpaid booking
 * becomes when it lapses: released (cancelled as unpaid) or kept as owed, payable at the venue (the
 * default, as phone bookings were before links). A venue without a row has the defaults.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { venuePayLink, type PayLinkLapse } from '../../db/schema';

export interface PayLinkSettings {
  lapseHours: number;
  onLapse: PayLinkLapse;
}

export const DEFAULT_PAY_LINK: PayLinkSettings = { lapseHours: 24, onLapse: 'KEEP_OWED' };

export async function payLinkSettings(db: DbOrTx, venueId: string): Promise<PayLinkSettings> {
  const [row] = await db.select().from(venuePayLink).where(eq(venuePayLink.venueId, venueId));
  return row ? { lapseHours: row.lapseHours, onLapse: row.onLapse } : DEFAULT_PAY_LINK;
}

export async function savePayLinkSettings(db: DbOrTx, venueId: string, settings: PayLinkSettings, now: Date): Promise<void> {
  await db
    .insert(venuePayLink)
    .values({ venueId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: venuePayLink.venueId, set: { ...settings, updatedAt: now } });
}

/** When a link sent at `sentAt` lapses: the venue's hours later, or the booking's start if that comes first. */
export const lapseTimeOf = (settings: PayLinkSettings, sentAt: Date, startsAt: Date): Date =>
  new Date(Math.min(sentAt.getTime() + settings.lapseHours * 3_600_000, startsAt.getTime()));
