/**
 * The audit log: who changed what, when, with the record before and after. Every staff change writes its
 * entry in the transaction of the change, so a change and its entry commit together or not at all.
 */
import { and, count, desc, eq, gte, lt, type SQL, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, reservations, seatingAreas, venueTables } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { newId } from '../../lib/ids';
import { addDays, serviceDayStartMs } from '../../../common/time';

/** The kinds of set-up record the audit log names (server/services/audit/setup-audit.ts writes their entries). */
export type SetupEntity = 'venue' | 'service' | 'area' | 'table' | 'turn-times' | 'pacing' | 'experience' | 'staff-access';

export type AuditEntryDto = Schema<'AuditEntry'>;
export type AuditPage = Schema<'AuditPage'>;

export interface AuditChange {
  actorId: string;
  /** The venue the change concerns; null for a club-wide one (a staff account of an admin). */
  venueId: string | null;
  /** What was done, as `area.verb` ('visit.seat', 'staff.create'). */
  action: string;
  entityType: 'reservation' | 'user' | 'closure' | 'guest_tag' | 'walk_in' | SetupEntity;
  entityId: string;
  before: unknown;
  after: unknown;
  at: Date;
}

/** Writes one entry; call it inside the transaction that makes the change. */
export async function recordAudit(tx: DbOrTx, change: AuditChange): Promise<void> {
  const { at, ...rest } = change;
  await tx.insert(auditLog).values({ id: newId(), ...rest, before: rest.before ?? null, after: rest.after ?? null, createdAt: at });
}

export interface AuditQuery {
  venueId?: string;
  actorId?: string;
  /** Hong Kong days, both included. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** A page of entries, newest first, filtered by venue, actor and Hong Kong day range. */
export async function listAudit(db: DbOrTx, query: AuditQuery): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.venueId) filters.push(eq(auditLog.venueId, query.venueId));
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  if (query.from) filters.push(gte(auditLog.createdAt, new Date(serviceDayStartMs(query.from))));
  if (query.to) filters.push(lt(auditLog.createdAt, new Date(serviceDayStartMs(addDays(query.to, 1)))));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(auditLog).where(where)) as [{ total: number }];
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const { references, names } = await readableNames(db, rows);
  return {
    items: rows.map((r) => ({
      _id: r.id,
      actorId: r.actorId,
      venueId: r.venueId,
      action: r.action,
      entityType: r.entityType as AuditEntryDto['entityType'],
      entityId: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
      createdAt: r.createdAt.toISOString(),
      reference: r.entityType === 'reservation' ? (references.get(r.entityId) ?? null) : null,
      names: namesOf(names, r.before, r.after),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total),
  };
}

const recordOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const idsIn = (values: unknown[], field: string) =>
  [...new Set(values.map((v) => recordOf(v)[field]).filter((id): id is string => typeof id === 'string'))];

/** The page's reservations' references and its records' tables and dining areas by name: three indexed reads at most. */
async function readableNames(db: DbOrTx, rows: { entityType: string; entityId: string; before: unknown; after: unknown }[]) {
  const bookingIds = [...new Set(rows.filter((r) => r.entityType === 'reservation').map((r) => r.entityId))];
  const records = rows.flatMap((r) => [r.before, r.after]);
  const [tableIds, areaIds] = [idsIn(records, 'tableId'), idsIn(records, 'seatingAreaId')];
  const bookings = bookingIds.length ? await db.select({ id: reservations.id, uniqueId: reservations.uniqueId }).from(reservations).where(inArray(reservations.id, bookingIds)) : [];
  const tables = tableIds.length ? await db.select({ id: venueTables.id, name: venueTables.name }).from(venueTables).where(inArray(venueTables.id, tableIds)) : [];
  const areas = areaIds.length ? await db.select({ id: seatingAreas.id, name: seatingAreas.name }).from(seatingAreas).where(inArray(seatingAreas.id, areaIds)) : [];
  return {
    references: new Map(bookings.map((b) => [b.id, b.uniqueId])),
    names: new Map([...tables, ...areas].map((n) => [n.id, n.name])),
  };
}

/** The names of the tables and areas one entry's records name. */
function namesOf(names: Map<string, string>, before: unknown, after: unknown): Record<string, string> {
  const ids = [...idsIn([before, after], 'tableId'), ...idsIn([before, after], 'seatingAreaId')];
  return Object.fromEntries(ids.filter((id) => names.has(id)).map((id) => [id, names.get(id)!]));
}
