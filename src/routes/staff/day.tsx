/** The day sheet (/pages/staff/day?venue=…&date=…): a venue's day by service and seating, live. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { DaySheetView } from '../../staff/day-sheet';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffDayPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="day" title={t`Day sheet`} query={query}>
      {({ venue, date }) => <DaySheetView key={`${venue.value}-${date}`} venue={venue} date={date} />}
    </StaffShell>
  );
}
