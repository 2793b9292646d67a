/**
 * Likely duplicates: guest accounts that share a mobile number (E.164, however it was stored) or an
 * e-mail address (in any case, with stray spaces). Both reads use the migration's expression indexes.
 * Each account carries its member number and wallet balance, which an admin reads before merging a
 * member's account (docs/PRODUCT.md §2, "The guest book").
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Schema } from '../../lib/api-types';
import { formatPhoneNumber } from '../../../common/validation/phone-number';
import { WALK_IN_EMAIL } from '../guest-accounts/guest-accounts';

export type DuplicateGroup = Schema<'GuestDuplicateGroup'>;
type Match = DuplicateGroup['match'];

// The same expressions as the indexes of migration 0027.
const PHONE = sql.raw(`regexp_replace(u.mobile_country_code, '\\D', '', 'g') || u.mobile_number`);
const EMAIL = sql.raw(`lower(trim(u.email))`);
const LIVE_GUEST = sql.raw(`u.role IN ('guest', 'member') AND u.merged_into IS NULL`);

interface Row {
  key: string;
  match: Match;
  id: string;
  role: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile_country_code: string | null;
  mobile_number: string | null;
  created_at: Date | string;
  custom_id: string | null;
  wallet_balance: number | string;
}

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

function groupsOf(rows: Row[]): DuplicateGroup[] {
  const groups = new Map<string, DuplicateGroup>();
  for (const r of rows) {
    const id = `${r.match}:${r.key}`;
    const group = groups.get(id) ?? { match: r.match, guests: [] };
    group.guests.push({
      _id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      mobile: formatPhoneNumber(r.mobile_country_code, r.mobile_number),
      guestType: r.role === 'member' ? 'member' : 'guest',
      createdAt: new Date(r.created_at).toISOString(),
      memberId: r.custom_id,
      walletBalance: Number(r.wallet_balance),
    });
    groups.set(id, group);
  }
  return [...groups.values()];
}

/**
 * The groups of likely duplicates, oldest account first in each; `guestId` narrows them to that guest's.
 * At most `limit` groups (the page lists the first; merging them brings up the next).
 */
export async function duplicateGroups(db: DbOrTx, { guestId, limit = 50 }: { guestId?: string; limit?: number } = {}): Promise<DuplicateGroup[]> {
  const of = (key: ReturnType<typeof sql.raw>) =>
    guestId ? sql`AND ${key} = (SELECT ${key} FROM users u WHERE u.id = ${guestId})` : sql``;
  const result = await db.execute(sql`
    WITH keyed AS (
      SELECT ${PHONE} AS key, 'PHONE' AS match, u.* FROM users u
      WHERE ${LIVE_GUEST} AND u.mobile_number IS NOT NULL AND u.email <> ${WALK_IN_EMAIL} ${of(PHONE)}
      UNION ALL
      SELECT ${EMAIL} AS key, 'EMAIL' AS match, u.* FROM users u
      WHERE ${LIVE_GUEST} AND u.email <> ${WALK_IN_EMAIL} ${of(EMAIL)}
    ),
    shared AS (
      SELECT match, key FROM keyed GROUP BY match, key HAVING count(*) > 1 ORDER BY match DESC, key LIMIT ${limit}
    )
    SELECT k.key, k.match, k.id, k.role, k.first_name, k.last_name, k.email, k.mobile_country_code, k.mobile_number, k.created_at, k.custom_id,
      (SELECT coalesce(sum(w.amount), 0) FROM wallet_entries w WHERE w.user_id = k.id) AS wallet_balance
    FROM keyed k JOIN shared s USING (match, key)
    ORDER BY k.match DESC, k.key, k.created_at, k.id`);
  return groupsOf(rowsOf(result));
}
