/**
 * Saved cards (docs/PRODUCT.md §9): a guest who paid a booking by card pays a change's difference or the
 * next booking with the same card, without typing it again. The card of a booking's card payment is kept
 * at the processor when it pays (Stripe: the payment's Customer with its PaymentMethod saved by
 * `setup_future_usage`; the test processor: the intent's card), so a saved card is the newest succeeded
 * booking payment of each card, until the guest removes it. Paying with it charges that card again, with
 * the guest present, through the processor's `chargeCardOnFile`; a top-up's card is not kept. Removing it
 * detaches it at the processor.
 */
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { syncWithProcessor } from './payment-sync';
import { toPaymentDto, type PaymentDeps, type PaymentDto, type PaymentRow } from './payments';
import { intentInput } from './open-payment';
import { feesOwedOnRemovedCards } from './no-show-fee-charge';

/** A saved card on the wire: named by the payment whose card it is. */
export interface SavedCardDto {
  _id: string;
  brand: string;
  last4: string;
}

interface SavedCard extends SavedCardDto {
  /** The processor's intent whose card is charged again. */
  intentId: string;
}

// A refund gives the money back, but the card stays the guest's card.
const PAID = ['SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;

const savedCardNotFound = () => notFound(/*i18n*/ 'This saved card was not found');

/** The caller's saved cards, newest first: one per card (its brand and last four). */
async function savedCards(db: DbOrTx, userId: string): Promise<SavedCard[]> {
  const rows = await db
    .select({ id: payments.id, brand: payments.cardBrand, last4: payments.cardLast4, intentId: payments.processorRef })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.method, 'CARD'),
        eq(payments.purpose, 'RESERVATION'),
        inArray(payments.status, [...PAID]),
        isNotNull(payments.processorRef),
        isNotNull(payments.cardLast4),
        isNull(payments.cardRemovedAt),
      ),
    )
    .orderBy(desc(payments.createdAt));
  const seen = new Set<string>();
  const cards: SavedCard[] = [];
  for (const row of rows) {
    const card = `${row.brand ?? ''}:${row.last4}`;
    if (seen.has(card)) continue;
    seen.add(card);
    cards.push({ _id: row.id, brand: row.brand ?? 'card', last4: row.last4!, intentId: row.intentId! });
  }
  return cards;
}

const toDto = ({ _id, brand, last4 }: SavedCard): SavedCardDto => ({ _id, brand, last4 });

/** GET /user/saved-card, and the payment configuration's `savedCards`. */
export async function listSavedCards(db: DbOrTx, userId: string): Promise<SavedCardDto[]> {
  return (await savedCards(db, userId)).map(toDto);
}

/** The caller's saved card by its id; 404 when it is not (or no longer) one. */
export async function findSavedCard(db: DbOrTx, userId: string, id: string): Promise<SavedCard> {
  const card = (await savedCards(db, userId)).find((c) => c._id === id);
  if (!card) throw savedCardNotFound();
  return card;
}

/**
 * DELETE /user/saved-card/{id}: the card is no longer offered, and the processor forgets it (Stripe detaches
 * each PaymentMethod it was kept as), so it cannot be charged again, a no-show fee included (that fee
 * is recorded as owed at once, and so is one that falls due later); answers the cards left. The card is stamped removed first, so it is never offered again even
 * when the processor does not answer (502): its copy there is then left until a support request.
 */
export async function removeSavedCard(deps: Pick<PaymentDeps, 'db' | 'clock' | 'payments'>, userId: string, id: string): Promise<SavedCardDto[]> {
  const card = await findSavedCard(deps.db, userId, id);
  const removed = await deps.db
    .update(payments)
    .set({ cardRemovedAt: deps.clock.now() })
    .where(and(eq(payments.userId, userId), eq(payments.cardBrand, card.brand), eq(payments.cardLast4, card.last4), isNull(payments.cardRemovedAt)))
    .returning({ intentId: payments.processorRef, method: payments.method });
  const intents = new Set(removed.flatMap((row) => (row.method === 'CARD' && row.intentId ? [row.intentId] : [])));
  // A fee still being tried on the card is owed from now on: no retry reaches a card the guest took away.
  await feesOwedOnRemovedCards(deps.db, [...intents], deps.clock.now());
  for (const intentId of intents) await deps.payments.detachCard(intentId);
  return listSavedCards(deps.db, userId);
}

/**
 * Pays a started card payment with a saved card: the processor charges that card (succeeded, or refused
 * with its reason) under the payment's own key, so asking twice charges once; the payment is then brought
 * in line with the processor. A payment that has its intent already (the same key again) is answered as it is.
 */
export async function payWithSavedCard(deps: PaymentDeps, row: PaymentRow, card: SavedCard): Promise<PaymentDto> {
  let current = row;
  if (!row.processorRef && row.status === 'REQUIRES_PAYMENT_METHOD') {
    const intent = await deps.payments.chargeCardOnFile({ ...intentInput(row), cardOf: card.intentId });
    const [updated] = await deps.db
      .update(payments)
      .set({ processorRef: intent.id, updatedAt: deps.clock.now() })
      .where(and(eq(payments.id, row.id), isNull(payments.processorRef)))
      .returning();
    current = updated ?? row;
  }
  if (current.processorRef) await syncWithProcessor(deps, current);
  const [fresh] = await deps.db.select().from(payments).where(eq(payments.id, row.id));
  return toPaymentDto(fresh ?? current);
}
