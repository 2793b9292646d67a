/** The reconciliation with Stripe (/pages/staff/reconciliation, admins only): a day's differences, its CSV, and running it again. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { StripeReconciliation } from '../../staff/reconciliation/stripe-reconciliation';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffReconciliationPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="reconciliation" title={t`Stripe reconciliation`} query={query}>
      {() => <StripeReconciliation />}
    </StaffShell>
  );
}
