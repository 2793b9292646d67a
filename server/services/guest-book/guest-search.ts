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
import { isReservedEmail, WALK_IN_EMAIL } from '../guest-accounts/guest-accounts';

export type GuestSearchHit = Schema<'GuestSearchHit'>;

/** How many guests one search lists: the box shows a short list, the staff member types more to narrow it. */
export const SEARCH_LIMIT = 20;

/**
 * How alike a typed word and a word of the guest must be (0 to 1): pg_trgm's default, 0.6, first; when
 * that finds no one, 0.4, which forgives a swapped pair of letters in a short name ('chna'). Lower than
 * that, 'chan' would find every Cheung and Chow.
 */
const CLOSE = 0.6;
const FORGIVING = 0.4;

/**
 * How many matching guests are ranked at most. A broad search ('wong') matches thousands; ranking them all
 * would cost a similarity per row, and the box lists 20 anyway, so staff type more to narrow it.
 */
const CANDIDATES = 100;

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

const likeEscaped = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How one word must match, each an indexed condition (PostgreSQL intersects their bitmaps): a number or a
 * piece of an address is looked for as typed (a typo in a number is another number), anything else by
 * word similarity. One or two digits say too little to look for.
 */
const isExact = (word: string) => /^\d+$/.test(word) || /[@.]/.test(word);

function wordCondition(word: string) {
  if (/^\d{1,2}$/.test(word)) return null;
  if (isExact(word)) return sql`u.search_text LIKE ${`%${likeEscaped(word)}%`}`;
  return sql`${word} <% u.search_text`;
}

/** The best matches of the words at one similarity threshold, or null when none matches. */
async function textSearch(db: DbOrTx, words: string[], threshold: number): Promise<HitRow[] | null> {
  const conditions = words.map(wordCondition).filter((c) => c !== null);
  if (conditions.length === 0) return null;
  // Ranked by the name alone: every candidate matched the number or address as typed, and a similarity
  // over the short name costs a fraction of one over the whole search text.
  const score = sql.join(
    words.map((w) => sql`word_similarity(${w}, lower(h.first_name || ' ' || h.last_name))`),
    sql` + `,
  );
  const rows = await db.transaction(async (tx) => {
    // For this transaction only: the threshold of `<%`, and the trigram index always. With a LIMIT the
    // planner would rather read the table until enough rows match, but a similarity per row read costs
    // far more than it reckons (240 ms against 30 ms for 'tsang' among 100,000 guests).
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true), set_config('enable_seqscan', 'off', true)`);
    return rowsOf(
      await tx.execute(sql`
        WITH h AS MATERIALIZED (
          SELECT u.id, u.role, u.first_name, u.last_name, u.email, u.mobile_country_code, u.mobile_number, u.custom_id
          FROM users u
          WHERE u.role IN ('guest', 'member') AND u.merged_into IS NULL AND u.email <> ${WALK_IN_EMAIL} AND ${sql.join(conditions, sql` AND `)}
          LIMIT ${CANDIDATES}
        )
        SELECT h.id, h.role, h.first_name, h.last_name, h.email, h.mobile_country_code, h.mobile_number, h.custom_id,
          NULL AS matched_reference, (${score}) / ${words.length} AS score
        FROM h
        ORDER BY score DESC, h.last_name, h.first_name, h.id
        LIMIT ${SEARCH_LIMIT}`),
    );
  });
  return rows.length ? rows : null;
}

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
  const forgivable = words.some((w) => !isExact(w));
  const byText = (await textSearch(db, words, CLOSE)) ?? (forgivable ? await textSearch(db, words, FORGIVING) : null) ?? [];
  const seen = new Set<string>();
  return [...byReference, ...byText]
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, SEARCH_LIMIT)
    .map((row) => ({
      _id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      // A guest known by mobile only has a reserved address, not one to show or write to.
      email: isReservedEmail(row.email) ? null : row.email,
      mobile: formatPhoneNumber(row.mobile_country_code, row.mobile_number),
      guestType: row.role === 'member' ? 'member' : 'guest',
      memberId: row.role === 'member' ? row.custom_id : null,
      matchedReference: row.matched_reference,
    }));
}
