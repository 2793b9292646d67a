/**
 * Dining areas and tables, and the floor layout of each area (docs/decisions/0016-versioned-setup.md): read as stored (with each
 * record's version, uncached: an admin edits what is there now), created and changed through
 * `runSetupChange`, so each change is previewed or published with its impact and audited before/after.
 */
import { and, asc, eq, inArray, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { seatingAreas, venues, venueTables } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AreaChangeInput, AreaInput, FloorLayoutInput, TableChangeInput, TableInput } from '../../../common/validation/setup-validation';
import { venueNotFound } from '../booking-rules/venue-catalog';
import { lockForChange, refuseIfAny, writeChange, type SetupReason } from './versioned';
import { runSetupChange, type SetupDeps, type SetupOutcome } from './setup-change';
import type { ChangeBy } from './system-setup';

export type FloorDto = Schema<'Floor'>;
type TableRow = typeof venueTables.$inferSelect;
type AreaRow = typeof seatingAreas.$inferSelect;

const tableNotFound = () => notFound(/*i18n*/ 'The table does not exist');
const areaNotFound = () => notFound(/*i18n*/ 'The dining area does not exist');

const tableDto = (t: TableRow): FloorDto['tables'][number] => ({
  _id: t.id,
  seatingAreaId: t.seatingAreaId,
  name: t.name,
  minGuests: t.minGuests,
  maxGuests: t.maxGuests,
  bookable: t.bookable,
  combineGroup: t.combineGroup,
  active: t.active,
  shape: t.shape,
  x: t.x,
  y: t.y,
  width: t.width,
  height: t.height,
  rotation: t.rotation,
  version: t.version,
});

/** What the audit keeps of a table: every value an admin sets. */
const tableView = (t: TableRow) => {
  const { id: _id, venueId: _venue, version: _version, ...rest } = t;
  return { tableId: t.id, ...rest };
};
const areaView = (a: AreaRow) => ({ seatingAreaId: a.id, name: a.name, description: a.description, membersOnly: a.membersOnly, active: a.active });

/** The venue's dining areas and tables as stored now, with their versions. */
export async function readFloor(db: DbOrTx, venueId: string): Promise<FloorDto> {
  const [venue] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId));
  if (!venue) throw venueNotFound();
  const areas = await db.select().from(seatingAreas).where(eq(seatingAreas.venueId, venueId)).orderBy(asc(seatingAreas.sortOrder), asc(seatingAreas.id));
  const tables = await db.select().from(venueTables).where(eq(venueTables.venueId, venueId)).orderBy(asc(venueTables.name), asc(venueTables.id));
  return {
    venueId,
    areas: areas.map((a) => ({ _id: a.id, name: a.name, description: a.description, membersOnly: a.membersOnly, active: a.active, version: a.version })),
    tables: tables.map(tableDto),
  };
}

/**
 * A table's values as a change gives them. The page always places a table; a table created without a
 * place (x and y null: the demo venues') is drawn in a row until an admin drags it.
 */
export type TableValues = Omit<TableInput, 'x' | 'y'> & { x: number | null; y: number | null };

/** The rules a table's values must keep that need the stored set-up: its area is the venue's, its name is its own. */
async function tableReasons(tx: DbOrTx, venueId: string, input: TableValues, tableId?: string): Promise<SetupReason[]> {
  const reasons: SetupReason[] = [];
  const [area] = await tx.select().from(seatingAreas).where(and(eq(seatingAreas.id, input.seatingAreaId), eq(seatingAreas.venueId, venueId)));
  if (!area) reasons.push({ message: /*i18n*/ 'The dining area is not one of this venue' });
  const sameName = await tx
    .select({ id: venueTables.id })
    .from(venueTables)
    .where(and(eq(venueTables.venueId, venueId), eq(venueTables.name, input.name), tableId ? ne(venueTables.id, tableId) : undefined));
  if (sameName.length) reasons.push({ message: /*i18n*/ 'Another table is already called {name}', values: { name: input.name } });
  return reasons;
}

const layoutOf = (input: TableValues) => ({ shape: input.shape, x: input.x, y: input.y, width: input.width, height: input.height, rotation: input.rotation });
const valuesOf = (input: TableValues) => ({
  seatingAreaId: input.seatingAreaId,
  name: input.name,
  minGuests: input.minGuests,
  maxGuests: input.maxGuests,
  bookable: input.bookable,
  combineGroup: input.combineGroup,
  active: input.active,
  ...layoutOf(input),
});

/** Adds a table to a venue. */
export function createTable(deps: SetupDeps, by: ChangeBy, venueId: string, input: TableValues): Promise<SetupOutcome<{ _id: string }>> {
  return runSetupChange(deps, { ...by, venueId }, async (tx) => {
    refuseIfAny(await tableReasons(tx, venueId, input));
    const [row] = await tx.insert(venueTables).values({ id: newId(), venueId, ...valuesOf(input) }).returning();
    return { value: { _id: row!.id }, version: row!.version, audit: [{ entity: 'table', entityId: row!.id, before: null, after: tableView(row!) }] };
  });
}

/** Changes a table's values, from the version the admin read. */
export async function changeTable(deps: SetupDeps, by: ChangeBy, tableId: string, input: TableChangeInput): Promise<SetupOutcome<{ _id: string }>> {
  const [stored] = await deps.db.select({ venueId: venueTables.venueId }).from(venueTables).where(eq(venueTables.id, tableId));
  if (!stored) throw tableNotFound();
  return runSetupChange(deps, { ...by, venueId: stored.venueId }, async (tx) => {
    const before = await lockForChange(tx, venueTables, eq(venueTables.id, tableId), input.version, tableNotFound);
    refuseIfAny(await tableReasons(tx, before.venueId, input, tableId));
    const after = await writeChange(tx, venueTables, eq(venueTables.id, tableId), valuesOf(input));
    return { value: { _id: tableId }, version: after.version, audit: [{ entity: 'table', entityId: tableId, before: tableView(before), after: tableView(after) }] };
  });
}

/** Moves the tables of a floor plan at once (what the admin dragged), each from the version it was read at. */
export function changeLayout(deps: SetupDeps, by: ChangeBy, venueId: string, input: FloorLayoutInput): Promise<SetupOutcome<{ tables: number }>> {
  return runSetupChange(deps, { ...by, venueId }, async (tx) => {
    const ids = input.tables.map((t) => t.tableId);
    const owned = await tx.select({ id: venueTables.id }).from(venueTables).where(and(inArray(venueTables.id, ids), eq(venueTables.venueId, venueId)));
    if (owned.length !== new Set(ids).size) throw tableNotFound();
    const audit = [];
    let version = 0;
    // In id order, so two layouts saved at once lock their tables in the same order.
    for (const placed of [...input.tables].sort((a, b) => (a.tableId < b.tableId ? -1 : 1))) {
      const before = await lockForChange(tx, venueTables, eq(venueTables.id, placed.tableId), placed.version, tableNotFound);
      const after = await writeChange(tx, venueTables, eq(venueTables.id, placed.tableId), layoutOf({ ...before, ...placed } as TableInput));
      audit.push({ entity: 'table' as const, entityId: placed.tableId, before: tableView(before), after: tableView(after) });
      version = Math.max(version, after.version);
    }
    return { value: { tables: audit.length }, version, audit };
  });
}

/** Changes a dining area's name, description, whether only members may book it, or whether it is in use. */
export async function changeArea(deps: SetupDeps, by: ChangeBy, areaId: string, input: AreaChangeInput): Promise<SetupOutcome<{ _id: string }>> {
  const [stored] = await deps.db.select({ venueId: seatingAreas.venueId }).from(seatingAreas).where(eq(seatingAreas.id, areaId));
  if (!stored) throw areaNotFound();
  return runSetupChange(deps, { ...by, venueId: stored.venueId }, async (tx) => {
    const before = await lockForChange(tx, seatingAreas, eq(seatingAreas.id, areaId), input.version, areaNotFound);
    const after = await writeChange(tx, seatingAreas, eq(seatingAreas.id, areaId), {
      name: input.name,
      description: input.description,
      membersOnly: input.membersOnly ?? before.membersOnly,
      active: input.active,
    });
    return { value: { _id: areaId }, version: after.version, audit: [{ entity: 'area', entityId: areaId, before: areaView(before), after: areaView(after) }] };
  });
}

/** Adds a dining area to a venue, after its others on the plan. */
export function createArea(deps: SetupDeps, by: ChangeBy, venueId: string, input: AreaInput): Promise<SetupOutcome<{ _id: string }>> {
  return runSetupChange(deps, { ...by, venueId }, async (tx) => {
    const [venue] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId));
    if (!venue) throw venueNotFound();
    const [last] = await tx.select({ sortOrder: max(seatingAreas.sortOrder) }).from(seatingAreas).where(eq(seatingAreas.venueId, venueId));
    const values = { name: input.name, description: input.description, membersOnly: input.membersOnly ?? false, active: input.active };
    const [row] = await tx
      .insert(seatingAreas)
      .values({ id: newId(), venueId, sortOrder: (last?.sortOrder ?? 0) + 1, ...values })
      .returning();
    return { value: { _id: row!.id }, version: row!.version, audit: [{ entity: 'area', entityId: row!.id, before: null, after: areaView(row!) }] };
  });
}
