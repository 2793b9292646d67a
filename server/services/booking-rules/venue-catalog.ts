/**
 * The venues' static set-up (periods, areas, tables, experiences), cached in memory, and the look-ups
 * by id that answer 404 or 400 when an id names nothing of the venue.
 */
import { createHash } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { experiences, experienceTexts, seatingAreas, servicePeriods, venueCatalogVersion, venuePacing, venues, venueTables, venueTurnTimes, type PacingRule, type TurnTimeRule } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import type { PaymentPolicy } from '../../../common/money';
import { groupExperienceTexts, type ExperienceOwnTexts } from '../../../common/experience-text';

export type VenueRow = typeof venues.$inferSelect;
export type ServicePeriodRow = typeof servicePeriods.$inferSelect;
export type SeatingAreaRow = typeof seatingAreas.$inferSelect;
export type VenueTableRow = typeof venueTables.$inferSelect;
export type ExperienceRow = typeof experiences.$inferSelect;

/** How long the static venue set-up is trusted before it is read again. */
export const CATALOG_TTL_MS = 30_000;

/** One venue's static set-up. */
export interface CatalogVenue {
  venue: VenueRow;
  periods: ServicePeriodRow[];
  areas: SeatingAreaRow[];
  tables: VenueTableRow[];
  experiences: ExperienceRow[];
  /** Pacing limits by service (server/services/booking-rules/pacing.ts); none when the venue paces nothing. */
  pacing: PacingRule[];
  pacingVersion: number;
  /** How long a party sits by party size and service. */
  turnTimes: TurnTimeRule[];
  turnTimesVersion: number;
  /** The catalog's `experienceTexts` (the same map), for rules that name an experience holding only its venue. */
  experienceTexts: VenueCatalog['experienceTexts'];
}

/** Every venue's set-up, by id, with areas and experiences also by id. */
export interface VenueCatalog {
  venues: Map<string, CatalogVenue>;
  areas: Map<string, SeatingAreaRow>;
  experiences: Map<string, ExperienceRow>;
  /**
   * The experiences' own texts beside English, by experience id, for `experienceText`
   * (common/experience-text.ts): read with the rest, so naming an experience costs no query per request.
   */
  experienceTexts: Map<string, ExperienceOwnTexts>;
}

const catalogCache = new WeakMap<object, { at: number; version: number; catalog: Promise<VenueCatalog>; fingerprint?: string }>();

/** The set-up's version: every published change bumps it (`catalogChanged`). One row, one small read. */
export async function catalogVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ version: venueCatalogVersion.version }).from(venueCatalogVersion).limit(1);
  return row?.version ?? 0;
}

/**
 * Says that a published set-up change was written: call it in the change's transaction. Every server
 * process compares the version with the one its cache was read at on each request, so once this
 * commits, availability and the venue pages of every process use the change on their next request.
 */
export async function catalogChanged(tx: DbOrTx): Promise<void> {
  await tx.update(venueCatalogVersion).set({ version: sql`${venueCatalogVersion.version} + 1` });
}

/** Reads every venue's set-up now, uncached (a set-up change reads what it would publish, in its transaction). */
export async function readCatalog(db: DbOrTx): Promise<VenueCatalog> {
  // Sequential on purpose: PGlite runs one query at a time, and this runs once per TTL.
  const venueRows = await db.select().from(venues).orderBy(asc(venues.sortOrder));
  const periodRows = await db.select().from(servicePeriods).orderBy(asc(servicePeriods.sortOrder), asc(servicePeriods.startMinute));
  const areaRows = await db.select().from(seatingAreas).orderBy(asc(seatingAreas.sortOrder), asc(seatingAreas.id));
  const tableRows = await db.select().from(venueTables).orderBy(asc(venueTables.id));
  const experienceRows = await db.select().from(experiences).orderBy(asc(experiences.sortOrder));
  const pacingRows = new Map((await db.select().from(venuePacing)).map((p) => [p.venueId, p]));
  const turnTimeRows = new Map((await db.select().from(venueTurnTimes)).map((t) => [t.venueId, t]));
  const textRows = await db.select().from(experienceTexts);
  const ownTexts = groupExperienceTexts(textRows);
  const catalog: VenueCatalog = { venues: new Map(), areas: new Map(), experiences: new Map(), experienceTexts: ownTexts };
  for (const venue of venueRows) {
    catalog.venues.set(venue.id, {
      venue,
      periods: periodRows.filter((p) => p.venueId === venue.id),
      areas: areaRows.filter((a) => a.venueId === venue.id),
      tables: tableRows.filter((t) => t.venueId === venue.id),
      experiences: experienceRows.filter((e) => e.venueId === venue.id),
      pacing: pacingRows.get(venue.id)?.rules ?? [],
      pacingVersion: pacingRows.get(venue.id)?.version ?? 0,
      turnTimes: turnTimeRows.get(venue.id)?.rules ?? [],
      turnTimesVersion: turnTimeRows.get(venue.id)?.version ?? 0,
      experienceTexts: ownTexts,
    });
  }
  for (const area of areaRows) catalog.areas.set(area.id, area);
  for (const experience of experienceRows) catalog.experiences.set(experience.id, experience);
  return catalog;
}

/**
 * The venues' static set-up, read again when a change was published since (`catalogChanged`, checked on
 * every call) and at least once per `CATALOG_TTL_MS` (wall-clock, not the business clock) per database
 * handle. Pass the database, not a transaction, or nothing is cached.
 */
export async function loadVenueCatalog(db: DbOrTx): Promise<VenueCatalog> {
  return venueCatalogAt(db, await catalogVersion(db));
}

/**
 * The set-up at `version`, which the caller read itself in a statement of its own (a guest's hold reads
 * it with the day's bookings: one round trip fewer); cached as `loadVenueCatalog`.
 */
export function venueCatalogAt(db: DbOrTx, version: number): Promise<VenueCatalog> {
  const nowMs = Date.now();
  const cached = catalogCache.get(db);
  if (cached && cached.version === version && nowMs - cached.at < CATALOG_TTL_MS) return cached.catalog;
  const catalog = readCatalog(db);
  const entry: { at: number; version: number; catalog: Promise<VenueCatalog>; fingerprint?: string } = { at: nowMs, version, catalog };
  catalogCache.set(db, entry);
  void catalog.then((read) => (entry.fingerprint = fingerprintOf(read)), () => {});
  // A failed read must not stick.
  catalog.catch(() => catalogCache.delete(db));
  return catalog;
}

/**
 * The set-up this process last read and the version it was read at, without a round trip while it is
 * within `CATALOG_TTL_MS`: for a caller that reads the version in a statement of its own and asks again
 * (`venueCatalogAt`) when it moved on (the availability look-up). Read now when nothing is cached.
 */
export async function lastVenueCatalog(db: DbOrTx): Promise<{ version: number; catalog: VenueCatalog }> {
  const cached = catalogCache.get(db);
  if (cached && Date.now() - cached.at < CATALOG_TTL_MS) return { version: cached.version, catalog: await cached.catalog };
  const version = await catalogVersion(db);
  return { version, catalog: await venueCatalogAt(db, version) };
}

/**
 * The experiences' own texts for an answer named in the reader's language at the API edge
 * (`localizeReservation`): those of the set-up the service just read to build it, so no round trip.
 */
export async function experienceTextsNow(db: DbOrTx): Promise<VenueCatalog['experienceTexts']> {
  return (await lastVenueCatalog(db)).catalog.experienceTexts;
}

/**
 * What stands for the set-up this process holds now (a hash of all of it), or undefined once it is due to
 * be read again: an answer worked out from the set-up may be kept while this stays the same (decision
 * 0038). Read again at the TTL and found the same, it stays the same, so the backstop drops nothing.
 */
export function catalogStamp(db: DbOrTx): string | undefined {
  const cached = catalogCache.get(db);
  return cached && Date.now() - cached.at < CATALOG_TTL_MS ? cached.fingerprint : undefined;
}

/** A hash of everything a set-up holds (maps as their entries). */
function fingerprintOf(catalog: VenueCatalog): string {
  const text = JSON.stringify([...catalog.venues.values(), [...catalog.experienceTexts]], (_key, value: unknown) => (value instanceof Map ? [...value] : value));
  return createHash('sha256').update(text).digest('base64');
}

/** Forgets the cached set-up (after venues, tables or experiences change). */
export function clearVenueCatalog(db: DbOrTx): void {
  catalogCache.delete(db);
}

/** docs/PRODUCT.md §3's payment policy of an experience row. */
export function paymentPolicyOf(experience: ExperienceRow): PaymentPolicy {
  return {
    prePaymentType: experience.prePaymentType,
    price: {
      price: { amount: experience.priceAmount },
      serviceChargePercentage: experience.serviceChargePercentage,
      taxPercentage: experience.taxPercentage,
    },
    depositPolicy: experience.depositPolicy,
  };
}

export const venueNotFound = () => new ApiError(404, ERROR_CODES.VENUE_NOT_FOUND, /*i18n*/ 'The venue information does not exist');
export const experienceNotFound = () => notFound(/*i18n*/ 'The experience does not exist at this venue');

/** The venue's set-up, or 404 20103. */
export function venueOf(catalog: VenueCatalog, venueId: string): CatalogVenue {
  const entry = catalog.venues.get(venueId);
  if (!entry) throw venueNotFound();
  return entry;
}

/** The experience of that venue, or 404. */
export function experienceOf(entry: CatalogVenue, experienceId: string): ExperienceRow {
  const experience = entry.experiences.find((e) => e.id === experienceId);
  if (!experience) throw experienceNotFound();
  return experience;
}

/** The seating area of that venue (undefined for "any"), or 400 naming seatingAreaId. */
export function seatingAreaOf(entry: CatalogVenue, seatingAreaId: string | null | undefined): SeatingAreaRow | undefined {
  if (seatingAreaId == null) return undefined;
  const area = entry.areas.find((a) => a.id === seatingAreaId);
  if (!area) throw badRequest('seatingAreaId does not name a seating area of this venue', 'seatingAreaId');
  return area;
}
