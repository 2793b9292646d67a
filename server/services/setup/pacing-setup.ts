/**
 * A venue's pacing limits and turn times (docs/decisions/0016-versioned-setup.md), each one record per venue edited as a whole: read
 * with its version (0 before the first change), changed through `runSetupChange` (previewed or
 * published with the bookings it would put over a limit, audited before and after).
 */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { servicePeriods, venuePacing, venues, venueTurnTimes } from '../../db/schema';
import type { PacingInput, TurnTimesInput } from '../../../common/validation/setup-validation';
import { venueNotFound } from '../booking-rules/venue-catalog';
import { lockForChange, refuseIfAny, setupConflict, writeChange, type SetupReason } from './versioned';
import { runSetupChange, type SetupDeps, type SetupOutcome } from './setup-change';
import type { ChangeBy } from './system-setup';

type RulesTable = typeof venuePacing | typeof venueTurnTimes;
export interface RulesDto<R> {
  venueId: string;
  rules: R[];
  version: number;
}

async function readRules<R>(db: DbOrTx, table: RulesTable, venueId: string): Promise<RulesDto<R>> {
  const [venue] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId));
  if (!venue) throw venueNotFound();
  const [row] = await db.select().from(table).where(eq(table.venueId, venueId));
  return { venueId, rules: (row?.rules ?? []) as R[], version: row?.version ?? 0 };
}

/** The venue's pacing, with its services by name (what the admin may pace). */
export async function readPacing(db: DbOrTx, venueId: string) {
  const rules = await readRules<PacingInput['rules'][number]>(db, venuePacing, venueId);
  const periods = await db.select({ name: servicePeriods.name }).from(servicePeriods).where(eq(servicePeriods.venueId, venueId)).orderBy(asc(servicePeriods.sortOrder));
  return { ...rules, services: [...new Set(periods.map((p) => p.name))] };
}
export const readTurnTimes = (db: DbOrTx, venueId: string) => readRules<TurnTimesInput['rules'][number]>(db, venueTurnTimes, venueId);

/** Each rule names a service of the venue, and no service is named twice (pacing) . */
async function serviceReasons(tx: DbOrTx, venueId: string, names: readonly (string | null)[], unique: boolean): Promise<SetupReason[]> {
  const services = new Set((await tx.select({ name: servicePeriods.name }).from(servicePeriods).where(eq(servicePeriods.venueId, venueId))).map((p) => p.name));
  const reasons: SetupReason[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (name === null) continue;
    if (!services.has(name)) reasons.push({ message: /*i18n*/ '{service} is not a service of this venue', values: { service: name } });
    else if (unique && seen.has(name)) reasons.push({ message: /*i18n*/ '{service} has two pacing rules: keep one', values: { service: name } });
    seen.add(name);
  }
  return reasons;
}

/** Writes a venue's rules from the version read: the first change (version 0) creates the record. */
async function writeRules(tx: DbOrTx, table: RulesTable, venueId: string, rules: unknown[], version: number) {
  if (version === 0) {
    const [created] = await tx.insert(table).values({ venueId, rules: rules as never, version: 1 }).onConflictDoNothing().returning();
    // Someone else made the first change meanwhile.
    if (!created) throw setupConflict();
    return { before: null, after: created };
  }
  const before = await lockForChange(tx, table, eq(table.venueId, venueId), version, setupConflict);
  const after = await writeChange(tx, table, eq(table.venueId, venueId), { rules: rules as never });
  return { before, after };
}

export function changePacing(deps: SetupDeps, by: ChangeBy, venueId: string, input: PacingInput): Promise<SetupOutcome<null>> {
  return runSetupChange(deps, { ...by, venueId }, async (tx) => {
    await readRules(tx, venuePacing, venueId);
    refuseIfAny(await serviceReasons(tx, venueId, input.rules.map((r) => r.periodName), true));
    const { before, after } = await writeRules(tx, venuePacing, venueId, input.rules, input.version);
    return { value: null, version: after.version, audit: [{ entity: 'pacing', entityId: venueId, before: before && { rules: before.rules }, after: { rules: after.rules } }] };
  });
}

export function changeTurnTimes(deps: SetupDeps, by: ChangeBy, venueId: string, input: TurnTimesInput): Promise<SetupOutcome<null>> {
  return runSetupChange(deps, { ...by, venueId }, async (tx) => {
    await readRules(tx, venueTurnTimes, venueId);
    refuseIfAny(await serviceReasons(tx, venueId, input.rules.map((r) => r.periodName), false));
    const { before, after } = await writeRules(tx, venueTurnTimes, venueId, input.rules, input.version);
    return { value: null, version: after.version, audit: [{ entity: 'turn-times', entityId: venueId, before: before && { rules: before.rules }, after: { rules: after.rules } }] };
  });
}
