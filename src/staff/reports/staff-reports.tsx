/**
 * The staff console's report: for a venue (admins: or every venue) and a range of
 * days, covers as a chart with the same figures in a table beside it, no-shows and cancellations, and
 * money taken and refunded, by day or ISO week; and the same as a CSV download.
 */
import { useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../common/api/api-error';
import { downloadedFile } from '../../api/file-download';
import { staffReportKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { useServerToday } from '../../api/use-server-today';
import { DownloadButton } from '../../components/download-button';
import { Section } from '../../components/section';
import { useFormats } from '../../i18n/use-formats';
import { redirectTo } from '../../navigation/navigator';
import { staffApi } from '../staff-api';
import { venuesFor, type StaffScope } from '../staff-shell';
import { CoversChart } from './covers-chart';
import { FeedbackAverages } from './feedback-averages';
import { WalkInQuoteReport } from '../host-stand/walk-in-queue/walk-in-quote-report';
import { NoShowRates } from './no-show-rates';
import { ReportControls } from './report-controls';
import { byPeriod, total, type PeriodRows, type ReportRow } from './report-periods';
import { apiQuery, reportSelection, selectionQuery, type ReportSelection } from './report-selection';
import { ReportTable, type ReportColumn } from './report-table';
import './reports.css';

type Money = ReportRow['money'];

function useColumns() {
  const { t } = useLingui();
  const format = useFormats();
  const count = (title: string, pick: (row: ReportRow) => number): ReportColumn => ({
    title,
    cell: (row) => pick(row),
    total: (rows) => total(rows, pick),
  });
  /** Money by card and from the wallet: the sum, with the two parts under it. */
  const split = (title: string, card: keyof Money, wallet: keyof Money): ReportColumn => {
    const show = (cardAmount: number, walletAmount: number) => {
      const byCard = format.money(cardAmount);
      const fromWallet = format.money(walletAmount);
      return (
        <>
          {format.money(cardAmount + walletAmount)}
          {cardAmount + walletAmount > 0 && <span className="report-split">{t`Card ${byCard} · wallet ${fromWallet}`}</span>}
        </>
      );
    };
    return {
      title,
      cell: (row) => show(row.money[card], row.money[wallet]),
      total: (rows) => show(total(rows, (r) => r.money[card]), total(rows, (r) => r.money[wallet])),
    };
  };
  const money = (title: string, key: keyof Money): ReportColumn => ({
    title,
    cell: (row) => format.money(row.money[key]),
    total: (rows) => format.money(total(rows, (r) => r.money[key])),
  });
  return {
    covers: [count(t`Covers`, (r) => r.covers), count(t`Seated`, (r) => r.seatedCovers), count(t`Bookings`, (r) => r.bookings)],
    losses: [
      count(t`No-shows`, (r) => r.noShows),
      count(t`Cancelled by guest`, (r) => r.cancelledByGuest),
      count(t`Cancelled by staff`, (r) => r.cancelledByStaff),
    ],
    money: [
      split(t`Deposits`, 'depositCard', 'depositWallet'),
      split(t`Prepayments`, 'prepaymentCard', 'prepaymentWallet'),
      split(t`No-show fees`, 'noShowFeeCard', 'noShowFeeWallet'),
      money(t`Taken`, 'taken'),
      split(t`Refunded`, 'refundCard', 'refundWallet'),
    ],
  };
}

function usePeriodName(by: ReportSelection['by']): (p: PeriodRows) => string {
  const { t } = useLingui();
  const format = useFormats();
  return (p) => {
    if (by === 'day') return format.date(p.from, { weekday: true });
    const first = format.date(p.from);
    const last = format.date(p.to);
    return t`${first} – ${last}`;
  };
}

export function StaffReports({ scope, query }: { scope: StaffScope; query: Record<string, string> }) {
  const { t } = useLingui();
  const today = useServerToday();
  const venues = venuesFor(scope.user);
  const selection = reportSelection(query, venues, scope.isAdmin, today);
  const params = apiQuery(selection);
  const report = useApiQuery(staffReportKey(params), () => unwrap(staffApi.GET('/admin/report', { params: { query: params } })).then((body) => body.data));
  const columns = useColumns();
  const periodName = usePeriodName(selection.by);
  const fileName = `report-${selection.venue?.domain ?? 'all'}-${selection.from}-${selection.to}-${selection.by}.csv`;

  return (
    <>
      <ReportControls
        key={new URLSearchParams(params).toString()}
        selection={selection}
        venues={venues}
        isAdmin={scope.isAdmin}
        onChange={(next) => redirectTo('staff-reports', selectionQuery(next))}
      />
      <div className="report-download">
        <DownloadButton
          label={t`Download CSV`}
          failure={t`The report could not be downloaded.`}
          load={() => downloadedFile(staffApi.GET('/admin/report.csv', { params: { query: params }, parseAs: 'blob' }), fileName)}
        />
      </div>
      {report.status === 'loading' && <p className="muted">{t`Loading the report…`}</p>}
      {report.status === 'error' && (
        <p className="form-error">
          {t`The report could not be loaded.`}{' '}
          <button type="button" className="button" onClick={report.reload}>
            {t`Try again`}
          </button>
        </p>
      )}
      {report.status === 'ready' && <ReportFigures rows={report.data.rows} selection={selection} columns={columns} periodName={periodName} />}
      <NoShowRates params={params} fileName={`no-shows-${selection.venue?.domain ?? 'all'}-${selection.from}-${selection.to}.csv`} />
      <FeedbackAverages params={params} />
      {selection.venue && <WalkInQuoteReport venueId={selection.venue.value} from={selection.from} to={selection.to} />}
    </>
  );
}

function ReportFigures({
  rows,
  selection,
  columns,
  periodName,
}: {
  rows: readonly ReportRow[];
  selection: ReportSelection;
  columns: ReturnType<typeof useColumns>;
  periodName(p: PeriodRows): string;
}) {
  const { t } = useLingui();
  const periods = byPeriod(rows);
  const showVenue = selection.venue === null;
  const venueIds = [...new Set(rows.map((r) => r.venueId))];
  return (
    <>
      <Section title={t`Covers`}>
        <div className="report-layout">
          <CoversChart rows={rows} by={selection.by} periodName={periodName} venueIds={venueIds} />
          <ReportTable caption={t`Covers and bookings`} periods={periods} showVenue={showVenue} periodName={periodName} columns={columns.covers} />
        </div>
      </Section>
      <Section title={t`No-shows and cancellations`}>
        <ReportTable caption={t`No-shows and cancellations`} periods={periods} showVenue={showVenue} periodName={periodName} columns={columns.losses} />
      </Section>
      <Section title={t`Money`}>
        <p className="muted">{t`Counted on the day the money moved; covers and bookings on the day of the booking.`}</p>
        <ReportTable caption={t`Money taken and refunded`} periods={periods} showVenue={showVenue} periodName={periodName} columns={columns.money} />
      </Section>
    </>
  );
}
