/**
 * What a guest's hold is decided on, read in one prepared statement (one round trip): the caller's
 * session, the set-up's version, the guest's running holds, the venue's busy tables around the service day (reservations and
 * held changes), the covers its live bookings start that day, its closures on the day, and their
 * fingerprint, which `guarded_hold_status()` (migration 0033) compares under the locks before the hold is written.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { changeHolds, reservations, users, venueCatalogVersion } from '../../../db/schema';
import type { SessionRow } from '../../../lib/auth';
import { busyFromJson, coversFromJson, dayCoversJson, dayParams, heldChangeDuring, liveAt, occupiedUntil, occupiesDuring, parsedJson, type BusyJson } from '../../booking-rules/busy-intervals';
import type { BusyInterval } from '../../booking-rules/table-fit';
import { closuresFromJson, dayClosuresJson, type ClosureRow } from '../../booking-rules/closures';

/** A start time and the covers live bookings start then (summed by the statement), for pacing (pacing-covers.ts). */
export interface StartingCovers {
  startTime: number;
  numberOfGuests: number;
}

export interface HoldContext {
  /** The caller's row as the session check reads it (auth.ts `liveSessionUser`); undefined when there is none. */
  session: SessionRow | undefined;
  catalogVersion: number;
  /** The guest's holds still running (guest-limits.ts). */
  held: number;
  busy: BusyInterval[];
  covers: StartingCovers[];
  closures: ClosureRow[];
  closuresFingerprint: string;
}

function holdContextStatement(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const now = sql`${p('now')}::timestamptz`;
  const from = sql`${p('from')}::timestamptz`;
  const to = sql`${p('to')}::timestamptz`;
  const live = liveAt(now);
  const days = sql`(${p('before')}, ${p('date')}, ${p('after')})`;
  return db
    .select({
      // The caller's session, checked here rather than by a read of its own (docs/decisions/0025).
      session: sql<SessionRow | string | null>`(SELECT json_build_object('role', ${users.role}, 'sessionGeneration', ${users.sessionGeneration},
          'venueId', ${users.venueId}, 'deactivatedAt', ${users.deactivatedAt}) FROM ${users} WHERE ${users.id} = ${p('userId')})`,
      catalogVersion: venueCatalogVersion.version,
      held: sql<number>`(SELECT count(*)::int FROM ${reservations}
        WHERE ${reservations.userId} = ${p('userId')} AND ${reservations.status} = 'PENDING' AND ${reservations.holdExpiresAt} > ${now})`,
      busy: sql<BusyJson[] | null>`(SELECT json_agg(json_build_array(${reservations.tableId},
          (extract(epoch from ${reservations.startsAt}) * 1000)::float8, (extract(epoch from ${occupiedUntil}) * 1000)::float8, ${reservations.combinedTableIds}))
        FROM ${reservations}
        WHERE ${reservations.venueId} = ${p('venueId')} AND ${reservations.date} IN ${days} AND ${live} AND ${occupiesDuring(from, to)})`,
      heldChanges: sql<BusyJson[] | null>`(SELECT json_agg(json_build_array(${changeHolds.tableId},
          (extract(epoch from ${changeHolds.startsAt}) * 1000)::float8, (extract(epoch from ${changeHolds.endsAt}) * 1000)::float8, ${changeHolds.combinedTableIds}))
        FROM ${changeHolds}
        WHERE ${changeHolds.venueId} = ${p('venueId')} AND ${changeHolds.date} IN ${days} AND ${heldChangeDuring(from, to, now)})`,
      covers: dayCoversJson(p('venueId'), p('date'), now),
      closures: dayClosuresJson(p('venueId'), p('date')),
      closuresFingerprint: sql<string>`closures_fingerprint(${p('venueId')}, ${p('date')})`,
    })
    .from(venueCatalogVersion)
    .prepare('hold_context');
}

const statements = new WeakMap<object, ReturnType<typeof holdContextStatement>>();

/**
 * Reads the context of a hold by `userId` at `venueId` on the service day `date`: busy tables over
 * [fromMs, toMs), the rest for the whole day.
 */
export async function loadHoldContext(
  db: Db,
  request: { userId: string; venueId: string; date: string; fromMs: number; toMs: number; now: Date },
): Promise<HoldContext> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = holdContextStatement(db)));
  const { userId, venueId, date, fromMs, toMs, now } = request;
  const [row] = await statement.execute({ userId, venueId, ...dayParams(date, fromMs, toMs, now) });
  const intervals = [...parsedJson<BusyJson>(row?.busy), ...parsedJson<BusyJson>(row?.heldChanges)];
  return {
    session: typeof row?.session === 'string' ? (JSON.parse(row.session) as SessionRow) : (row?.session ?? undefined),
    catalogVersion: Number(row?.catalogVersion ?? 0),
    held: Number(row?.held ?? 0),
    busy: intervals.flatMap(busyFromJson),
    covers: coversFromJson(row?.covers),
    closures: closuresFromJson(row?.closures),
    closuresFingerprint: String(row?.closuresFingerprint ?? ''),
  };
}
