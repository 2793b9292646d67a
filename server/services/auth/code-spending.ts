/**
 * Judging a typed code against the codes sent to one recipient (a mobile number or an e-mail address),
 * for the texted and the mailed codes alike (docs/decisions/0030-spent-codes.md):
 *
 * - a code is good for 10 minutes, until it is spent, and for 5 wrong guesses;
 * - the recipient is good for 5 wrong guesses an hour, over all its codes, whoever guesses and from
 *   wherever: the counts are rows in the database, so every server process sees them;
 * - confirming a code marks the recipient verified and leaves the code good; opening a session spends
 *   it, so it opens one session, once;
 * - every refusal is the same answer, a wrong code: a used, expired or exhausted code tells nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { emailVerifications, phoneVerifications } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';

export const CODE_TTL_MS = 10 * 60_000;
/** Codes one recipient may be sent per `SEND_WINDOW_MS`, so nobody can flood a phone or a mailbox. */
const SENDS_PER_RECIPIENT = 3;
const SEND_WINDOW_MS = 10 * 60_000;
/** Wrong guesses one code may take. */
const MAX_WRONG_ATTEMPTS = 5;
/** Wrong guesses one recipient may take over all its codes in `RECIPIENT_GUESS_WINDOW_MS`. */
const MAX_WRONG_PER_RECIPIENT = 5;
const RECIPIENT_GUESS_WINDOW_MS = 60 * 60_000;

const CODE_REFUSED = /*i18n*/ 'The verification code is incorrect.';

// Keyed with a server secret: six digits alone would fall to an offline search of a leaked table.
export function hashCode(secret: string, verificationId: string, code: string): Buffer {
  return createHmac('sha256', secret).update(`${verificationId}:${code}`).digest();
}

/** A code as both tables keep it. */
interface SentCode {
  id: string;
  codeHash: string;
  verifiedAt: Date | null;
  usedAt: Date | null;
  expiresAt: Date;
  attempts: number;
}

/** One recipient's codes, as its table keeps them; every call runs inside the caller's transaction. */
interface CodeStore {
  /** Serialises work on the recipient across requests and server processes. */
  lock(tx: DbOrTx): Promise<void>;
  latest(tx: DbOrTx): Promise<SentCode | undefined>;
  /** When the recipient's codes sent since `since` were sent, oldest first. */
  sentSince(tx: DbOrTx, since: Date): Promise<Date[]>;
  /** Wrong guesses at the recipient's codes sent since `since`. */
  wrongGuessesSince(tx: DbOrTx, since: Date): Promise<number>;
  countWrongGuess(tx: DbOrTx, id: string): Promise<void>;
  /** Marks the code verified (the first time counts) and, when `spend`, spent. */
  accept(tx: DbOrTx, id: string, now: Date, spend: boolean): Promise<void>;
}

/** The two tables of sent codes: by number and by address, with the same columns otherwise. */
type CodeTable = typeof phoneVerifications | typeof emailVerifications;

/** The codes in `table` whose recipient is `recipient`, serialised by `lock`. */
export function codesIn(table: CodeTable, recipient: SQL | undefined, lock: (tx: DbOrTx) => Promise<void>): CodeStore {
  // One table at a time: drizzle types a query on the union of two tables poorly, and the columns are the same.
  const t = table as typeof phoneVerifications;
  return {
    lock,
    async sentSince(tx, since) {
      const rows = await tx.select({ createdAt: t.createdAt }).from(t).where(and(recipient, gt(t.createdAt, since))).orderBy(asc(t.createdAt));
      return rows.map((row) => row.createdAt);
    },
    async latest(tx) {
      const [latest] = await tx.select().from(t).where(recipient).orderBy(desc(t.createdAt), desc(t.seq)).limit(1);
      return latest;
    },
    async wrongGuessesSince(tx, since) {
      const [row] = await tx
        .select({ wrong: sql<number>`coalesce(sum(${t.attempts}), 0)::int` })
        .from(t)
        .where(and(recipient, gt(t.createdAt, since)));
      return Number(row?.wrong ?? 0);
    },
    async countWrongGuess(tx, id) {
      await tx.update(t).set({ attempts: sql`${t.attempts} + 1` }).where(eq(t.id, id));
    },
    async accept(tx, id, now, spend) {
      await tx
        .update(t)
        .set({ verifiedAt: sql`coalesce(${t.verifiedAt}, ${now.toISOString()}::timestamptz)`, ...(spend ? { usedAt: now } : {}) })
        .where(eq(t.id, id));
    },
  };
}

/** Whether the recipient has had its wrong guesses (the check refuses any code, the sender sends none). */
async function recipientExhausted(tx: DbOrTx, store: CodeStore, now: Date): Promise<boolean> {
  return (await store.wrongGuessesSince(tx, new Date(now.getTime() - RECIPIENT_GUESS_WINDOW_MS))) >= MAX_WRONG_PER_RECIPIENT;
}

export type SendResult = { sent: true } | { sent: false; retryAfterSeconds: number };

/**
 * How many seconds the recipient must wait for another code, or 0: it had its sends in the window, or
 * its wrong guesses in the hour (a code it could not use would only cost a text).
 */
export async function sendWaitSeconds(tx: DbOrTx, store: CodeStore, now: Date): Promise<number> {
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  if (await recipientExhausted(tx, store, now)) return seconds(RECIPIENT_GUESS_WINDOW_MS);
  const recent = await store.sentSince(tx, new Date(now.getTime() - SEND_WINDOW_MS));
  if (recent.length < SENDS_PER_RECIPIENT) return 0;
  return seconds(recent[recent.length - SENDS_PER_RECIPIENT]!.getTime() + SEND_WINDOW_MS - now.getTime());
}

/** Whether `code` is the latest code, still good: unspent, unexpired, not exhausted, its recipient neither. */
function goodCode(latest: SentCode, code: string, now: Date, secret: string, exhausted: boolean): boolean {
  // Compared first and always, so the time taken says nothing of the code's state.
  const matches = timingSafeEqual(hashCode(secret, latest.id, code), Buffer.from(latest.codeHash, 'hex'));
  return matches && !exhausted && !latest.usedAt && latest.expiresAt.getTime() > now.getTime() && latest.attempts < MAX_WRONG_ATTEMPTS;
}

const codeRefused = () => new ApiError(400, ERROR_CODES.VERIFICATION_FAILED, CODE_REFUSED);

/**
 * Checks `code` against the recipient's latest code: accepted, it is marked verified (and spent when
 * `spend`); anything else counts as a wrong guess against the code, and so against the recipient, and is
 * refused with 400 20106 after the transaction, so the count is kept.
 */
export async function checkCode(
  db: DbOrTx,
  store: CodeStore,
  code: string,
  options: { now: Date; secret: string; spend: boolean },
): Promise<void> {
  const { now, secret, spend } = options;
  const accepted = await db.transaction(async (tx) => {
    await store.lock(tx);
    const latest = await store.latest(tx);
    if (!latest) return false;
    if (!goodCode(latest, code, now, secret, await recipientExhausted(tx, store, now))) {
      await store.countWrongGuess(tx, latest.id);
      return false;
    }
    await store.accept(tx, latest.id, now, spend);
    return true;
  });
  if (!accepted) throw codeRefused();
}
