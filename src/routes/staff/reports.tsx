/** The report (/pages/staff/reports?venue=…&from=…&to=…&by=day|week): covers, no-shows, cancellations and money. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { StaffReports } from '../../staff/reports/staff-reports';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffReportsPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="reports" title={t`Reports`} query={query}>
      {(scope) => <StaffReports scope={scope} query={query} />}
    </StaffShell>
  );
}
