/** Closures (/pages/staff/closures?venue=…&date=…): close a venue, dining area or service for days. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { ClosuresView } from '../../staff/closures/closures-view';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffClosuresPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="closures" title={t`Closures`} query={query}>
      {({ venue, date }) => <ClosuresView key={`${venue.value}-${date}`} venue={venue} date={date} />}
    </StaffShell>
  );
}
