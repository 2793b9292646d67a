/**
 * What protects a booking, in the host's words (docs/PRODUCT.md §6): reconfirmed (when and how), asked and
 * not reconfirmed yet, and staff's last call with what it came to (the call list's own outcome words,
 * reconfirmation/call-outcomes.ts). The list shows a sign with the short word; the sheet the lines.
 */
import { useLingui } from '@lingui/react/macro';
import { hongKongDate, hongKongMinutes } from '../../../common/time';
import { useFormats } from '../../i18n/use-formats';
import { CALL_OUTCOME_LABELS } from '../reconfirmation/call-outcomes';
import type { StandParty } from './stand-calls';

type Reconfirmation = NonNullable<StandParty['reconfirmation']>;

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
  const { time, dateTime } = useFormats();
  return (r: StandParty['reconfirmation'], date: string): ReconfirmationWords | null => {
    if (!r) return null;
    // On the stand's own day the time says it; an earlier day is named.
    const at = (iso: string) => (hongKongDate(new Date(iso)) === date ? time(hongKongMinutes(new Date(iso))) : dateTime(iso));
    const state = (rc: Reconfirmation): string => {
      if (!rc.reconfirmedAt) {
        if (!rc.askedAt) return t`Not reconfirmed yet`;
        const asked = at(rc.askedAt);
        return t`Asked to reconfirm at ${asked}: not reconfirmed yet`;
      }
      const when = at(rc.reconfirmedAt);
      switch (rc.via) {
        case 'LINK':
          return t`Reconfirmed by link at ${when}`;
        case 'SMS':
          return t`Reconfirmed by text at ${when}`;
        case 'WHATSAPP':
          return t`Reconfirmed by WhatsApp at ${when}`;
        case 'PHONE':
          return t`Reconfirmed by phone at ${when}`;
        default:
          return t`Reconfirmed at ${when}`;
      }
    };
    const lines = [state(r)];
    if (r.lastCall) {
      const outcome = i18n._(CALL_OUTCOME_LABELS[r.lastCall.outcome]);
      const called = at(r.lastCall.at);
      lines.push(t`Last call at ${called}: ${outcome}`);
    }
    return r.reconfirmedAt ? { sign: '✓', short: t`Reconfirmed`, lines } : { sign: '?', short: t`Not reconfirmed`, lines };
  };
}
