/**
 * The report's no-show and late-cancellation rates (docs/PRODUCT.md §4, no-shows): by policy type, by
 * channel and by member or guest, for the report's venue and days, each figure with its definition on the
 * page, and the same as a CSV download.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../common/api/api-error';
import type { Schemas } from '../../../common/api/schemas';
import { downloadedFile } from '../../api/file-download';
import { staffNoShowReportKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { DownloadButton } from '../../components/download-button';
import { ReadStatus } from '../../components/read-status';
import { Section } from '../../components/section';
import { useFailureText } from '../../i18n/message-text';
import { ScrollingTable } from '../scrolling-table';
import { staffApi } from '../staff-api';

type Figures = Schemas['NoShowFigures'];

const GROUP_NAMES: Record<string, MessageDescriptor> = {
  all: msg`All bookings`,
  none: msg`No deposit`,
  deposit: msg`Deposit`,
  guarantee: msg`Card guarantee`,
  prepayment: msg`Prepayment`,
  online: msg`Online`,
  phone: msg`Phone`,
  'walk-in': msg`Walk-in`,
  member: msg`Members`,
  guest: msg`Guests`,
};

function RatesTable({ caption, rows }: { caption: string; rows: readonly Figures[] }) {
  const { t, i18n } = useLingui();
  const percent = (value: number | null) => (value === null ? '—' : new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 1 }).format(value));
  return (
    <ScrollingTable>
      <table className="staff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Group`}</th>
            <th scope="col">{t`Bookings`}</th>
            <th scope="col">{t`No-shows`}</th>
            <th scope="col">{t`No-show rate`}</th>
            <th scope="col">{t`Late cancellations`}</th>
            <th scope="col">{t`Late-cancellation rate`}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.group} data-group={row.group}>
              <th scope="row">{GROUP_NAMES[row.group] ? i18n._(GROUP_NAMES[row.group]!) : row.group}</th>
              <td data-label={t`Bookings`}>{row.bookings}</td>
              <td data-label={t`No-shows`}>{row.noShows}</td>
              <td data-label={t`No-show rate`}>{percent(row.noShowRate)}</td>
              <td data-label={t`Late cancellations`}>{row.lateCancellations}</td>
              <td data-label={t`Late-cancellation rate`}>{percent(row.lateCancellationRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

export function NoShowRates({ params, fileName }: { params: { venueId?: string; from: string; to: string }; fileName: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const query = { ...(params.venueId ? { venueId: params.venueId } : {}), from: params.from, to: params.to };
  const read = useApiQuery(staffNoShowReportKey(query), () => unwrap(staffApi.GET('/admin/report/no-shows', { params: { query } })).then((body) => body.data));
  return (
    <Section title={t`No-show and late-cancellation rates`}>
      <dl className="report-definitions">
        <dt>{t`Bookings`}</dt>
        <dd>{t`Bookings confirmed for a day in the range, whatever became of them after. Tables held but never booked are not counted.`}</dd>
        <dt>{t`No-show rate`}</dt>
        <dd>{t`The bookings marked no-show, divided by the bookings.`}</dd>
        <dt>{t`Late-cancellation rate`}</dt>
        <dd>{t`The bookings cancelled inside the policy's cancellation window (Canceled Late), by the guest or by staff for the guest, divided by the bookings.`}</dd>
        <dt>{t`Channel`}</dt>
        <dd>{t`Online: booked by the guest on the website. Phone: booked by staff. Walk-in: seated by staff without a booking.`}</dd>
        <dt>{t`Policy`}</dt>
        <dd>{t`What the booking asked of the guest when it was made: nothing up front, a deposit, a card guarantee or a prepayment. A dash: no bookings of that kind in the range.`}</dd>
        <dt>{t`Member or guest`}</dt>
        <dd>{t`Members: bookings made by club members. Guests: everyone else, walk-ins included.`}</dd>
      </dl>
      <div className="report-download">
        <DownloadButton
          label={t`Download rates as CSV`}
          failure={t`The rates could not be downloaded.`}
          load={() => downloadedFile(staffApi.GET('/admin/report/no-shows.csv', { params: { query }, parseAs: 'blob' }), fileName)}
        />
      </div>
      <ReadStatus read={read} loading={t`Loading…`} failureText={failureText} />
      {read.status === 'ready' && (
        <>
          <RatesTable caption={t`All bookings`} rows={[read.data.total]} />
          <RatesTable caption={t`By policy`} rows={read.data.byPolicy} />
          <RatesTable caption={t`By channel`} rows={read.data.byChannel} />
          <RatesTable caption={t`Members and guests`} rows={read.data.byGuest} />
        </>
      )}
    </Section>
  );
}
