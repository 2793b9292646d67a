/** A table of the report's figures: a row per period (and venue), a column per figure, the totals below. */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PeriodRows, ReportRow } from './report-periods';
import { ScrollingTable } from '../scrolling-table';

export interface ReportColumn {
  title: string;
  cell(row: ReportRow): ReactNode;
  /** The column's total over the rows. */
  total(rows: readonly ReportRow[]): ReactNode;
}

export function ReportTable({
  caption,
  periods,
  showVenue,
  periodName,
  columns,
}: {
  caption: string;
  periods: readonly PeriodRows[];
  showVenue: boolean;
  periodName(p: PeriodRows): string;
  columns: readonly ReportColumn[];
}) {
  const { t } = useLingui();
  const rows = periods.flatMap((p) => p.rows);
  return (
    <ScrollingTable>
      <table className="staff-table report-table">
        <caption className="report-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Period`}</th>
            {showVenue && <th scope="col">{t`Venue`}</th>}
            {columns.map((c) => (
              <th key={c.title} scope="col" className="report-number">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {periods.flatMap((p) =>
            p.rows.map((row) => (
              <tr key={`${p.period}-${row.venueId}`}>
                <th scope="row" data-label={t`Period`}>
                  {periodName(p)}
                </th>
                {showVenue && <td data-label={t`Venue`}>{row.venueName}</td>}
                {columns.map((c) => (
                  <td key={c.title} className="report-number" data-label={c.title}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            )),
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={showVenue ? 2 : 1}>
              {t`Total`}
            </th>
            {columns.map((c) => (
              <td key={c.title} className="report-number" data-label={c.title}>
                {c.total(rows)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </ScrollingTable>
  );
}
