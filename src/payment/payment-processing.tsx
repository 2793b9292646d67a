/**
 * What the payment step shows while a payment is under way (the card with the processor, the bank's
 * answer, the server's word): a spinner and words in a live region, never a blank page (docs/PRODUCT.md §9).
 */
import type { ReactNode } from 'react';

export function PaymentProcessing({ children }: { children: ReactNode }) {
  return (
    <div className="payment-processing" role="status" aria-live="polite">
      <span className="loading__spinner" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
