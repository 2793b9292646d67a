/**
 * A club member's wallet: the balance, the latest entries (each opening its own page) and the ways to the
 * full transaction history and the monthly statements. A guest gets the server's members-only answer and
 * the way to membership.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { unwrap } from '../api/api-error';
import { useApiQuery } from '../api/use-api-query';
import { Page } from '../components/page';
import { Section } from '../components/section';
import { formatHkd } from '../domain/money';
import { walletKey } from '../api/query-keys';
import { EntryList, WalletReadStatus } from '../manage/wallet-entry';
import type { PageProps } from '../navigation/routes';
import { pageAddress } from '../navigation/navigator';
import { useSessionUser } from '../session/session-provider';

export default function WalletPage(_props: PageProps) {
  const { t } = useLingui();
  const userId = useSessionUser()?._id ?? '';
  const wallet = useApiQuery(walletKey(userId), () => unwrap(api.GET('/user/wallet')).then((body) => body.data));

  return (
    <Page title={t`Wallet`}>
      <WalletReadStatus read={wallet} loading={<Trans>Loading your wallet…</Trans>} />
      {wallet.status === 'ready' && (
        <>
          <Section title={t`Balance`} card>
            <p className="page__title">{formatHkd(wallet.data.balance)}</p>
          </Section>
          <Section title={t`Latest entries`}>
            {wallet.data.entries.length === 0 ? (
              <p className="muted">
                <Trans>Your wallet has no entries yet.</Trans>
              </p>
            ) : (
              <EntryList entries={wallet.data.entries} />
            )}
          </Section>
          <div className="actions">
            <a className="button" href={`#${pageAddress('transactions')}`}>
              <Trans>Transactions</Trans>
            </a>
            <a className="button" href={`#${pageAddress('monthly-statements')}`}>
              <Trans>Monthly statements</Trans>
            </a>
          </div>
        </>
      )}
    </Page>
  );
}
