/** An audit entry's before and after as lines a person reads: each field that changed, old and new. */

export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** How one field's value reads (a day, a clock time, a table's name); null for the raw value. */
export type AuditValueText = (field: string, value: unknown) => string | null;

const shown = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'object' ? JSON.stringify(value) : String(value);

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The fields that differ (all of them for a record made or removed), in the order first seen, each value in words where `text` knows it. */
export function auditChanges(before: unknown, after: unknown, text: AuditValueText = () => null): AuditChange[] {
  const old = asRecord(before);
  const now = asRecord(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  const read = (field: string, value: unknown) => (value === undefined || value === null ? null : (text(field, value) ?? shown(value)));
  return fields
    .filter((field) => shown(old[field]) !== shown(now[field]))
    .map((field) => ({ field, before: read(field, old[field]), after: read(field, now[field]) }));
}
