/**
 * A club member's wallet: the balance, a top-up by card, the latest entries (each opening its own page)
 * and the ways to the full transaction history and the monthly statements. A guest gets the server's
 * members-only answer and the way to membership.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { invalidate, useApiQuery } from '../api/use-api-query';
import { Page } from '../components/page';
import { Section } from '../components/section';
import { useFormats } from '../i18n/use-formats';
import { MONEY_PREFIXES, walletKey } from '../api/query-keys';
import { EntryList, WalletReadStatus } from '../wallet/wallet-entry';
import { WalletTopUp } from '../wallet/wallet-top-up';
import type { PageProps } from '../navigation/routes';
import { href } from '../navigation/navigator';
import { useSessionUser } from '../session/session-provider';

export default function WalletPage(_props: PageProps) {
  const { t } = useLingui();
  const format = useFormats();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const memberId = user?.memberId;
  // WalletReadStatus says on the page why a read failed (a guest's refusal with the way to membership): no toast too.
  const wallet = useApiQuery(walletKey(userId), () => unwrap(api.GET('/user/wallet')).then((body) => body.data), {
    showError: false,
  });

  function toppedUp() {
    // The balance, the history and the statements all moved.
    MONEY_PREFIXES.forEach(invalidate);
    wallet.reload();
  }

  return (
    <Page title={t`Wallet`}>
      <WalletReadStatus read={wallet} loading={<Trans>Loading your wallet…</Trans>} />
      {wallet.status === 'ready' && (
        <Section title={t`Balance`} card>
          <p className="page__title">{format.money(wallet.data.balance)}</p>
          {memberId && (
            <p className="card__meta">
              <Trans>Member number {memberId}</Trans>
            </p>
          )}
        </Section>
      )}
      {/* Outside the read: re-reading the balance after a top-up must not take the top-up's answer away. */}
      {user?.role === 'member' && (
        <Section title={t`Top up`} card>
          <WalletTopUp onToppedUp={toppedUp} />
        </Section>
      )}
      {wallet.status === 'ready' && (
        <>
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
            <a className="button" href={href('transactions')}>
              <Trans>Transactions</Trans>
            </a>
            <a className="button" href={href('monthly-statements')}>
              <Trans>Monthly statements</Trans>
            </a>
          </div>
        </>
      )}
    </Page>
  );
}
