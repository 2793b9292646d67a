/** The no-show report as a CSV download: one row a group, its header row and group names in the reader's language, rates in per cent. */
import type { I18n } from '@lingui/core';
import { toCsv } from '../../lib/csv';
import type { NoShowFigures, NoShowReport } from './no-show-report';

// The English texts are the catalog's ids (`npm run extract` finds them by the marker).
const HEADER = [/*i18n*/ 'Grouping', /*i18n*/ 'Group', /*i18n*/ 'Bookings', /*i18n*/ 'No-shows', /*i18n*/ 'No-show rate (%)', /*i18n*/ 'Late cancellations', /*i18n*/ 'Late-cancellation rate (%)'];
const GROUPINGS = { total: /*i18n*/ 'All bookings', byPolicy: /*i18n*/ 'Policy', byChannel: /*i18n*/ 'Channel', byGuest: /*i18n*/ 'Member or guest' } as const;
const GROUP_NAMES: Record<string, string> = {
  all: /*i18n*/ 'All',
  none: /*i18n*/ 'No deposit',
  deposit: /*i18n*/ 'Deposit',
  guarantee: /*i18n*/ 'Card guarantee',
  prepayment: /*i18n*/ 'Prepayment',
  online: /*i18n*/ 'Online',
  phone: /*i18n*/ 'Phone',
  'walk-in': /*i18n*/ 'Walk-in',
  member: /*i18n*/ 'Members',
  guest: /*i18n*/ 'Guests',
};

const percent = (value: number | null) => (value === null ? '' : (value * 100).toFixed(1));

export function noShowCsv(report: NoShowReport, i18n: I18n): string {
  const line = (grouping: string, f: NoShowFigures) => [
    i18n._(grouping),
    i18n._(GROUP_NAMES[f.group] ?? f.group),
    String(f.bookings),
    String(f.noShows),
    percent(f.noShowRate),
    String(f.lateCancellations),
    percent(f.lateCancellationRate),
  ];
  return toCsv(
    HEADER.map((title) => i18n._(title)),
    [
      line(GROUPINGS.total, report.total),
      ...report.byPolicy.map((f) => line(GROUPINGS.byPolicy, f)),
      ...report.byChannel.map((f) => line(GROUPINGS.byChannel, f)),
      ...report.byGuest.map((f) => line(GROUPINGS.byGuest, f)),
    ],
  );
}

export const noShowFileName = (report: NoShowReport, venueDomain: string | null) => `no-shows-${venueDomain ?? 'all'}-${report.from}-${report.to}.csv`;
