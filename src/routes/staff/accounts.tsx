/** Staff accounts (/pages/staff/accounts, admins only): the club's admins and venue staff. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffAccountsPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="accounts" title={t`Staff accounts`} query={query}>
      {() => null}
    </StaffShell>
  );
}
