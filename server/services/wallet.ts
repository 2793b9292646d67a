/**
 * A member's wallet, read side: balance, entries, transaction history and monthly statements. Entries are
 * signed minor units (credits positive, debits negative); the balance is their sum. Months and days are
 * Hong Kong's (SPEC §9).
 */
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { walletEntries } from '../db/schema';
import type { Schema } from '../lib/api-types';
import { addDays, hongKongDate, serviceDayStartMs, TIME_ZONE } from '../../src/domain/time';

export const WALLET_CURRENCY = 'HKD';
/** How many entries the wallet summary shows. */
export const WALLET_RECENT_ENTRIES = 10;

/** One wallet entry on the wire; amounts are signed minor units, credits positive. */
export type WalletEntryDto = Schema<'WalletEntry'>;

export type WalletSummary = Schema<'Wallet'>;

export type TransactionPage = Schema<'TransactionPage'>;

/** A month's totals; `totalDebits` is the size of the debits (positive), so closing = opening + credits - debits. */
export type StatementSummary = Schema<'StatementSummary'>;

/** A month with its entries, oldest first as a statement reads; also its totals, which the contract's Statement lacks. */
export type StatementDetail = Schema<'Statement'>;

type EntryRow = typeof walletEntries.$inferSelect;

const toDto = (row: EntryRow): WalletEntryDto => ({
  _id: row.id,
  type: row.type,
  amount: row.amount,
  description: row.description,
  reservationId: row.reservationId,
  createdAt: row.createdAt.toISOString(),
});

// Sums are bigint: a string from `pg`, a number from PGlite.
const sumOf = (expr: SQL) => sql<string | number | null>`coalesce(sum(${expr}), 0)::bigint`;
const toInt = (value: string | number | null | undefined) => Number(value ?? 0);

async function balanceBefore(db: DbOrTx, userId: string, before?: Date): Promise<number> {
  const [row] = await db
    .select({ total: sumOf(sql`${walletEntries.amount}`) })
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), before ? lt(walletEntries.createdAt, before) : undefined));
  return toInt(row?.total);
}

/** The wallet balance now: the sum of every entry. */
export const walletBalance = (db: DbOrTx, userId: string) => balanceBefore(db, userId);

/** What only members may do with the wallet is refused with this (403). */
export const MEMBERS_ONLY_MESSAGE = 'You must be a Club member to use the wallet';

const newestFirst = [desc(walletEntries.createdAt), desc(walletEntries.id)] as const;

/** The balance and the latest entries. */
export async function getWalletSummary(db: DbOrTx, userId: string): Promise<WalletSummary> {
  const [balance, rows] = await Promise.all([
    balanceBefore(db, userId),
    db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .orderBy(...newestFirst)
      .limit(WALLET_RECENT_ENTRIES),
  ]);
  return { balance, currency: WALLET_CURRENCY, entries: rows.map(toDto) };
}

/** One of the user's entries, or null (also for another user's entry, which must not be told apart). */
export async function getWalletEntry(db: DbOrTx, userId: string, entryId: string): Promise<WalletEntryDto | null> {
  const [row] = await db
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.id, entryId)))
    .limit(1);
  return row ? toDto(row) : null;
}

export interface TransactionQuery {
  /** First Hong Kong day included, YYYY-MM-DD. */
  from?: string;
  /** Last Hong Kong day included, YYYY-MM-DD. */
  to?: string;
  page: number;
  pageSize: number;
}

/** The user's entries newest first, optionally within Hong Kong days `from`..`to` (both included). */
export async function listTransactions(db: DbOrTx, userId: string, query: TransactionQuery): Promise<TransactionPage> {
  const where = and(
    eq(walletEntries.userId, userId),
    query.from ? gte(walletEntries.createdAt, new Date(serviceDayStartMs(query.from))) : undefined,
    query.to ? lt(walletEntries.createdAt, new Date(serviceDayStartMs(addDays(query.to, 1)))) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(walletEntries)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(walletEntries).where(where),
  ]);
  return { items: rows.map(toDto), page: query.page, pageSize: query.pageSize, total: toInt(totalRow?.total) };
}

/** The Hong Kong month (YYYY-MM) of an instant. */
export const hongKongMonth = (at: Date) => hongKongDate(at).slice(0, 7);

/** The month after `month` (YYYY-MM). */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The instant a Hong Kong month starts. */
export const monthStart = (month: string) => new Date(serviceDayStartMs(`${month}-01`));

// The zone is inlined, not a parameter: GROUP BY must see the very same expression as the SELECT list.
const monthOf = sql<string>`to_char(${walletEntries.createdAt} AT TIME ZONE ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM')`;

/**
 * One statement per month from the month of the user's first entry to the current month at `now`,
 * newest first; empty when the wallet has never been used.
 */
export async function listStatements(db: DbOrTx, userId: string, now: Date): Promise<StatementSummary[]> {
  const current = hongKongMonth(now);
  const rows = await db
    .select({
      month: monthOf,
      credits: sumOf(sql`case when ${walletEntries.amount} > 0 then ${walletEntries.amount} else 0 end`),
      debits: sumOf(sql`case when ${walletEntries.amount} < 0 then -${walletEntries.amount} else 0 end`),
      entries: count(),
    })
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), lt(walletEntries.createdAt, monthStart(nextMonth(current)))))
    .groupBy(monthOf)
    .orderBy(monthOf);
  if (rows.length === 0) return [];

  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const statements: StatementSummary[] = [];
  let balance = 0;
  for (let month = rows[0]!.month; month <= current; month = nextMonth(month)) {
    const row = byMonth.get(month);
    const totalCredits = toInt(row?.credits);
    const totalDebits = toInt(row?.debits);
    const closingBalance = balance + totalCredits - totalDebits;
    statements.push({
      month,
      openingBalance: balance,
      closingBalance,
      totalCredits,
      totalDebits,
      entryCount: toInt(row?.entries),
    });
    balance = closingBalance;
  }
  return statements.reverse();
}

/**
 * The statement of one Hong Kong month, or null for a month outside the statements list (before the
 * first entry, or after the current month).
 */
export async function getStatement(db: DbOrTx, userId: string, month: string, now: Date): Promise<StatementDetail | null> {
  if (month > hongKongMonth(now)) return null;
  const start = monthStart(month);
  const end = monthStart(nextMonth(month));
  const [openingBalance, rows, [first]] = await Promise.all([
    balanceBefore(db, userId, start),
    db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, userId), gte(walletEntries.createdAt, start), lt(walletEntries.createdAt, end)))
      .orderBy(walletEntries.createdAt, walletEntries.id),
    db
      .select({ at: walletEntries.createdAt })
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .orderBy(walletEntries.createdAt)
      .limit(1),
  ]);
  if (!first || month < hongKongMonth(first.at)) return null;
  const totalCredits = rows.reduce((sum, r) => sum + Math.max(0, r.amount), 0);
  const totalDebits = rows.reduce((sum, r) => sum + Math.max(0, -r.amount), 0);
  return {
    month,
    openingBalance,
    closingBalance: openingBalance + totalCredits - totalDebits,
    totalCredits,
    totalDebits,
    entryCount: rows.length,
    entries: rows.map(toDto),
  };
}
