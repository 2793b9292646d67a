/**
 * What protects a booking, in the host's words (docs/PRODUCT.md §6): reconfirmed (when and how), asked and
 * not reconfirmed yet, and staff's last call with what it came to (the call list's own outcome words,
 * reconfirmation/call-outcomes.ts). The list shows a sign with the short word; the sheet the lines.
 */
import { useLingui } from '@lingui/react/macro';
import { CALL_OUTCOME_LABELS } from '../reconfirmation/call-outcomes';
import { useReconfirmationState } from '../reconfirmation/reconfirmation-words';
import type { StandParty } from './stand-calls';

export interface ReconfirmationWords {
  /** ✓ reconfirmed, ? asked and not yet. */
  sign: string;
  /** One or two words for the list. */
  short: string;
  /** The sheet's lines: the state, then the last call. */
  lines: string[];
}

/** `words(reconfirmation, date)`: null when the guest was never asked and never reconfirmed. */
export function useReconfirmationWords() {
  const { t, i18n } = useLingui();
  const { state, at } = useReconfirmationState();
  return (r: StandParty['reconfirmation'], date: string): ReconfirmationWords | null => {
    if (!r) return null;
    const lines = [state(r, date)];
    if (r.lastCall) {
      const outcome = i18n._(CALL_OUTCOME_LABELS[r.lastCall.outcome]);
      const called = at(r.lastCall.at, date);
      lines.push(t`Last call at ${called}: ${outcome}`);
    }
    return r.reconfirmedAt ? { sign: '✓', short: t`Reconfirmed`, lines } : { sign: '?', short: t`Not reconfirmed`, lines };
  };
}
