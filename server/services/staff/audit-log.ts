/**
 * The audit log: who changed what, when, with the record before and after. Every staff change writes its
 * entry in the transaction of the change, so a change and its entry commit together or not at all.
 */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { newId } from '../../lib/ids';
import { addDays, serviceDayStartMs } from '../../../common/time';

export type AuditEntryDto = Schema<'AuditEntry'>;
export type AuditPage = Schema<'AuditPage'>;

export interface AuditChange {
  actorId: string;
  /** The venue the change concerns; null for a club-wide one (a staff account of an admin). */
  venueId: string | null;
  /** What was done, as `area.verb` ('visit.seat', 'staff.create'). */
  action: string;
  entityType: 'reservation' | 'user' | 'closure';
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
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total),
  };
}
