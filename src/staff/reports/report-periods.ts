/** The report's rows gathered by period (every venue's row of a day or week together), in time order. */
import type { components } from '../../../common/api/schema';

export type ReportRow = components['schemas']['VenueReportRow'];

export interface PeriodRows {
  period: string;
  from: string;
  to: string;
  rows: ReportRow[];
}

export function byPeriod(rows: readonly ReportRow[]): PeriodRows[] {
  const periods = new Map<string, PeriodRows>();
  for (const row of rows) {
    const entry = periods.get(row.period) ?? { period: row.period, from: row.from, to: row.to, rows: [] };
    entry.rows.push(row);
    periods.set(row.period, entry);
  }
  return [...periods.values()].sort((a, b) => a.from.localeCompare(b.from));
}

/** The sum of a figure over rows. */
export const total = (rows: readonly ReportRow[], pick: (row: ReportRow) => number): number => rows.reduce((sum, row) => sum + pick(row), 0);
