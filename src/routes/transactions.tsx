/**
 * Every charge, payment, top-up and refund, newest first, filtered by Hong Kong days and read a page at a
 * time: the Club wallet's entries and the card's payments and refunds, each saying which. A guest (no
 * wallet) sees their card payments. The filter and the page live in the address (`?from=&to=&page=`), so
 * back, forward and a reload show the same list.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { useApiQuery } from '../api/use-api-query';
import { FormMessage, TextField } from '../components/form';
import { Page } from '../components/page';
import { PageLink } from '../components/page-link';
import { isIsoDate } from '../../common/time';
import { transactionsKey } from '../api/query-keys';
import { EntryList, WalletReadStatus } from '../wallet/wallet-entry';
import type { PageProps } from '../navigation/routes';
import { navigateTo } from '../navigation/navigator';
import { useSessionUser } from '../session/session-provider';

const TRANSACTIONS_PAGE_SIZE = 10;

/** A date from the address, or nothing when it is not a real YYYY-MM-DD date. */
const dateParam = (value: string | undefined) => (value && isIsoDate(value) ? value : undefined);

export default function TransactionsPage({ query }: PageProps) {
  const { t } = useLingui();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const guest = user?.role === 'guest';
  const from = dateParam(query.from);
  const to = dateParam(query.to);
  const page = Math.max(1, Math.floor(Number(query.page)) || 1);
  const pageSize = TRANSACTIONS_PAGE_SIZE;
  // A reversed range in the address is not sent: the form says what is wrong instead.
  const reversed = Boolean(from && to && from > to);
  const list = useApiQuery(reversed ? null : transactionsKey(userId, { from, to, page, pageSize }), () =>
    unwrap(
      api.GET('/user/transaction-history', {
        params: { query: { ...(from ? { from } : {}), ...(to ? { to } : {}), page, pageSize } },
      }),
    ).then((body) => body.data),
  );
  const pages = list.status === 'ready' ? Math.max(1, Math.ceil(list.data.total / pageSize)) : 1;
  const go = (target: number) => navigateTo('transactions', { from, to, page: target > 1 ? target : undefined });

  return (
    <Page title={t`Transactions`} lead={t`Newest first. Days are Hong Kong days.`}>
      {guest && (
        <p className="muted">
          <Trans>Your card payments and refunds. The Club wallet is for members.</Trans>
        </p>
      )}
      <RangeFilter key={`${from ?? ''}|${to ?? ''}`} from={from} to={to} reversed={reversed} />
      {!reversed && <WalletReadStatus read={list} loading={<Trans>Loading transactions…</Trans>} />}
      {!reversed && list.status === 'ready' && (
        <>
          {list.data.items.length === 0 ? (
            <p className="muted">
              {list.data.total > 0 ? (
                // A page number past the end, typed or kept from a longer list.
                <Trans>This page is past the end of the list.</Trans>
              ) : from || to ? (
                <Trans>There are no transactions in this period.</Trans>
              ) : (
                <Trans>There are no transactions yet.</Trans>
              )}
            </p>
          ) : (
            <EntryList entries={list.data.items} />
          )}
          <nav aria-label={t`Pages`} className="actions">
            <button type="button" className="button" disabled={page <= 1} onClick={() => go(Math.min(page - 1, pages))}>
              <Trans>Previous</Trans>
            </button>
            <p className="muted" aria-live="polite">
              <Trans>
                Page {page} of {pages}
              </Trans>
            </p>
            <button type="button" className="button" disabled={page >= pages} onClick={() => go(page + 1)}>
              <Trans>Next</Trans>
            </button>
          </nav>
        </>
      )}
      {guest ? (
        <p>
          <PageLink to="order">
            <Trans>Back to my reservations</Trans>
          </PageLink>
        </p>
      ) : (
        <p>
          <PageLink to="wallet">
            <Trans>Back to the wallet</Trans>
          </PageLink>
        </p>
      )}
    </Page>
  );
}

/** From and to dates (both included); applying them starts again at the first page. */
function RangeFilter({ from, to, reversed }: { from?: string; to?: string; reversed: boolean }) {
  const { t } = useLingui();
  const [values, setValues] = useState({ from: from ?? '', to: to ?? '' });
  const [error, setError] = useState<string | null>(reversed ? t`The start date must not be after the end date` : null);

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = { from: dateParam(values.from), to: dateParam(values.to) };
    if (next.from && next.to && next.from > next.to) {
      setError(t`The start date must not be after the end date`);
      return;
    }
    setError(null);
    navigateTo('transactions', next);
  }

  return (
    <form noValidate onSubmit={apply} aria-label={t`Date range`}>
      <div className="grid-2">
        <TextField
          label={t`From`}
          type="date"
          name="from"
          value={values.from}
          onChange={(e) => setValues((v) => ({ ...v, from: e.target.value }))}
        />
        <TextField
          label={t`To`}
          type="date"
          name="to"
          value={values.to}
          onChange={(e) => setValues((v) => ({ ...v, to: e.target.value }))}
        />
      </div>
      <FormMessage error={error} />
      <div className="actions">
        <button type="submit" className="button button--primary">
          <Trans>Show</Trans>
        </button>
        {(from || to) && (
          <button type="button" className="button" onClick={() => navigateTo('transactions')}>
            <Trans>Show all</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
