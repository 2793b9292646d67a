/** Privacy (/pages/staff/privacy, admins only): guests' erasure requests to carry out, and the retention setting. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { ErasureRequests } from '../../staff/privacy/erasure-requests';
import { RetentionSetting } from '../../staff/privacy/retention-setting';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffPrivacyPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="privacy" title={t`Privacy`} query={query}>
      {() => (
        <>
          <ErasureRequests />
          <RetentionSetting />
        </>
      )}
    </StaffShell>
  );
}
