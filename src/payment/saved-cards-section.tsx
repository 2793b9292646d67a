/**
 * The guest's saved cards on their personal data page (docs/PRODUCT.md §9): each card that paid a booking
 * and is offered for paying again, with a button that removes it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { unwrap } from '../../common/api/api-error';
import { api } from '../api/api';
import { savedCardsKey } from '../api/query-keys';
import { useApiQuery } from '../api/use-api-query';
import { FormMessage } from '../components/form';
import { ReadStatus } from '../components/read-status';
import { Section } from '../components/section';
import { useSubmission } from '../components/use-submission';
import { useFailureText } from '../i18n/message-text';
import { useSessionUser } from '../session/session-provider';
import { cardBrandName } from './card-brand';

export function SavedCardsSection() {
  const { t } = useLingui();
  const failureText = useFailureText();
  const userId = useSessionUser()?._id ?? '';
  const cards = useApiQuery(savedCardsKey(userId), () => unwrap(api.GET('/user/saved-card')).then((body) => body.data));
  const removal = useSubmission();

  const remove = (id: string, name: string) =>
    removal.onSubmit(
      () => id,
      async () => {
        await unwrap(api.DELETE('/user/saved-card/{id}', { params: { path: { id } } }));
        cards.reload();
        return t`${name} is no longer saved.`;
      },
    );

  return (
    <Section title={t`Saved cards`}>
      <ReadStatus read={cards} loading={t`Loading…`} failureText={failureText} />
      <FormMessage error={removal.error} success={removal.success} />
      {cards.status === 'ready' &&
        (cards.data.length === 0 ? (
          <p className="muted">
            <Trans>No card is saved. A card that pays a booking is saved for your next payment.</Trans>
          </p>
        ) : (
          <ul className="stack">
            {cards.data.map((card) => {
              const brand = cardBrandName(card.brand);
              const last4 = card.last4;
              const name = brand ? t`${brand} card ending ${last4}` : t`Card ending ${last4}`;
              return (
                <li key={card._id}>
                  <form className="actions" onSubmit={remove(card._id, name)} aria-label={name}>
                    <span>{name}</span>
                    <button type="submit" className="button" disabled={removal.sending}>
                      <Trans>Remove</Trans>
                    </button>
                  </form>
                </li>
              );
            })}
          </ul>
        ))}
    </Section>
  );
}
