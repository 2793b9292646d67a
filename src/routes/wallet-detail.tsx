/** One wallet entry (`?id=`) with all its fields; a missing or unknown id gets a clear message. */
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { ApiFailure, unwrap } from '../api/api-error';
import { useApiQuery } from '../api/use-api-query';
import { FormMessage } from '../components/form';
import { FieldList } from '../components/field-list';
import { Page } from '../components/page';
import { PageLink } from '../components/page-link';
import { walletEntryKey } from '../api/query-keys';
import { entryDateTime, signedHkd, useEntryTypeText, WalletReadStatus, type WalletEntry } from '../manage/wallet-entry';
import type { PageProps } from '../navigation/routes';
import { pageAddress } from '../navigation/navigator';
import { useSessionUser } from '../session/session-provider';

export default function WalletDetailPage({ query }: PageProps) {
  const id = query.id?.trim();
  return id ? <EntryDetail key={id} id={id} /> : <NoEntry />;
}

function BackToWallet() {
  return (
    <PageLink to="wallet">
      <Trans>Back to the wallet</Trans>
    </PageLink>
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

function EntryDetail({ id }: { id: string }) {
  const { t } = useLingui();
  const userId = useSessionUser()?._id ?? '';
  const entry = useApiQuery(walletEntryKey(userId, id), () =>
    unwrap(api.GET('/user/wallet/entries/{id}', { params: { path: { id } } })).then((body) => body.data),
  );
  // A malformed id (400) and an unknown one (404) are the same thing to the reader.
  if (entry.status === 'error' && entry.error instanceof ApiFailure && (entry.error.status === 404 || entry.error.status === 400)) {
    return <NoEntry />;
  }
  return (
    <Page title={t`Wallet entry`}>
      <WalletReadStatus read={entry} loading={<Trans>Loading the entry…</Trans>} />
      {entry.status === 'ready' && <EntryFields entry={entry.data} />}
      <BackToWallet />
    </Page>
  );
}

function EntryFields({ entry }: { entry: WalletEntry }) {
  const { t } = useLingui();
  const typeText = useEntryTypeText();
  return (
    <section className="card" aria-label={t`Wallet entry`}>
      <h2 className="card__title">{entry.description}</h2>
      <FieldList
        rows={[
          [t`Type`, typeText(entry.type)],
          [t`Amount`, `${signedHkd(entry.amount)} ${entry.amount >= 0 ? t`(credit)` : t`(debit)`}`],
          [t`Description`, entry.description],
          [t`Date`, entryDateTime(entry.createdAt)],
          [t`Reference`, entry._id],
          entry.reservationId
            ? [
                t`Reservation`,
                <a href={`#${pageAddress('order', { id: entry.reservationId })}`}>
                  <Trans>View the reservation</Trans>
                </a>,
              ]
            : null,
        ]}
      />
    </section>
  );
}
