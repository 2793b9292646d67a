/**
 * A venue's services (named periods: days, first and last seating, end, slot interval, valid days, and
 * whether only members may book them) as
 * the set-up pages read, check and publish them (docs/decisions/0016-versioned-setup.md). They are the one source of the hours: the
 * slots availability offers (slot-schedule.ts) and the hours guests read in every language
 * (venue-info.ts, server/routes/localisation/content.ts) both come from these rows, never typed twice.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { servicePeriods, venues } from '../../db/schema';
import { newId } from '../../lib/ids';
import { recordSetupChange } from '../audit/setup-audit';
import { setupImpact } from '../setup/setup-impact';
import type { SetupAffectedBookingDto } from '../setup/impact-reasons';
import { setupConflict } from '../setup/versioned';
import { inSetupTransaction, isSystem, type SetupDeps, type SystemSetup } from '../setup/system-setup';
import { catalogChanged, loadVenueCatalog, venueNotFound, venueOf, type CatalogVenue } from '../booking-rules/venue-catalog';
import type { ServiceInput, VenueServicesInput } from '../../../common/validation/venue-setup-validation';

/** A venue's services as the set-up page edits them. */
export interface VenueServices {
  venueId: string;
  version: number;
  services: ServiceInput[];
}

type PeriodRow = typeof servicePeriods.$inferSelect;

/**
 * A service as published. The page always gives a last seating; a service without one (the demo
 * venues') offers every start whose stay ends by the service's end (slot-schedule.ts `lastStartOf`).
 */
export type ServiceValues = Omit<ServiceInput, 'lastSeating'> & { lastSeating: number | null };
export type VenueServicesValues = Omit<VenueServicesInput, 'services'> & { services: ServiceValues[] };

/** A service's last seating as the page shows it: before the set-up, the last start whose meal ended by its end. */
export const lastSeatingOf = (p: { lastSeatingMinute?: number | null; endMinute: number; intervalMinutes: number }): number => p.lastSeatingMinute ?? p.endMinute - p.intervalMinutes;

const toService = (p: PeriodRow): ServiceInput => ({
  name: p.name,
  daysOfWeek: p.daysOfWeek,
  firstSeating: p.startMinute,
  lastSeating: lastSeatingOf(p),
  endsAt: p.endMinute,
  intervalMinutes: p.intervalMinutes,
  validFrom: p.validFrom,
  validUntil: p.validUntil,
  membersOnly: p.membersOnly,
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

/** The stored period rows `services` would be, as the catalog holds them. */
function periodRows(venueId: string, services: readonly ServiceValues[]): PeriodRow[] {
  return services.map((s, i) => ({
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
    membersOnly: s.membersOnly,
    sortOrder: i,
    version: 1,
  }));
}

/** The confirmed bookings still to come that `services` would leave outside the hours (setup-impact.ts). */
function impactOf(deps: SetupDeps, db: DbOrTx, entry: CatalogVenue, services: readonly ServiceValues[]): Promise<SetupAffectedBookingDto[]> {
  return setupImpact(db, { ...entry, periods: periodRows(entry.venue.id, services) }, deps.clock.now());
}

/** What publishing would do, changing nothing: 409 20140 when the copy is stale, else the bookings left outside the hours. */
export async function checkVenueServices(deps: AppDeps, venueId: string, input: VenueServicesInput): Promise<{ affected: SetupAffectedBookingDto[] }> {
  const stored = await readServices(deps.db, venueId);
  if (stored.version !== input.version) throw setupConflict();
  const entry = venueOf(await loadVenueCatalog(deps.db), venueId);
  return { affected: await impactOf(deps, deps.db, entry, input.services) };
}

/**
 * Publishes the venue's services in place of the stored ones: refused with 409 20140 when someone else
 * published since; never cancels a booking (the answer lists those now outside the hours); audited with
 * before and after; availability and the hours of every process follow on their next request. A new
 * venue's first services start from version 0. The system's (system-setup.ts) are neither audited nor
 * checked for impact.
 */
export async function publishVenueServices(
  deps: SetupDeps,
  actor: { id: string } | SystemSetup,
  venueId: string,
  input: VenueServicesValues,
): Promise<VenueServices & { affected: SetupAffectedBookingDto[] }> {
  // Read before the transaction: PGlite has one connection, which the transaction holds. Only its
  // tables, areas and pacing are used, which this change leaves as they are.
  const entry = isSystem(actor) ? undefined : venueOf(await loadVenueCatalog(deps.db), venueId);
  return inSetupTransaction(deps, actor, async (tx) => {
    await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId)).for('update');
    const before = await readServices(tx, venueId);
    if (before.version !== input.version) throw setupConflict();
    await tx.delete(servicePeriods).where(eq(servicePeriods.venueId, venueId));
    await tx.insert(servicePeriods).values(periodRows(venueId, input.services));
    await tx.update(venues).set({ servicesVersion: before.version + 1 }).where(eq(venues.id, venueId));
    const after = await readServices(tx, venueId);
    if (isSystem(actor) || !entry) return { ...after, affected: [] };
    await catalogChanged(tx);
    await recordSetupChange(tx, {
      actorId: actor.id,
      venueId,
      entity: 'service',
      entityId: venueId,
      before: before.services,
      after: after.services,
      at: deps.clock.now(),
    });
    return { ...after, affected: await impactOf(deps, tx, entry, input.services) };
  });
}
