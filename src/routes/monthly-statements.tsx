/**
 * Monthly statements of the wallet: one card per Hong Kong month with its opening balance, credits, debits
 * and closing balance, and its PDF to download; `?month=YYYY-MM` opens one month with its entries and,
 * apart from the wallet's balances, its card payments and refunds.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { ApiFailure, unwrap } from '../../common/api/api-error';
import { useApiQuery } from '../api/use-api-query';
import type { components } from '../../common/api/schema';
import { FormMessage } from '../components/form';
import { FieldList } from '../components/field-list';
import { Page } from '../components/page';
import { PageLink } from '../components/page-link';
import { Section } from '../components/section';
import { DownloadButton } from '../components/download-button';
import { downloadedFile } from '../api/file-download';
import { useFormats } from '../i18n/use-formats';
import { statementKey, statementsKey } from '../api/query-keys';
import { EntryList, WalletReadStatus } from '../wallet/wallet-entry';
import type { PageProps } from '../navigation/routes';
import { href } from '../navigation/navigator';
import { useSessionUser } from '../session/session-provider';

type StatementSummary = components['schemas']['StatementSummary'];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export default function MonthlyStatementsPage({ query }: PageProps) {
  const month = query.month?.trim();
  if (month === undefined || month === '') return <StatementList />;
  return MONTH.test(month) ? <MonthStatement key={month} month={month} /> : <NoStatement />;
}

function BackLink({ to }: { to: 'wallet' | 'monthly-statements' }) {
  return (
    <p>
      <PageLink to={to}>{to === 'wallet' ? <Trans>Back to the wallet</Trans> : <Trans>All statements</Trans>}</PageLink>
    </p>
  );
}

function StatementList() {
  const { t } = useLingui();
  const userId = useSessionUser()?._id ?? '';
  const list = useApiQuery(statementsKey(userId), () => unwrap(api.GET('/guest/statement')).then((body) => body.data));
  return (
    <Page title={t`Monthly statements`}>
      <WalletReadStatus read={list} loading={<Trans>Loading your statements…</Trans>} />
      {list.status === 'ready' &&
        (list.data.length === 0 ? (
          <p className="muted">
            <Trans>There are no statements yet: they start with the month of your first wallet entry or card payment.</Trans>
          </p>
        ) : (
          <ul className="list">
            {list.data.map((statement) => (
              <StatementCard key={statement.month} statement={statement} />
            ))}
          </ul>
        ))}
      <BackLink to="wallet" />
    </Page>
  );
}

function StatementCard({ statement }: { statement: StatementSummary }) {
  // 'November 2026' in the reader's language (2026年11月; the Gregorian year in Thai too).
  const monthName = useFormats().month;
  const name = monthName(statement.month);
  return (
    <li className="card">
      <h2 className="card__title">{name}</h2>
      <Totals
        opening={statement.openingBalance}
        credits={statement.totalCredits}
        debits={statement.totalDebits}
        closing={statement.closingBalance}
      />
      <p>
        <a href={href('monthly-statements', { month: statement.month })}>
          <Trans>View the entries of {name}</Trans>
        </a>
      </p>
      <StatementPdf month={statement.month} name={name} />
    </li>
  );
}

/** The month's statement as the server's PDF, fetched with the session's token. */
function StatementPdf({ month, name }: { month: string; name: string }) {
  const { t } = useLingui();
  return (
    <div>
      <DownloadButton
        label={t`Download ${name} as PDF`}
        failure={t`The statement could not be downloaded.`}
        load={() =>
          downloadedFile(api.GET('/guest/statement/{month}/pdf', { params: { path: { month } }, parseAs: 'blob' }), `statement-${month}.pdf`)
        }
      />
    </div>
  );
}

function Totals({ opening, credits, debits, closing }: { opening: number; credits?: number; debits?: number; closing: number }) {
  const { t } = useLingui();
  const format = useFormats();
  return (
    <FieldList
      rows={[
        [t`Opening balance`, format.money(opening)],
        credits !== undefined && [t`Credits`, `+${format.money(credits)}`],
        debits !== undefined && [t`Debits`, format.money(-debits)],
        [t`Closing balance`, format.money(closing)],
      ]}
    />
  );
}

function NoStatement() {
  const { t } = useLingui();
  return (
    <Page title={t`Monthly statements`}>
      <FormMessage error={t`There is no statement for this month`} />
      <BackLink to="monthly-statements" />
    </Page>
  );
}

function MonthStatement({ month }: { month: string }) {
  const { t } = useLingui();
  const monthName = useFormats().month;
  const userId = useSessionUser()?._id ?? '';
  const statement = useApiQuery(statementKey(userId, month), () =>
    unwrap(api.GET('/guest/statement/{month}', { params: { path: { month } } })).then((body) => body.data),
  );
  if (statement.status === 'error' && statement.error instanceof ApiFailure && statement.error.status === 404) {
    return <NoStatement />;
  }
  const name = monthName(month);
  const entries = statement.status === 'ready' ? statement.data.entries : [];
  // The contract's Statement carries the balances; the month's totals follow from its entries.
  const credits = entries.reduce((sum, e) => sum + Math.max(0, e.amount), 0);
  const debits = entries.reduce((sum, e) => sum + Math.max(0, -e.amount), 0);
  return (
    <Page title={t`Statement for ${name}`}>
      <WalletReadStatus read={statement} loading={<Trans>Loading the statement…</Trans>} />
      {statement.status === 'ready' && (
        <>
          <section className="card" aria-label={t`Summary`}>
            <Totals opening={statement.data.openingBalance} credits={credits} debits={debits} closing={statement.data.closingBalance} />
          </section>
          <h2>
            <Trans>Entries</Trans>
          </h2>
          {entries.length === 0 ? (
            <p className="muted">
              <Trans>There were no wallet entries this month.</Trans>
            </p>
          ) : (
            <EntryList entries={entries} />
          )}
          {statement.data.cardEntries.length > 0 && (
            <Section title={t`Card payments and refunds`}>
              <p className="muted">
                <Trans>Paid by card or refunded to the card: not part of the wallet balance above.</Trans>
              </p>
              <EntryList entries={statement.data.cardEntries} />
            </Section>
          )}
          <StatementPdf month={month} name={name} />
        </>
      )}
      <BackLink to="monthly-statements" />
    </Page>
  );
}
