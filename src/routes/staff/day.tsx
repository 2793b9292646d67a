/** The day sheet (/pages/staff/day?venue=…&date=…): a venue's day by service and seating. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffDayPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="day" title={t`Day sheet`} query={query}>
      {({ venue, date }) => <p className="muted">{`${venue.title} · ${date}`}</p>}
    </StaffShell>
  );
}
