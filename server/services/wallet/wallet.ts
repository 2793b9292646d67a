/**
 * The money read side: a member's wallet (balance, entries, monthly statements) and anyone's transaction
 * history, which lists the wallet's entries and the card's payments and refunds together. Amounts are
 * signed minor units (credits positive, debits negative); the balance is the sum of the wallet's entries
 * only. Months and days are Hong Kong's (docs/PRODUCT.md §9). Descriptions are stored in English and read in the
 * caller's language (`i18n`, see entry-description.ts).
 */
import type { I18n } from '@lingui/core';
import { and, asc, count, desc, eq, gte, lt, min, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { transactions, walletEntries } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { localizeDescription } from './entry-description';
import { addDays, hongKongDate, serviceDayStartMs, TIME_ZONE } from '../../../common/time';
import { withRunningBalance, withVisits } from './entry-visits';

export const WALLET_CURRENCY = 'HKD';
/** How many entries the wallet summary shows. */
export const WALLET_RECENT_ENTRIES = 10;

/** One wallet entry on the wire; amounts are signed minor units, credits positive. */
export type WalletEntryDto = Schema<'WalletEntry'>;

export type WalletSummary = Schema<'Wallet'>;

/** One line of the transaction history: a wallet entry or a card payment or refund. */
export type TransactionItemDto = Schema<'TransactionItem'>;

export type TransactionPage = Schema<'TransactionPage'>;

/** A month's totals; `totalDebits` is the size of the debits (positive), so closing = opening + credits - debits. */
export type StatementSummary = Schema<'StatementSummary'>;

/**
 * A month with its wallet entries, oldest first as a statement reads, and beside them the card's payments
 * and refunds of the month, which are not in its balances.
 */
export type StatementDetail = Schema<'Statement'>;

type EntryRow = typeof walletEntries.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;

const toItem = (row: TransactionRow, i18n: I18n): TransactionItemDto => ({
  _id: row.id,
  source: row.source,
  type: row.type,
  amount: row.amount,
  description: localizeDescription(i18n, row),
  reservationId: row.reservationId,
  card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
  createdAt: row.createdAt.toISOString(),
});

const toDto = (row: EntryRow, i18n: I18n): WalletEntryDto => ({
  _id: row.id,
  type: row.type,
  amount: row.amount,
  description: localizeDescription(i18n, row),
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
export const MEMBERS_ONLY_MESSAGE = /*i18n*/ 'You must be a Club member to use the wallet';

const newestFirst = [desc(walletEntries.createdAt), desc(walletEntries.seq)] as const;
const newestTransactionsFirst = [desc(transactions.createdAt), desc(transactions.seq)] as const;
const oldestTransactionsFirst = [asc(transactions.createdAt), asc(transactions.seq)] as const;

/** The balance and the latest entries. */
export async function getWalletSummary(db: DbOrTx, userId: string, i18n: I18n): Promise<WalletSummary> {
  const [balance, rows] = await Promise.all([
    balanceBefore(db, userId),
    db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .orderBy(...newestFirst)
      .limit(WALLET_RECENT_ENTRIES),
  ]);
  const entries = withRunningBalance(await withVisits(db, rows.map((row) => toDto(row, i18n))), balance);
  return { balance, currency: WALLET_CURRENCY, entries };
}

/** One of the user's entries, or null (also for another user's entry, which must not be told apart). */
export async function getWalletEntry(db: DbOrTx, userId: string, entryId: string, i18n: I18n): Promise<WalletEntryDto | null> {
  const [row] = await db
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.id, entryId)))
    .limit(1);
  return row ? (await withVisits(db, [toDto(row, i18n)]))[0]! : null;
}

export interface TransactionQuery {
  /** First Hong Kong day included, YYYY-MM-DD. */
  from?: string;
  /** Last Hong Kong day included, YYYY-MM-DD. */
  to?: string;
  page: number;
  pageSize: number;
}

/**
 * The user's transactions newest first, optionally within Hong Kong days `from`..`to` (both included):
 * wallet entries and card payments and refunds, paged in SQL over the `transactions` view.
 */
export async function listTransactions(db: DbOrTx, userId: string, query: TransactionQuery, i18n: I18n): Promise<TransactionPage> {
  const where = and(
    eq(transactions.userId, userId),
    query.from ? gte(transactions.createdAt, new Date(serviceDayStartMs(query.from))) : undefined,
    query.to ? lt(transactions.createdAt, new Date(serviceDayStartMs(addDays(query.to, 1)))) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(...newestTransactionsFirst)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(transactions).where(where),
  ]);
  return { items: await withVisits(db, rows.map((row) => toItem(row, i18n))), page: query.page, pageSize: query.pageSize, total: toInt(totalRow?.total) };
}

/** One of the user's transactions, or null (also for another user's, which must not be told apart). */
export async function getTransaction(db: DbOrTx, userId: string, id: string, i18n: I18n): Promise<TransactionItemDto | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
    .limit(1);
  return row ? (await withVisits(db, [toItem(row, i18n)]))[0]! : null;
}

/** When the user's first transaction of either kind happened, or null when there is none yet. */
async function firstTransactionAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ at: min(transactions.createdAt) }).from(transactions).where(eq(transactions.userId, userId));
  // `min` over the view comes back as a string from some drivers.
  return row?.at ? new Date(row.at) : null;
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
 * One statement per month from the month of the user's first transaction (a wallet entry, or a card
 * payment or refund) to the current month at `now`, newest first; empty when there is none. Balances and
 * totals are the wallet's.
 */
export async function listStatements(db: DbOrTx, userId: string, now: Date): Promise<StatementSummary[]> {
  const current = hongKongMonth(now);
  const [rows, first] = await Promise.all([
    db
      .select({
        month: monthOf,
        credits: sumOf(sql`case when ${walletEntries.amount} > 0 then ${walletEntries.amount} else 0 end`),
        debits: sumOf(sql`case when ${walletEntries.amount} < 0 then -${walletEntries.amount} else 0 end`),
        entries: count(),
      })
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, userId), lt(walletEntries.createdAt, monthStart(nextMonth(current)))))
      .groupBy(monthOf)
      .orderBy(monthOf),
    firstTransactionAt(db, userId),
  ]);
  if (!first || hongKongMonth(first) > current) return [];

  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const statements: StatementSummary[] = [];
  let balance = 0;
  for (let month = hongKongMonth(first); month <= current; month = nextMonth(month)) {
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
 * first transaction, or after the current month).
 */
export async function getStatement(db: DbOrTx, userId: string, month: string, now: Date, i18n: I18n): Promise<StatementDetail | null> {
  if (month > hongKongMonth(now)) return null;
  const start = monthStart(month);
  const end = monthStart(nextMonth(month));
  const [openingBalance, rows, first] = await Promise.all([
    balanceBefore(db, userId, start),
    db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), gte(transactions.createdAt, start), lt(transactions.createdAt, end)))
      .orderBy(...oldestTransactionsFirst),
    firstTransactionAt(db, userId),
  ]);
  if (!first || month < hongKongMonth(first)) return null;
  const wallet = rows.filter((r) => r.source === 'WALLET');
  const totalCredits = wallet.reduce((sum, r) => sum + Math.max(0, r.amount), 0);
  const totalDebits = wallet.reduce((sum, r) => sum + Math.max(0, -r.amount), 0);
  return {
    month,
    openingBalance,
    closingBalance: openingBalance + totalCredits - totalDebits,
    totalCredits,
    totalDebits,
    entryCount: wallet.length,
    entries: wallet.map((row) => toItem(row, i18n)),
    cardEntries: rows.filter((r) => r.source === 'CARD').map((row) => toItem(row, i18n)),
  };
}
