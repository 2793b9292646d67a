/**
 * How every set-up change runs, previewed or published: in one transaction the change is checked
 * (versions, rules) and written, the venue's set-up is read back as it would stand, and the confirmed
 * bookings it would affect are listed. A preview then rolls everything back, so it answers exactly what
 * publishing would do; a publish writes the audit entries with before and after in the same transaction
 * and raises the catalog's version (`catalogChanged`) so every process's next request uses the new set-up.
 * The system's changes (system-setup.ts) only apply, in the caller's transaction.
 */
import type { DbOrTx } from '../../db/client';
import { catalogChanged, readCatalog, venueNotFound } from '../booking-rules/venue-catalog';
import { recordSetupChange, type SetupChange } from '../audit/setup-audit';
import { setupImpact } from './setup-impact';
import type { SetupAffectedBookingDto } from './impact-reasons';
import { isSystem, type ChangeBy, type SetupDeps } from './system-setup';

export type { SetupDeps };

/** What a change wrote: its answer, the record's new version and the audit entries to write. */
export interface AppliedChange<T> {
  value: T;
  version: number;
  audit: Omit<SetupChange, 'actorId' | 'venueId' | 'at'>[];
}

export interface SetupOutcome<T> {
  value: T;
  version: number;
  /** False for a preview: nothing was saved. */
  published: boolean;
  affected: SetupAffectedBookingDto[];
}

/** Carries a preview's answer out of the transaction it rolls back. */
class PreviewDone<T> extends Error {
  constructor(readonly outcome: SetupOutcome<T>) {
    super('preview rolled back');
  }
}

export async function runSetupChange<T>(
  deps: SetupDeps,
  change: ChangeBy & { venueId: string },
  apply: (tx: DbOrTx, now: Date) => Promise<AppliedChange<T>>,
): Promise<SetupOutcome<T>> {
  const now = deps.clock.now();
  if (isSystem(change)) {
    const applied = await apply(deps.db, now);
    return { value: applied.value, version: applied.version, published: true, affected: [] };
  }
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      const applied = await apply(tx, now);
      const proposed = (await readCatalog(tx)).venues.get(change.venueId);
      if (!proposed) throw venueNotFound();
      const affected = await setupImpact(tx, proposed, now);
      const result = { value: applied.value, version: applied.version, published: !change.preview, affected };
      if (change.preview) throw new PreviewDone(result);
      for (const entry of applied.audit) await recordSetupChange(tx, { ...entry, actorId: change.actorId, venueId: change.venueId, at: now });
      // In the publishing transaction: every process reads the new set-up from its next request on.
      await catalogChanged(tx);
      return result;
    });
    return outcome;
  } catch (error) {
    if (error instanceof PreviewDone) return error.outcome as SetupOutcome<T>;
    throw error;
  }
}
