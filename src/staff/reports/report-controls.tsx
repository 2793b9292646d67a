/** The report's choices: venue (admins: every venue too), the first and last day, and by day or by week. */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { MAX_REPORT_DAYS, type ReportPeriod } from '../../../common/report-range';
import type { Venue } from '../../../common/venues';
import { FormMessage } from '../../components/form';
import { ALL_VENUES, rangeProblem, type ReportSelection } from './report-selection';

export function ReportControls({
  selection,
  venues,
  isAdmin,
  onChange,
}: {
  selection: ReportSelection;
  venues: readonly Venue[];
  isAdmin: boolean;
  onChange(next: ReportSelection): void;
}) {
  const { t } = useLingui();
  const [venue, setVenue] = useState(selection.venue?.domain ?? ALL_VENUES);
  const [from, setFrom] = useState(selection.from);
  const [to, setTo] = useState(selection.to);
  const [by, setBy] = useState<ReportPeriod>(selection.by);
  const [error, setError] = useState<string | null>(null);

  const problems = {
    invalid: t`Enter the first and the last day as dates.`,
    backwards: t`The last day must be on or after the first day.`,
    'too-long': t`A report covers at most ${MAX_REPORT_DAYS} days.`,
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = rangeProblem(from, to);
    setError(problem && problems[problem]);
    if (!problem) onChange({ venue: venues.find((v) => v.domain === venue) ?? null, from, to, by });
  }

  return (
    <form className="staff-scope report-controls" onSubmit={submit} noValidate aria-label={t`Report`}>
      <label className="staff-scope__field">
        <span>{t`Venue`}</span>
        <select value={venue} disabled={venues.length < 2 && !isAdmin} onChange={(e) => setVenue(e.target.value)}>
          {isAdmin && <option value={ALL_VENUES}>{t`All venues`}</option>}
          {venues.map((v) => (
            <option key={v.domain} value={v.domain}>
              {v.title}
            </option>
          ))}
        </select>
      </label>
      <label className="staff-scope__field">
        <span>{t`First day`}</span>
        <input type="date" value={from} required onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label className="staff-scope__field">
        <span>{t`Last day`}</span>
        <input type="date" value={to} required onChange={(e) => setTo(e.target.value)} />
      </label>
      <label className="staff-scope__field">
        <span>{t`Figures by`}</span>
        <select value={by} onChange={(e) => setBy(e.target.value === 'week' ? 'week' : 'day')}>
          <option value="day">{t`Day`}</option>
          <option value="week">{t`Week`}</option>
        </select>
      </label>
      <button type="submit" className="button button--primary">
        {t`Show report`}
      </button>
      <FormMessage error={error} />
    </form>
  );
}
