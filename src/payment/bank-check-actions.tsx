/**
 * The buttons of the bank's 3-D Secure check, for a payment or a card being saved: Stripe's own (its check in
 * its window, resumed after a reload), or the test processor's approve and fail.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, type ReactNode } from 'react';
import type { PaymentConfig, PaymentIntent } from '../../machines/payment.machine';
import { StripeBankCheckButton } from './stripe-lazy';

interface Props {
  config: PaymentConfig | null;
  /** The intent's or the setup's; Stripe's button needs it. */
  clientSecret: string | null;
  /** The test processor's approve button: "Confirm payment", "Confirm card". */
  approveLabel: string;
  onApprove(resume?: () => Promise<PaymentIntent>): void;
  onFail(): void;
  /** Further actions of the step, after these (the payment's "Pay with another card"). */
  children?: ReactNode;
}

export function BankCheckActions({ config, clientSecret, approveLabel, onApprove, onFail, children }: Props) {
  const { t } = useLingui();
  return (
    <div className="actions">
      {config?.provider === 'stripe' ? (
        clientSecret && (
          <Suspense fallback={null}>
            <StripeBankCheckButton publishableKey={config.publishableKey} clientSecret={clientSecret} label={t`Continue with your bank`} onResume={onApprove} />
          </Suspense>
        )
      ) : (
        <>
          <button type="button" className="button button--primary" onClick={() => onApprove()}>
            {approveLabel}
          </button>
          <button type="button" className="button" onClick={onFail}>
            <Trans>Fail authentication</Trans>
          </button>
        </>
      )}
      {children}
    </div>
  );
}
