/**
 * Set-up (/pages/staff/setup?venue=…&tab=…): a venue's texts, services, pictures and menus; its dining
 * areas and tables; its pacing and turn times; one tab each, the tab in the address.
 */
import { useLingui } from '@lingui/react/macro';
import { redirectTo } from '../../navigation/navigator';
import type { PageProps } from '../../navigation/routes';
import { SetupTabs, setupTabOf } from '../../staff/setup/setup-tabs';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffSetupPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="setup" title={t`Set-up`} query={query}>
      {({ venue, isAdmin }) => (
        <SetupTabs key={venue.value} venue={venue} isAdmin={isAdmin} tab={setupTabOf(query.tab)} onTab={(tab) => redirectTo('staff-setup', { ...query, tab })} />
      )}
    </StaffShell>
  );
}
