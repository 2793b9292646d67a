/**
 * The version rule of every set-up record (docs/PRODUCT.md §4, the set-up edit): a change names the
 * version it started from (the body's `version`, or an `If-Match` header holding the ETag a read gave);
 * the record is locked, and when its stored version differs the change is refused with 409 20140 and
 * nothing is written. A change that goes through bumps the version by one.
 */
import type { I18n } from '@lingui/core';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import type { Schema } from '../../lib/api-types';
import { ERROR_CODES } from '../../../common/api/error-codes';

/** 409 20140: someone else changed the record since the caller read it. */
export const setupConflict = () =>
  new ApiError(409, ERROR_CODES.SETUP_CONFLICT, /*i18n*/ 'Someone else changed this first. Nothing was saved: reload it and make your change again.');

/** One rule a set-up change breaks: an English source text and its values. */
export interface SetupReason {
  message: string;
  values?: Record<string, unknown>;
}

/** 409 20141: the change breaks the set-up's rules; the body lists every reason in the reader's language. */
export class SetupRefusal extends ApiError {
  constructor(readonly reasons: readonly SetupReason[]) {
    super(409, ERROR_CODES.SETUP_REFUSED, /*i18n*/ 'This change cannot be saved as it is.');
  }

  override toBody(i18n: I18n): Schema<'Error'> & { reasons: string[] } {
    return { ...super.toBody(i18n), reasons: this.reasons.map((r) => i18n._(r.message, r.values)) };
  }
}

/** Throws the refusal when any rule is broken. */
export function refuseIfAny(reasons: readonly SetupReason[]): void {
  if (reasons.length > 0) throw new SetupRefusal(reasons);
}

/** The weak ETag of a record's version, as reads answer it and `If-Match` sends it back. */
export const etagOf = (version: number) => `W/"${version}"`;

/**
 * The version a change starts from: `If-Match` (an ETag from `etagOf`) when sent, else the body's.
 * 400 naming `version` when neither is given or the header is not one of ours.
 */
export function startingVersion(ifMatch: string | undefined, bodyVersion: number | undefined): number {
  if (ifMatch !== undefined) {
    const match = /^(?:W\/)?"(\d{1,9})"$/.exec(ifMatch.trim());
    if (!match) throw badRequest(/*i18n*/ 'If-Match must be the ETag the record was read with', 'version');
    return Number(match[1]);
  }
  if (bodyVersion === undefined) throw badRequest(/*i18n*/ 'version is required', 'version');
  return bodyVersion;
}

type Versioned = PgTable & { version: PgColumn };

/**
 * Locks the record for the change and gives it as stored (the audit's "before"): 404 when there is
 * none, 409 20140 when its version is not `version`. Call inside the change's transaction.
 */
export async function lockForChange<T extends Versioned>(
  tx: DbOrTx,
  table: T,
  where: SQL,
  version: number,
  missing: () => ApiError = () => notFound(),
): Promise<T['$inferSelect']> {
  const [row] = (await tx.select().from(table as PgTable).where(where).for('update')) as T['$inferSelect'][];
  if (!row) throw missing();
  if ((row as { version: number }).version !== version) throw setupConflict();
  return row;
}

/** Writes the change with the next version and gives the record as stored now (the audit's "after"). */
export async function writeChange<T extends Versioned>(tx: DbOrTx, table: T, where: SQL, values: Partial<T['$inferInsert']>): Promise<T['$inferSelect']> {
  const [row] = (await tx
    .update(table as PgTable)
    .set({ ...values, version: sql`${table.version} + 1` } as never)
    .where(where)
    .returning()) as T['$inferSelect'][];
  return row!;
}
