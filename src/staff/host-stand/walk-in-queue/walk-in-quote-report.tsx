/**
 * The report's walk-in quotes (docs/PRODUCT.md §2, the walk-in queue): how good the waits quoted at the door were, by party size,
 * for the report's venue and days: the median quoted against the median really waited, how many were seated
 * within their quote, and how many left.
 */
import { useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../../common/api/api-error';
import { useApiQuery } from '../../../api/use-api-query';
import { ReadStatus } from '../../../components/read-status';
import { Section } from '../../../components/section';
import { useFailureText } from '../../../i18n/message-text';
import { ScrollingTable } from '../../scrolling-table';
import { staffApi } from '../../staff-api';

const minutes = (value: number | null) => (value === null ? '–' : String(Math.round(value * 10) / 10));

export function WalkInQuoteReport({ venueId, from, to }: { venueId: string; from: string; to: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const read = useApiQuery(['staffWalkInReport', venueId, from, to], () =>
    unwrap(staffApi.GET('/admin/venue/{venueId}/walk-in-report', { params: { path: { venueId }, query: { from, to } } })).then((body) => body.data),
  );
  const rows = read.status === 'ready' ? [...read.data.bySize, read.data.total] : [];
  return (
    <Section title={t`Walk-in quotes`}>
      <ReadStatus read={read} loading={t`Loading…`} failureText={failureText} />
      {read.status === 'ready' && read.data.total.seated + read.data.total.left === 0 && <p>{t`No walk-ins were queued on these days.`}</p>}
      {read.status === 'ready' && read.data.total.seated + read.data.total.left > 0 && (
        <ScrollingTable>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t`Party size`}</th>
                <th scope="col">{t`Seated`}</th>
                <th scope="col">{t`Median quoted (min)`}</th>
                <th scope="col">{t`Median waited (min)`}</th>
                <th scope="col">{t`Seated within the quote`}</th>
                <th scope="col">{t`Left`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.numberOfGuests ?? 'all'}>
                  <th scope="row" data-label={t`Party size`}>
                    {row.numberOfGuests === null ? t`All sizes` : row.numberOfGuests}
                  </th>
                  <td data-label={t`Seated`}>{row.seated}</td>
                  <td data-label={t`Median quoted (min)`}>{minutes(row.medianQuotedMinutes)}</td>
                  <td data-label={t`Median waited (min)`}>{minutes(row.medianWaitedMinutes)}</td>
                  <td data-label={t`Seated within the quote`}>{row.seatedWithinQuote}</td>
                  <td data-label={t`Left`}>{row.left}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
    </Section>
  );
}
