/**
 * The guest's saved cards on the payment step (docs/PRODUCT.md §9): each pays at once, without the card
 * typed again; the card form below takes any other card.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentConfig } from '../../machines/payment.machine';
import { cardBrandName } from './card-brand';

type SavedCard = NonNullable<PaymentConfig['savedCards']>[number];

export function SavedCardChoices({ cards, total, onPay }: { cards: SavedCard[]; total: string; onPay: (savedCardId: string) => void }) {
  const { t } = useLingui();
  if (cards.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="saved-cards-title">
      <h2 className="card__title" id="saved-cards-title">
        <Trans>Your saved cards</Trans>
      </h2>
      {cards.map((card) => {
        const brand = cardBrandName(card.brand);
        const last4 = card.last4;
        return (
          <button key={card._id} type="button" className="button button--primary button--block" onClick={() => onPay(card._id)}>
            {brand ? t`Pay ${total} with ${brand} card ending ${last4}` : t`Pay ${total} with card ending ${last4}`}
          </button>
        );
      })}
      <p className="muted">
        <Trans>Or pay with another card:</Trans>
      </p>
    </section>
  );
}
