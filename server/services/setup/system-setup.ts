/**
 * Who makes a set-up change: a member of staff (audited under their id) or the system, which creates the
 * demo venues at first start (server/db/seed.ts) through the same functions the set-up pages call
 * (docs/decisions/0019-one-way-in.md). The system's changes run in the caller's transaction, are
 * not written to the audit log (no one made them: an audit log full of first-start rows would hide the
 * staff's changes), answer no impact (a venue being created has no bookings) and leave announcing the
 * new catalog to the caller, once.
 */
import type { Clock } from '../../lib/clock';
import type { DbOrTx } from '../../db/client';

/** The system as the author of a set-up change. */
export const SYSTEM_SETUP = { system: true } as const;
export type SystemSetup = typeof SYSTEM_SETUP;

/** A member of staff's change: audited under `actorId`; with `preview`, rolled back after answering what it would do. */
export interface StaffChange {
  actorId: string;
  preview: boolean;
}

/** Who changes: staff, or the system. */
export type ChangeBy = StaffChange | SystemSetup;

export const isSystem = (by: ChangeBy | { id: string }): by is SystemSetup => 'system' in by && by.system;

/**
 * The database and clock a set-up change needs. A staff change opens its own transaction on `db`; the
 * system's run in the transaction it is given, so the whole first start commits or leaves nothing.
 */
export interface SetupDeps {
  db: DbOrTx;
  clock: Clock;
}

/** Runs `work` in a transaction of its own, or, for the system, in the caller's. */
export function inSetupTransaction<T>(deps: SetupDeps, by: ChangeBy | { id: string }, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return isSystem(by) ? work(deps.db) : deps.db.transaction(work);
}
