/**
 * The one writer of a member's wallet: every credit and debit goes through here, inside the caller's
 * transaction (docs/PRODUCT.md §9, "Wallet"; decision 0033). It owns three things:
 *
 * - the member's lock: a transaction-level advisory lock per wallet, taken before an entry is written,
 *   so two transactions never both spend the same balance;
 * - the balance rule: a payment (or a bill) is taken in full or refused, never below the balance;
 * - the fee rule: a no-show fee takes what the balance holds, never more; the caller leaves the rest
 *   owed (the booking's `outstanding`), so a wallet is never overdrawn.
 *
 * Entries are written by this module only; lint refuses an insert into the table anywhere else
 * (eslint.config.js, tested in tests/lint/wallet-writers.test.ts). Reads stay in wallet.ts.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { walletEntries, type DescriptionMessage } from '../../db/schema';
import { newId } from '../../lib/ids';
import { walletBalance } from './wallet';

/** What a credit or debit records besides its amount; `amount` is its size (positive), the ledger signs it. */
export interface WalletMovement {
  userId: string;
  /** Minor units, above zero. */
  amount: number;
  /** English, as written (composed by the server, or a plain text marked for translation). */
  description: string;
  descriptionMessage?: DescriptionMessage | null;
  reservationId?: string | null;
  paymentId?: string | null;
  now: Date;
}

type CreditType = 'TOP_UP' | 'REFUND' | 'ADJUSTMENT';
type DebitType = 'PAYMENT' | 'CHARGE';

// The wallet's key: a 64-bit hash of the member's id under a prefix of its own, apart from every other lock's.
const walletKey = (userId: string) => sql`hashtextextended(${`wallet:${userId}`}, 0)`;

/** Waits for the member's wallet lock, held to the end of the transaction. */
async function lockWallet(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${walletKey(userId)})`);
}

async function writeEntry(tx: DbOrTx, type: CreditType | DebitType, signed: number, m: WalletMovement): Promise<void> {
  await tx.insert(walletEntries).values({
    id: newId(),
    userId: m.userId,
    type,
    amount: signed,
    description: m.description,
    descriptionMessage: m.descriptionMessage ?? null,
    reservationId: m.reservationId ?? null,
    paymentId: m.paymentId ?? null,
    createdAt: m.now,
  });
}

/** Credits the wallet: a top-up, a refund of a wallet payment, an adjustment. */
export async function creditWallet(tx: DbOrTx, type: CreditType, movement: WalletMovement): Promise<void> {
  await lockWallet(tx, movement.userId);
  await writeEntry(tx, type, movement.amount, movement);
}

/**
 * Debits the wallet in full, or throws `refuse(balance)` (the caller's own answer) when the balance
 * is smaller than the amount. Returns the balance after the debit.
 */
export async function debitWallet(tx: DbOrTx, type: DebitType, movement: WalletMovement, refuse: (balance: number) => Error): Promise<number> {
  await lockWallet(tx, movement.userId);
  const balance = await walletBalance(tx, movement.userId);
  if (balance < movement.amount) throw refuse(balance);
  await writeEntry(tx, type, -movement.amount, movement);
  return balance - movement.amount;
}

/**
 * Charges a fee (a no-show's) to the wallet as far as its balance goes: what it holds, up to the fee,
 * and nothing from an empty wallet. Returns what was charged; the rest is the caller's to leave owed.
 */
export async function chargeFeeToWallet(tx: DbOrTx, movement: WalletMovement): Promise<number> {
  await lockWallet(tx, movement.userId);
  const charged = Math.min(movement.amount, Math.max(0, await walletBalance(tx, movement.userId)));
  if (charged > 0) await writeEntry(tx, 'CHARGE', -charged, { ...movement, amount: charged });
  return charged;
}

/**
 * Writes a history of entries as they stand, in one statement: for loading a club's past (the report
 * benchmark's year of bookings), never for a movement of today's money, which takes the member's lock
 * and the balance rule above.
 */
export async function loadWalletHistory(db: DbOrTx, entries: WalletHistoryEntry | WalletHistoryEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length > 0) await db.insert(walletEntries).values(list);
}

type WalletHistoryEntry = typeof walletEntries.$inferInsert;
