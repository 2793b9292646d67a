/**
 * The reconciliation with Stripe (admins): for a Hong Kong day (yesterday by default, which the daily
 * job has run), every difference between Stripe's money and the club's books, with the booking it
 * concerns; the same as a CSV download; and running the day again now.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../../common/api/api-error';
import type { components } from '../../../common/api/schema';
import { addDays } from '../../../common/time';
import { downloadedFile } from '../../api/file-download';
import { staffReconciliationKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { useServerToday } from '../../api/use-server-today';
import { DownloadButton } from '../../components/download-button';
import { LoadFailure, Loading } from '../../components/read-status';
import { useFailureText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import { staffApi } from '../staff-api';
import { ScrollingTable } from '../scrolling-table';

type Kind = components['schemas']['Reconciliation']['differences'][number]['kind'];

function useKindText(): (kind: Kind) => string {
  const { t } = useLingui();
  return (kind) =>
    ({
      UNKNOWN_TO_CLUB: t`Stripe took money the club has no paid payment for`,
      CHARGE_DIFFERS: t`Stripe charged another amount than the club recorded`,
      REFUND_MISSING: t`Stripe refunded more than the club recorded`,
      REFUND_NOT_AT_STRIPE: t`The club recorded a refund Stripe has not made`,
    })[kind];
}

export function StripeReconciliation() {
  const { t } = useLingui();
  const formats = useFormats();
  const failureText = useFailureText();
  const kindText = useKindText();
  const today = useServerToday();
  const [day, setDay] = useState(() => addDays(today, -1));
  const [running, setRunning] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  const report = useApiQuery(staffReconciliationKey(day), () =>
    unwrap(staffApi.GET('/admin/payments/reconciliation', { params: { query: { date: day } } })).then((body) => body.data),
  );

  async function runNow() {
    setRunning(true);
    setRunError(null);
    try {
      await unwrap(staffApi.POST('/admin/payments/reconciliation', { body: { date: day } }));
      report.reload();
    } catch (err) {
      setRunError(failureText(err));
    } finally {
      setRunning(false);
    }
  }

  const data = report.status === 'ready' ? report.data : null;
  return (
    <>
      <div className="staff-scope" role="group" aria-label={t`Day to reconcile`}>
        <label className="staff-scope__field">
          <span>{t`Day`}</span>
          <input type="date" value={day} max={today} onChange={(e) => e.target.value && setDay(e.target.value)} />
        </label>
        <button type="button" className="button button--primary" disabled={running} onClick={() => void runNow()}>
          {running ? t`Comparing with Stripe…` : data ? t`Reconcile again now` : t`Reconcile now`}
        </button>
        {data && (
          <DownloadButton
            label={t`Download CSV`}
            failure={t`The reconciliation could not be downloaded.`}
            load={() =>
              downloadedFile(staffApi.GET('/admin/payments/reconciliation.csv', { params: { query: { date: day } }, parseAs: 'blob' }), `stripe-reconciliation-${day}.csv`)
            }
          />
        )}
      </div>
      <div aria-live="polite">
        {runError && (
          <p className="form-error" role="alert">
            {runError}
          </p>
        )}
        {report.status === 'loading' && <Loading>{t`Loading…`}</Loading>}
        {report.status === 'error' && <LoadFailure message={failureText(report.error)} retry={report.reload} />}
        {report.status === 'ready' && !data && <p className="muted">{t`This day has not been reconciled yet.`}</p>}
        {data && (
          <p>
            {t`Compared ${data.intentsChecked} Stripe payments on ${formats.dateTime(data.ranAt)}.`}{' '}
            {data.differences.length === 0 ? t`Stripe and the club's books agree.` : t`Differences to look into: ${data.differences.length}.`}
          </p>
        )}
      </div>
      {data && data.differences.length > 0 && (
        <ScrollingTable label={t`Differences with Stripe`}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t`Difference`}</th>
                <th scope="col">{t`Booking`}</th>
                <th scope="col">{t`Stripe payment`}</th>
                <th scope="col">{t`At Stripe`}</th>
                <th scope="col">{t`In the club's books`}</th>
              </tr>
            </thead>
            <tbody>
              {data.differences.map((row) => (
                <tr key={`${row.intentId}-${row.kind}`}>
                  <td data-label={t`Difference`}>{kindText(row.kind)}</td>
                  <td data-label={t`Booking`}>{row.reservationReference ?? '—'}</td>
                  <td data-label={t`Stripe payment`}>
                    <code>{row.intentId}</code>
                  </td>
                  <td data-label={t`At Stripe`}>{formats.money(row.stripeAmount)}</td>
                  <td data-label={t`In the club's books`}>{formats.money(row.clubAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
    </>
  );
}
