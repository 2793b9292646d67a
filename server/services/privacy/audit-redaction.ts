/**
 * The audit log after an erasure (docs/decisions/0032-erasure-all-of-it.md): every entry stays (who did
 * what, when), but what an entry copied of the guest is emptied: a note's words, a merge's names and
 * addresses, a booking's contact details. Entries about the guest's accounts (the merged ones too) or
 * bookings are read and rewritten.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';
import { phonePattern, type GuestIdentity } from './guest-identity';

/** Keys whose values are a person's details or words wherever they appear in an entry. */
const PERSONAL_KEYS = new Set([
  'firstName',
  'lastName',
  'name',
  'email',
  'mobileCountryCode',
  'mobileNumber',
  'notes',
  'staffNotes',
  'note',
  'body',
  'comment',
  'occasionNote',
  'dietaryNeeds',
  'dietaryNote',
  'allergiesAnswer',
  'answer',
]);

/** `value` with personal keys and any text naming the guest emptied (null). */
function redact(value: unknown, names: RegExp[]): unknown {
  if (typeof value === 'string') return names.some((n) => n.test(value)) ? null : value;
  if (Array.isArray(value)) return value.map((v) => redact(v, names));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, PERSONAL_KEYS.has(k) ? null : redact(v, names)]));
  }
  return value;
}

const escaped = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

/** Rewrites the guest's audit entries without their details, in the caller's transaction. */
export async function redactAuditLog(tx: DbOrTx, who: GuestIdentity, accountIds: string[]): Promise<void> {
  // Found by entity (index audit_log_entity): a merge's entry is the kept account's, a booking's its own.
  const rows = await tx
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.entityType, 'user'), inArray(auditLog.entityId, accountIds)),
        who.reservationIds.length > 0 ? and(eq(auditLog.entityType, 'reservation'), inArray(auditLog.entityId, who.reservationIds)) : undefined,
      ),
    );
  const names = [
    ...who.names.map((n) => new RegExp(`(^|[^\\p{L}])${escaped(n)}([^\\p{L}]|$)`, 'iu')),
    ...who.emails.map((e) => new RegExp(escaped(e), 'i')),
    ...who.phones.map((p) => new RegExp(phonePattern(p.number))),
  ];
  for (const row of rows) {
    const before = redact(row.before, names);
    const after = redact(row.after, names);
    if (JSON.stringify([before, after]) === JSON.stringify([row.before, row.after])) continue;
    await tx.update(auditLog).set({ before, after }).where(eq(auditLog.id, row.id));
  }
}
