/**
 * What a change will cost, shown in the change form before the guest saves: the server's quote of the
 * draft (asked by the manage chart; nothing is saved), with the new amount due, what was paid and the
 * difference, to pay first or to come back as the cancellation policy allows.
 */
import { Trans } from '@lingui/react/macro';
import type { components } from '../../common/api/schema';
import { useFormats } from '../i18n/use-formats';

export type ChangeQuote = components['schemas']['ChangeQuote'];

/** The quote in words: the new amount due, what was paid, and the difference to pay or to come back. */
export function ChangeQuoteLines({ quote, deposit }: { quote: ChangeQuote; deposit: boolean }) {
  const { money } = useFormats();
  const due = money(quote.amountDue);
  const paid = money(quote.paid);
  const more = money(quote.difference);
  const less = money(-quote.difference);
  if (quote.amountDue === 0 && quote.paid === 0 && quote.owed === 0) return null;
  return (
    <div className="change-quote" role="status">
      <p>{deposit ? <Trans>New deposit: {due}. Paid so far: {paid}.</Trans> : <Trans>New prepayment: {due}. Paid so far: {paid}.</Trans>}</p>
      {quote.difference > 0 && (
        <p>
          <Trans>Difference to pay before the change is made: {more}.</Trans>
        </p>
      )}
      {quote.difference < 0 && (
        <p>
          <Trans>Difference to come back as the cancellation policy allows: {less}.</Trans>
        </p>
      )}
      {quote.difference === 0 && (
        <p>
          <Trans>Nothing more to pay.</Trans>
        </p>
      )}
    </div>
  );
}
