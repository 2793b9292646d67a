/** An audit entry's before and after as lines a person reads: each field that changed, old and new. */

export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

const shown = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'object' ? JSON.stringify(value) : String(value);

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The fields that differ (all of them for a record made or removed), in the order first seen. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const old = asRecord(before);
  const now = asRecord(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return fields
    .map((field) => ({ field, before: shown(old[field]), after: shown(now[field]) }))
    .filter((change) => change.before !== change.after);
}
