/**
 * A payment, or a card being saved, that cannot go on: why (the chart's problem, then the server's own words
 * when it gave any), and Try again, which sends the chart's `retry`. The payment and the card guarantee panels
 * both end here.
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useMessageText } from '../i18n/message-text';

export function PaymentFailed({ problem, refusal, onRetry, children }: { problem: string; refusal?: string | null; onRetry(): void; children?: ReactNode }) {
  const translate = useMessageText();
  return (
    <div>
      {children}
      <p className="form-error" role="alert">
        {problem}
        {refusal && (
          <>
            <br />
            {translate(refusal)}
          </>
        )}
      </p>
      <button type="button" className="button button--primary button--block" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
