/**
 * A venue's services (named periods: days, first and last seating, end, slot interval, valid days) as
 * the set-up pages read, check and publish them (issue 24). They are the one source of the hours: the
 * slots availability offers (slot-schedule.ts) and the hours guests read in every language
 * (venue-info.ts, server/i18n/content.ts) both come from these rows, never typed twice.
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { AppDeps, AuthUser } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { reservations, servicePeriods, venues } from '../../db/schema';
import { newId } from '../../lib/ids';
import { recordAudit } from '../staff/audit-log';
import { catalogChanged, venueNotFound } from '../venues/venue-catalog';
import { isValidOn } from '../venues/service-validity';
import { checkSetupVersion } from './setup-version';
import { hongKongToday, isoWeekday } from '../../../common/time';
import type { ServiceInput, VenueServicesInput } from '../../../common/validation/venue-setup-validation';

/** A venue's services as the set-up page edits them. */
export interface VenueServices {
  venueId: string;
  version: number;
  services: ServiceInput[];
}

/** A confirmed booking from today on that the new services would leave outside the hours; never cancelled. */
export interface AffectedBooking {
  _id: string;
  uniqueId: string;
  date: string;
  startTime: number;
  numberOfGuests: number;
  guestName: string;
  reasons: 'OUTSIDE_HOURS'[];
}

type PeriodRow = typeof servicePeriods.$inferSelect;

const toService = (p: PeriodRow): ServiceInput => ({
  name: p.name,
  daysOfWeek: p.daysOfWeek,
  firstSeating: p.startMinute,
  // Before the set-up, a service's last seating was the last start whose meal ended by its end.
  lastSeating: p.lastSeatingMinute ?? p.endMinute - p.intervalMinutes,
  endsAt: p.endMinute,
  intervalMinutes: p.intervalMinutes,
  validFrom: p.validFrom,
  validUntil: p.validUntil,
});

async function readServices(db: DbOrTx, venueId: string): Promise<VenueServices> {
  const [venue] = await db.select({ version: venues.servicesVersion }).from(venues).where(eq(venues.id, venueId)).limit(1);
  if (!venue) throw venueNotFound();
  const rows = await db
    .select()
    .from(servicePeriods)
    .where(eq(servicePeriods.venueId, venueId))
    .orderBy(asc(servicePeriods.sortOrder), asc(servicePeriods.startMinute));
  return { venueId, version: venue.version, services: rows.map(toService) };
}

/** The venue's services, or 404 20103. */
export function getVenueServices(db: Db, venueId: string): Promise<VenueServices> {
  return readServices(db, venueId);
}

/** Whether a booking's start on its service day is a seating one of `services` offers. */
function isSeated(services: readonly ServiceInput[], date: string, startTime: number): boolean {
  const weekday = isoWeekday(date);
  return services.some(
    (s) => isValidOn(s, date) && s.daysOfWeek.includes(weekday) && s.firstSeating <= startTime && startTime <= s.lastSeating,
  );
}

/**
 * The confirmed bookings from the clock's today on that would start outside every seating of `services`:
 * the check's preview and the published answer list them for staff to contact.
 */
export async function bookingsOutsideServices(deps: AppDeps, db: DbOrTx, venueId: string, services: readonly ServiceInput[]): Promise<AffectedBooking[]> {
  const rows = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.venueId, venueId), inArray(reservations.status, ['CONFIRMED']), gte(reservations.date, hongKongToday(deps.clock.now()))))
    .orderBy(asc(reservations.date), asc(reservations.startTime));
  return rows
    .filter((r) => !isSeated(services, r.date, r.startTime))
    .map((r) => ({
      _id: r.id,
      uniqueId: r.uniqueId,
      date: r.date,
      startTime: r.startTime,
      numberOfGuests: r.numberOfGuests,
      guestName: [r.firstName, r.lastName].filter(Boolean).join(' '),
      reasons: ['OUTSIDE_HOURS'],
    }));
}

/** What publishing would do, changing nothing: 409 20130 when the copy is stale, else the bookings left outside the hours. */
export async function checkVenueServices(deps: AppDeps, venueId: string, input: VenueServicesInput): Promise<{ affected: AffectedBooking[] }> {
  const stored = await readServices(deps.db, venueId);
  checkSetupVersion(stored.version, input.version);
  return { affected: await bookingsOutsideServices(deps, deps.db, venueId, input.services) };
}

/**
 * Publishes the venue's services in place of the stored ones: refused with 409 20130 when someone else
 * published since; never cancels a booking (the answer lists those now outside the hours); audited with
 * before and after; availability and the hours of every process follow on their next request.
 */
export async function publishVenueServices(
  deps: AppDeps,
  actor: AuthUser,
  venueId: string,
  input: VenueServicesInput,
): Promise<VenueServices & { affected: AffectedBooking[] }> {
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId)).for('update');
    const before = await readServices(tx, venueId);
    checkSetupVersion(before.version, input.version);
    await tx.delete(servicePeriods).where(eq(servicePeriods.venueId, venueId));
    await tx.insert(servicePeriods).values(
      input.services.map((s, i) => ({
        id: newId(),
        venueId,
        name: s.name,
        daysOfWeek: s.daysOfWeek,
        startMinute: s.firstSeating,
        endMinute: s.endsAt,
        lastSeatingMinute: s.lastSeating,
        intervalMinutes: s.intervalMinutes,
        validFrom: s.validFrom,
        validUntil: s.validUntil,
        sortOrder: i,
      })),
    );
    await tx.update(venues).set({ servicesVersion: before.version + 1 }).where(eq(venues.id, venueId));
    await catalogChanged(tx);
    const after = await readServices(tx, venueId);
    await recordAudit(tx, {
      actorId: actor.id,
      venueId,
      action: 'venue.services',
      entityType: 'venue',
      entityId: venueId,
      before: before.services,
      after: after.services,
      at: deps.clock.now(),
    });
    return { ...after, affected: await bookingsOutsideServices(deps, tx, venueId, input.services) };
  });
}
