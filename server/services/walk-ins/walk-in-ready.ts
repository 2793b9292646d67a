/**
 * "Table ready": the party is called back to the stand. A party that left a mobile number is texted,
 * through the outbox in the same transaction (docs/decisions/0004), in the language it chose, with its link
 * to its place in the queue; the host may call again (a second text) until the party is seated or gone.
 */
import type { AuthUser } from '../../context';
import { checkVenueAccess } from '../../lib/auth';
import { messageLanguage } from '../messaging/message-language';
import { queueSms } from '../messaging/outbox';
import { recordAudit } from '../audit/audit-log';
import { reservationScope, type ReservationDeps } from '../reservations/reservations';
import { venueOf } from '../booking-rules/venue-catalog';
import type { WalkInEntryDto } from './walk-in-dto';
import { changeQueuedEntry } from './walk-in-entry';
import { walkInLink } from './walk-in-link';
import { entryDto } from './walk-in-queue';

export async function walkInTableReady(deps: ReservationDeps, actor: AuthUser, venueId: string, entryId: string): Promise<WalkInEntryDto> {
  const { db, now, catalog } = await reservationScope(deps);
  checkVenueAccess(actor, venueId);
  const venue = venueOf(catalog, venueId).venue;
  const row = await db.transaction(async (tx) => {
    const called = await changeQueuedEntry(tx, venueId, entryId, { status: 'NOTIFIED', notifiedAt: now, updatedAt: now });
    if (called.mobileCountryCode && called.mobileNumber) {
      const { i18n } = messageLanguage(called.locale);
      await queueSms(tx, {
        to: `${called.mobileCountryCode}${called.mobileNumber}`,
        body: i18n._('{name}, your table at {venue} is ready. Please come to the host stand. Your place: {link}', {
          name: called.name,
          venue: venue.title,
          link: walkInLink(deps.config, called.id),
        }),
      });
    }
    await recordAudit(tx, { actorId: actor.id, venueId, action: 'walk-in.ready', entityType: 'walk_in', entityId: entryId, before: null, after: { texted: Boolean(called.mobileNumber) }, at: now });
    return called;
  });
  return entryDto(db, row, now, deps);
}
