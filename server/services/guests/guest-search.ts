/**
 * Finding a guest (the staff console's search box): by name, mobile number, e-mail or booking reference,
 * however it was typed. Each typed word must resemble a word of the guest's `search_text` (trigram word
 * similarity, pg_trgm, the same on PGlite and PostgreSQL), so 'chna 9123' finds Grace Chan on
 * +852 9123 4567; digits split by spaces or dashes count as one number; a booking reference ('LEC-7KQ2MP',
 * 'lec 7kq2mp') finds its guest exactly. The trigram index keeps this quick on a big book (`npm run bench:guests`).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Schema } from '../../lib/api-types';
import { formatPhoneNumber } from '../../../common/validation/phone-number';
import { WALK_IN_EMAIL } from '../staff/staff-guests';

export type GuestSearchHit = Schema<'GuestSearchHit'>;

/** How many guests one search lists: the box shows a short list, the staff member types more to narrow it. */
export const SEARCH_LIMIT = 20;

/**
 * How alike a typed word and a word of the guest must be (0 to 1). pg_trgm's default, 0.6, misses a swapped
 * pair of letters in a short name ('chna'); lower than this, every '9' finds half the book.
 */
const WORD_SIMILARITY = 0.4;

/** The words of a search: lower case, digits run together across spaces, dots and dashes ('9123 4567' is one number). */
export function searchWords(query: string): string[] {
  const joined = query.toLowerCase().replace(/(\d)[\s.\-()]+(?=\d)/g, '$1');
  return [...new Set(joined.split(/[^\p{L}\p{N}@.+_-]+/u).map((w) => w.replace(/^[+.\-_]+|[+.\-_]+$/g, '')).filter((w) => w.length > 0))].slice(0, 6);
}

/** A booking reference as typed ('lec 7kq2mp', 'LEC7KQ2MP'), written as stored ('LEC-7KQ2MP'), or null when it is not one. */
export function referenceOf(query: string): string | null {
  const compact = query.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return /^[A-Z]{3}[A-Z0-9]{6}$/.test(compact) ? `${compact.slice(0, 3)}-${compact.slice(3)}` : null;
}

interface HitRow {
  id: string;
  role: 'guest' | 'member';
  first_name: string;
  last_name: string;
  email: string;
  mobile_country_code: string | null;
  mobile_number: string | null;
  custom_id: string | null;
  matched_reference: string | null;
  score: number;
}

const rowsOf = (result: unknown) => (result as { rows: HitRow[] }).rows;

/** The guests (and members) a search finds, best match first; none for a query with no word in it. */
export async function searchGuests(db: DbOrTx, query: string): Promise<GuestSearchHit[]> {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const reference = referenceOf(query);
  const byReference = reference
    ? rowsOf(
        await db.execute(sql`
          SELECT u.id, u.role, u.first_name, u.last_name, u.email, u.mobile_country_code, u.mobile_number, u.custom_id,
            r.unique_id AS matched_reference, 2.0 AS score
          FROM reservations r JOIN users u ON u.id = r.user_id
          WHERE r.unique_id = ${reference} AND u.role IN ('guest', 'member') AND u.merged_into IS NULL`),
      )
    : [];
  // Each word is its own indexed condition: PostgreSQL intersects their bitmaps before reading a row.
  const conditions = sql.join(
    words.map((w) => sql`${w} <% u.search_text`),
    sql` AND `,
  );
  const score = sql.join(
    words.map((w) => sql`word_similarity(${w}, u.search_text)`),
    sql` + `,
  );
  const byText = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY}`));
    return rowsOf(
      await tx.execute(sql`
        SELECT u.id, u.role, u.first_name, u.last_name, u.email, u.mobile_country_code, u.mobile_number, u.custom_id,
          NULL AS matched_reference, (${score}) / ${words.length} AS score
        FROM users u
        WHERE u.role IN ('guest', 'member') AND u.merged_into IS NULL AND u.email <> ${WALK_IN_EMAIL} AND ${conditions}
        ORDER BY score DESC, u.last_name, u.first_name, u.id
        LIMIT ${SEARCH_LIMIT}`),
    );
  });
  const seen = new Set<string>();
  return [...byReference, ...byText]
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, SEARCH_LIMIT)
    .map((row) => ({
      _id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      mobile: formatPhoneNumber(row.mobile_country_code, row.mobile_number),
      guestType: row.role === 'member' ? 'member' : 'guest',
      memberId: row.role === 'member' ? row.custom_id : null,
      matchedReference: row.matched_reference,
    }));
}
