/** The report as a CSV download: the JSON answer's rows, a header row in the reader's language, amounts in HKD. */
import type { I18n } from '@lingui/core';
import { decimalHkd, toCsv } from '../../lib/csv';
import type { ReportMoney, VenueReportDto, VenueReportRow } from './venue-report';

type Column = { title: string; value: (row: VenueReportRow) => string };

const count = (pick: (row: VenueReportRow) => number) => (row: VenueReportRow) => String(pick(row));
const money = (key: keyof ReportMoney) => (row: VenueReportRow) => decimalHkd(row.money[key]);

// The English titles are the catalog's ids (`npm run extract` finds them by the marker).
const COLUMNS: readonly Column[] = [
  { title: /*i18n*/ 'Venue', value: (row) => row.venueName },
  { title: /*i18n*/ 'Period', value: (row) => row.period },
  { title: /*i18n*/ 'From', value: (row) => row.from },
  { title: /*i18n*/ 'To', value: (row) => row.to },
  { title: /*i18n*/ 'Bookings', value: count((row) => row.bookings) },
  { title: /*i18n*/ 'Covers', value: count((row) => row.covers) },
  { title: /*i18n*/ 'Seated covers', value: count((row) => row.seatedCovers) },
  { title: /*i18n*/ 'No-shows', value: count((row) => row.noShows) },
  { title: /*i18n*/ 'Cancelled by guest', value: count((row) => row.cancelledByGuest) },
  { title: /*i18n*/ 'Cancelled by staff', value: count((row) => row.cancelledByStaff) },
  { title: /*i18n*/ 'Deposits by card (HKD)', value: money('depositCard') },
  { title: /*i18n*/ 'Deposits from wallet (HKD)', value: money('depositWallet') },
  { title: /*i18n*/ 'Prepayments by card (HKD)', value: money('prepaymentCard') },
  { title: /*i18n*/ 'Prepayments from wallet (HKD)', value: money('prepaymentWallet') },
  { title: /*i18n*/ 'No-show fees by card (HKD)', value: money('noShowFeeCard') },
  { title: /*i18n*/ 'No-show fees from wallet (HKD)', value: money('noShowFeeWallet') },
  { title: /*i18n*/ 'Taken (HKD)', value: money('taken') },
  { title: /*i18n*/ 'Refunded to card (HKD)', value: money('refundCard') },
  { title: /*i18n*/ 'Refunded to wallet (HKD)', value: money('refundWallet') },
  { title: /*i18n*/ 'Refunded (HKD)', value: money('refunded') },
];

/** The CSV text of a report whose venue names are already in the reader's language. */
export function reportCsv(report: VenueReportDto, i18n: I18n): string {
  return toCsv(
    COLUMNS.map((column) => i18n._(column.title)),
    report.rows.map((row) => COLUMNS.map((column) => column.value(row))),
  );
}

/** The download's file name: `report-<venue or all>-<from>-<to>-<by>.csv`. */
export function reportFileName(report: VenueReportDto, venueDomain: string | null): string {
  return `report-${venueDomain ?? 'all'}-${report.from}-${report.to}-${report.by}.csv`;
}
