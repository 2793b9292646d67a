/**
 * Covers per day or week as an inline SVG bar chart (no chart library: the staff bundle stays small),
 * a bar per period stacked by venue. Its text alternative says the total and the busiest period; the
 * table beside it holds every figure.
 */
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { intlLocale } from '../../../common/intl-locale';
import { byPeriod, total, type PeriodRows, type ReportRow } from './report-periods';

const WIDTH = 720;
const HEIGHT = 260;
const PLOT = { left: 44, right: 8, top: 12, bottom: 36 };
// One colour per venue, in the venues' order (reports.css: classes, since the CSP allows no inline style).
const venueClass = (index: number) => `report-venue-${index % 4}`;

/** A round number at or above the highest bar, so the scale's ticks read easily. */
function niceCeiling(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= value / 4)! * magnitude;
  return Math.ceil(value / step) * step;
}

function useAxisLabel(by: 'day' | 'week'): (p: PeriodRows) => string {
  const { i18n } = useLingui();
  const dayMonth = new Intl.DateTimeFormat(intlLocale(i18n.locale), { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  return (p) => (by === 'week' ? p.period.slice(5) : dayMonth.format(new Date(`${p.from}T00:00:00Z`)));
}

export function CoversChart({
  rows,
  by,
  periodName,
  venueIds,
}: {
  rows: readonly ReportRow[];
  by: 'day' | 'week';
  /** A period as the page names it ('Mon 23 Nov 2026', '23 Nov – 29 Nov 2026'). */
  periodName(p: PeriodRows): string;
  /** The venues shown, in order (their colours). */
  venueIds: readonly string[];
}) {
  const { t } = useLingui();
  const id = useId();
  const axisLabel = useAxisLabel(by);
  const periods = byPeriod(rows);
  const totals = periods.map((p) => total(p.rows, (r) => r.covers));
  const max = niceCeiling(Math.max(0, ...totals));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, periods.length);
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  const y = (value: number) => PLOT.top + plotHeight - (value / max) * plotHeight;
  // Every label when they fit, else about eight of them.
  const labelEvery = periods.length <= 16 ? 1 : Math.ceil(periods.length / 8);

  const sum = totals.reduce((a, b) => a + b, 0);
  const busiest = periods[totals.indexOf(Math.max(...totals))];
  const title = by === 'week' ? t`Covers by week` : t`Covers by day`;
  const most = Math.max(0, ...totals);
  const busiestName = busiest ? periodName(busiest) : '';
  const summary = sum === 0 ? t`No covers in these days.` : t`${sum} covers in all; the most, ${most}, in ${busiestName}. The table gives every figure.`;
  const names = new Map(rows.map((r) => [r.venueId, r.venueName]));

  return (
    <figure className="report-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="report-chart__svg">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(tick)} y2={y(tick)} className="report-chart__grid" />
            <text x={PLOT.left - 6} y={y(tick) + 4} textAnchor="end" className="report-chart__tick">
              {tick}
            </text>
          </g>
        ))}
        {periods.map((p, i) => {
          const x = PLOT.left + slot * i + (slot - barWidth) / 2;
          let base = 0;
          return (
            <g key={p.period}>
              {venueIds.map((venueId, v) => {
                const covers = p.rows.find((r) => r.venueId === venueId)?.covers ?? 0;
                if (covers === 0) return null;
                const top = base + covers;
                const rect = <rect key={venueId} x={x} width={barWidth} y={y(top)} height={y(base) - y(top)} className={venueClass(v)} />;
                base = top;
                return rect;
              })}
              {i % labelEvery === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - PLOT.bottom + 16} textAnchor="middle" className="report-chart__tick">
                  {axisLabel(p)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {venueIds.length > 1 && (
        <figcaption>
          <ul className="report-chart__legend">
            {venueIds.map((venueId, v) => (
              <li key={venueId}>
                <span className={`report-chart__swatch ${venueClass(v)}`} aria-hidden="true" />
                {names.get(venueId)}
              </li>
            ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}
