/**
 * One transaction (`?id=`) with all its fields: a wallet entry, or a card payment or refund from the
 * transaction history, which says the card and that the wallet balance did not move. A missing or unknown
 * id gets a clear message.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { ApiFailure, unwrap } from '../../common/api/api-error';
import { useApiQuery } from '../api/use-api-query';
import { FormMessage } from '../components/form';
import { FieldList } from '../components/field-list';
import { Page } from '../components/page';
import { PageLink } from '../components/page-link';
import { transactionKey } from '../api/query-keys';
import {
  useCardName,
  useEntryTypeText,
  useSignedHkd,
  WalletReadStatus,
  type TransactionItem,
} from '../wallet/wallet-entry';
import { useFormats } from '../i18n/use-formats';
import { VisitLink } from '../wallet/entry-visit';
import type { PageProps } from '../navigation/routes';
import { useSessionUser } from '../session/session-provider';

export default function WalletDetailPage({ query }: PageProps) {
  const id = query.id?.trim();
  return id ? <EntryDetail key={id} id={id} /> : <NoEntry />;
}

function BackToWallet() {
  return (
    <p>
      <PageLink to="wallet">
        <Trans>Back to the wallet</Trans>
      </PageLink>
    </p>
  );
}

function NoEntry() {
  const { t } = useLingui();
  return (
    <Page title={t`Wallet entry`}>
      <FormMessage error={t`This wallet entry could not be found.`} />
      <BackToWallet />
    </Page>
  );
}

/** The page's title: the wallet's entry, or what the card did. */
function useTitle(): (entry: TransactionItem | null) => string {
  const { t } = useLingui();
  return (entry) => {
    if (!entry) return t`Transaction`;
    if (entry.source === 'WALLET') return t`Wallet entry`;
    return entry.type === 'REFUND' ? t`Card refund` : t`Card payment`;
  };
}

function EntryDetail({ id }: { id: string }) {
  const title = useTitle();
  const userId = useSessionUser()?._id ?? '';
  const entry = useApiQuery(transactionKey(userId, id), () =>
    unwrap(api.GET('/user/transaction-history/{id}', { params: { path: { id } } })).then((body) => body.data),
  );
  // A malformed id (400) and an unknown one (404) are the same thing to the reader.
  if (entry.status === 'error' && entry.error instanceof ApiFailure && (entry.error.status === 404 || entry.error.status === 400)) {
    return <NoEntry />;
  }
  const ready = entry.status === 'ready' ? entry.data : null;
  return (
    <Page title={title(ready)}>
      <WalletReadStatus read={entry} loading={<Trans>Loading the entry…</Trans>} />
      {ready && <EntryFields entry={ready} title={title(ready)} />}
      {ready?.source === 'CARD' ? (
        <p>
          <PageLink to="transactions">
            <Trans>Back to transactions</Trans>
          </PageLink>
        </p>
      ) : (
        <BackToWallet />
      )}
    </Page>
  );
}

function EntryFields({ entry, title }: { entry: TransactionItem; title: string }) {
  const { t } = useLingui();
  const typeText = useEntryTypeText();
  const cardName = useCardName();
  const format = useFormats();
  const signedHkd = useSignedHkd();
  const byCard = entry.source === 'CARD';
  const direction = byCard
    ? entry.type === 'REFUND'
      ? t`(refunded to the card)`
      : t`(paid by card)`
    : entry.amount >= 0
      ? t`(credit)`
      : t`(debit)`;
  const cardLabel = !byCard ? t`Topped up with` : entry.type === 'REFUND' ? t`Refunded to` : t`Paid with`;
  return (
    <section className="card" aria-label={title}>
      <h2 className="card__title">{entry.description}</h2>
      <FieldList
        rows={[
          [t`Type`, typeText(entry.type)],
          [t`Amount`, `${signedHkd(entry.amount)} ${direction}`],
          [t`Description`, entry.description],
          [t`Date`, format.dateTime(entry.createdAt)],
          // The booking's reference the guest knows, never the entry's internal id.
          entry.visit ? [t`Reference`, entry.visit.reference] : null,
          entry.card ? [cardLabel, cardName(entry.card)] : null,
          // The wallet's entries are its balance; a card's payment never touched it.
          byCard ? [t`Club wallet balance`, t`Not affected`] : null,
          entry.visit ? [t`Visit`, <VisitLink visit={entry.visit} />] : null,
        ]}
      />
    </section>
  );
}
