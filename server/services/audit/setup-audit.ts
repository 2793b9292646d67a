/**
 * The audit entry of a published set-up change: who, when, which record, and the record before and after
 * (null before for a new one, null after for a removed one). Written in the change's transaction.
 */
import type { DbOrTx } from '../../db/client';
import { recordAudit, type SetupEntity } from './audit-log';

export interface SetupChange {
  actorId: string;
  venueId: string;
  entity: SetupEntity;
  entityId: string;
  before: unknown;
  after: unknown;
  at: Date;
}

/** `setup.<entity>.create|change|remove`, by whether there was a record before and after. */
export function recordSetupChange(tx: DbOrTx, change: SetupChange): Promise<void> {
  const verb = change.before == null ? 'create' : change.after == null ? 'remove' : 'change';
  return recordAudit(tx, {
    actorId: change.actorId,
    venueId: change.venueId,
    action: `setup.${change.entity}.${verb}`,
    entityType: change.entity,
    entityId: change.entityId,
    before: change.before ?? null,
    after: change.after ?? null,
    at: change.at,
  });
}
