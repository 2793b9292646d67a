/** The host stand (/pages/staff/host-stand?venue=…&date=…): the service's floor and parties on one screen. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { StaffShell } from '../../staff/staff-shell';
import { HostStandPage } from '../../staff/host-stand/host-stand-page';

export default function StaffHostStandPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="host-stand" title={t`Host stand`} query={query}>
      {({ venue, date }) => <HostStandPage key={`${venue.domain}|${date}`} venueId={venue.value} date={date} />}
    </StaffShell>
  );
}
