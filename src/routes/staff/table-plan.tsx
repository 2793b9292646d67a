/** The table plan (/pages/staff/table-plan?venue=…&date=…): every table free, held, booked or seated at a time, and the host stand's actions. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { StaffShell } from '../../staff/staff-shell';
import { TablePlanPage } from '../../staff/book/table-plan-page';

export default function StaffTablePlanPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="table-plan" title={t`Table plan`} query={query}>
      {({ venue, date }) => <TablePlanPage key={`${venue.domain}|${date}`} venue={venue} date={date} />}
    </StaffShell>
  );
}
