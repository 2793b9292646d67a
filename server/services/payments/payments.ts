/**
 * What the payment operations share: the row and wire shapes, statuses, the configuration the browser
 * reads, and taking the payment when a reservation is completed (a wallet is debited right there, in
 * the completing transaction).
 */
import type { I18n } from '@lingui/core';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { payments, type PaymentStatus } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { completionError, notFound } from '../../lib/errors';
import type { UserRole } from '../../db/schema';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import type { ReservationRow } from '../reservations/reservations';
import { debitWallet } from '../wallet/wallet-ledger';
import { composeDescription, type StoredDescription } from '../wallet/entry-description';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentDto = Schema<'Payment'>;
export type PaymentConfigDto = Schema<'PaymentConfig'>;

/** What the payment operations need of the app. */
/** `config` signs the manage links of the mail a change paid by card sends when it is made. */
export type PaymentDeps = Pick<AppDeps, 'db' | 'clock' | 'payments' | 'config'>;

/** Statuses from which a payment may still succeed or fail. */
export const PENDING_STATUSES: readonly PaymentStatus[] = ['REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION', 'PROCESSING'];

export const isPending = (status: PaymentStatus) => PENDING_STATUSES.includes(status);

/** The status a payment has after `refunded` of its `amount` went back. */
export const refundedStatus = (amount: number, refunded: number): PaymentStatus =>
  refunded <= 0 ? 'SUCCEEDED' : refunded >= amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';

/** The wallet payment waiting for the completion to debit it. */
const WALLET_PENDING: PaymentStatus = 'PROCESSING';

/** How the browser pays: the processor, its public key, and the methods open to the caller. */
export function paymentConfig(deps: Pick<AppDeps, 'payments'>, role: UserRole): PaymentConfigDto {
  return {
    provider: deps.payments.provider,
    publishableKey: deps.payments.publishableKey,
    currency: 'HKD',
    methods: role === 'member' ? ['CARD', 'WALLET'] : ['CARD'],
  };
}

/** A payment on the wire. `clientSecret` only while the browser still has something to do with the card. */
export function toPaymentDto(row: PaymentRow, clientSecret: string | null = null): PaymentDto {
  return {
    _id: row.id,
    reservationId: row.reservationId,
    purpose: row.purpose,
    method: row.method,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    intentId: row.processorRef,
    clientSecret: row.method === 'CARD' && isPending(row.status) ? clientSecret : null,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    failureMessage: row.failureMessage,
    refundedAmount: row.refundedAmount,
  };
}

/**
 * The payment with its `failureMessage` in the caller's language. The reason is stored as its English
 * source text (marked where it is written, or a processor's DECLINE_MESSAGES), and said when it is read.
 */
export function inLanguage(dto: PaymentDto, i18n: I18n): PaymentDto {
  return { ...dto, failureMessage: dto.failureMessage && i18n._(dto.failureMessage) };
}

/** 404 for a payment that is missing or someone else's (the two are not told apart). */
export const paymentNotFound = () => notFound(/*i18n*/ 'The payment does not exist');

/** The caller's payment, or 404. */
export async function findOwnPayment(db: DbOrTx, userId: string, paymentId: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  if (!row) throw paymentNotFound();
  return row;
}

/** A payment locked for the rest of the transaction. */
export async function lockPayment(tx: DbOrTx, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row;
}

/** The reservation's succeeded payment that is not refunded, if any (the first one). */
export async function succeededPaymentOf(tx: DbOrTx, reservationId: string, exceptPaymentId?: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.reservationId, reservationId),
        eq(payments.status, 'SUCCEEDED'),
        exceptPaymentId ? ne(payments.id, exceptPaymentId) : undefined,
      ),
    )
    .orderBy(payments.createdAt, payments.id)
    .limit(1);
  return row;
}

const PAID_ANOTHER_WAY = /*i18n*/ 'Not needed: the reservation was paid another way';

/** Marks the reservation's waiting wallet payments as failed, saying why (an English source text, see `inLanguage`). */
export async function failPendingWalletPayments(tx: DbOrTx, reservationId: string, message: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'FAILED', failureMessage: message, updatedAt: now })
    .where(and(eq(payments.reservationId, reservationId), eq(payments.method, 'WALLET'), inArray(payments.status, [...PENDING_STATUSES])));
}

// What a reservation's payment or refund is called in the wallet and the card history, by what was paid.
const ENTRY_DESCRIPTIONS = {
  payment: { DEPOSIT: /*i18n*/ '{venue} – deposit {reference}', PREPAYMENT: /*i18n*/ '{venue} – prepayment {reference}' },
  refund: { DEPOSIT: /*i18n*/ '{venue} – refund of deposit {reference}', PREPAYMENT: /*i18n*/ '{venue} – refund of prepayment {reference}' },
} as const;

/**
 * A wallet or card entry's description for a reservation's payment or refund ('Bâtard – deposit
 * BAT-22QX4M'): the English, and the message it is made from so each reader gets it in their language.
 */
export function walletDescription(kind: 'payment' | 'refund', row: ReservationRow, catalog: VenueCatalog): StoredDescription {
  const venue = catalog.venues.get(row.venueId)?.venue.title ?? 'Reservation';
  const template = ENTRY_DESCRIPTIONS[kind][row.prePaymentType === 'DEPOSIT' ? 'DEPOSIT' : 'PREPAYMENT'];
  return composeDescription(template, { venue, reference: row.uniqueId });
}

/**
 * Inside the completing transaction (reservation locked): the payment that pays for the reservation.
 * A succeeded one is used as it is; otherwise a waiting wallet payment is debited now, in this very
 * transaction, so the wallet is charged exactly when the booking is confirmed. 10210 when neither.
 */
export async function takePaymentForCompletion(
  tx: DbOrTx,
  row: ReservationRow,
  catalog: VenueCatalog,
  now: Date,
): Promise<PaymentRow> {
  const paid = await succeededPaymentOf(tx, row.id);
  if (paid) {
    await failPendingWalletPayments(tx, row.id, PAID_ANOTHER_WAY, now);
    return paid;
  }
  const [wallet] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, row.id), eq(payments.method, 'WALLET'), eq(payments.status, WALLET_PENDING)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  if (!wallet) throw completionError(10210);

  const movement = { userId: row.userId, amount: wallet.amount, ...walletDescription('payment', row, catalog), reservationId: row.id, paymentId: wallet.id, now };
  await debitWallet(tx, 'PAYMENT', movement, () => completionError(10210));
  const [updated] = await tx
    .update(payments)
    .set({ status: 'SUCCEEDED', failureMessage: null, updatedAt: now })
    .where(eq(payments.id, wallet.id))
    .returning();
  await failPendingWalletPayments(tx, row.id, PAID_ANOTHER_WAY, now);
  return updated!;
}
