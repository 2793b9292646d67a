/** Set-up (/pages/staff/setup?venue=…): admins lay out a venue's dining areas and tables and set its pacing. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { SetupView } from '../../staff/setup/setup-view';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffSetupPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="setup" title={t`Set-up`} query={query}>
      {({ venue }) => <SetupView key={venue.value} venue={venue} />}
    </StaffShell>
  );
}
