/**
 * What a change will cost, shown in the change form before the guest saves: the server's quote of the
 * draft (POST …/quote: nothing is saved), with the new amount due, what was paid and the difference, to
 * pay first or to come back as the cancellation policy allows.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { components } from '../../common/api/schema';
import { useFormats } from '../i18n/use-formats';

export type ChangeQuote = components['schemas']['ChangeQuote'];

/** The change asked about: the draft with its time picked. */
export interface QuotedChange {
  date: string;
  startTime: number;
  numberOfGuests: number;
}

/** Asks the server for the quote of a change (the app's own call, or the manage link's). */
export type QuoteChange = (change: QuotedChange) => Promise<ChangeQuote>;

/** The quote of `change` (null while none is asked or the answer is on its way, or when it failed: saving says why). */
export function useChangeQuote(quote: QuoteChange | undefined, change: QuotedChange | null): ChangeQuote | null {
  const [answer, setAnswer] = useState<{ id: string; quote: ChangeQuote } | null>(null);
  const id = change && JSON.stringify(change);
  useEffect(() => {
    if (!quote || !change || !id) return;
    let live = true;
    quote(change).then(
      (q) => live && setAnswer({ id, quote: q }),
      () => live && setAnswer(null),
    );
    return () => {
      live = false;
    };
    // The change is followed by its id: a new object every render asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quote, id]);
  return answer && answer.id === id ? answer.quote : null;
}

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
