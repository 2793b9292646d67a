/**
 * The report's feedback: how many guests rated their visit and the average rating,
 * per venue and ISO week of the visit, for the report's venue and days. Weeks without feedback are left out.
 */
import { useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../common/api/api-error';
import { staffFeedbackReportKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { ReadStatus } from '../../components/read-status';
import { Section } from '../../components/section';
import { useFailureText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import { ScrollingTable } from '../scrolling-table';
import { staffApi } from '../staff-api';

export function FeedbackAverages({ params }: { params: { venueId?: string; from: string; to: string } }) {
  const { t } = useLingui();
  const format = useFormats();
  const failureText = useFailureText();
  const query = { ...(params.venueId ? { venueId: params.venueId } : {}), from: params.from, to: params.to };
  const read = useApiQuery(staffFeedbackReportKey(query), () => unwrap(staffApi.GET('/admin/report/feedback', { params: { query } })).then((body) => body.data));
  return (
    <Section title={t`Guest feedback`}>
      <ReadStatus read={read} loading={t`Loading…`} failureText={failureText} />
      {read.status === 'ready' && read.data.rows.length === 0 && <p>{t`No feedback for these days yet.`}</p>}
      {read.status === 'ready' && read.data.rows.length > 0 && (
        <ScrollingTable>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t`Venue`}</th>
                <th scope="col">{t`Week`}</th>
                <th scope="col">{t`Responses`}</th>
                <th scope="col">{t`Average rating`}</th>
              </tr>
            </thead>
            <tbody>
              {read.data.rows.map((row) => {
                const first = format.date(row.from);
                const last = format.date(row.to);
                const average = row.average.toFixed(1);
                return (
                  <tr key={`${row.venueId}-${row.from}`}>
                    <td data-label={t`Venue`}>{row.venueName}</td>
                    <td data-label={t`Week`}>{t`${first} – ${last}`}</td>
                    <td data-label={t`Responses`}>{row.responses}</td>
                    <td data-label={t`Average rating`}>{t`${average} of 5`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollingTable>
      )}
    </Section>
  );
}
