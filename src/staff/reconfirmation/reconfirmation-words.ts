/**
 * A booking's reconfirmation in staff's words (docs/PRODUCT.md §4, no-shows), one wording for the day
 * sheet and the host stand: how and when the guest reconfirmed ("Reconfirmed by link at 12:03 pm"), or
 * that they were asked and have not answered. A time on the sheet's own day is said as a time; an earlier
 * day (the ask goes out the day before) is named.
 */
import { useLingui } from '@lingui/react/macro';
import type { Schemas } from '../../../common/api/schemas';
import { hongKongDate, hongKongMinutes } from '../../../common/time';
import { useFormats } from '../../i18n/use-formats';

export interface ReconfirmationFacts {
  askedAt?: string | null;
  reconfirmedAt?: string | null;
  via?: Schemas['DaySheetBooking']['reconfirmedVia'];
}

/** `words.state(facts, date)`: the booking's reconfirmation state; `words.at(iso, date)`: a moment as the sheet says it. */
export function useReconfirmationState() {
  const { t } = useLingui();
  const { time, dateTime } = useFormats();
  const at = (iso: string, date: string) => (hongKongDate(new Date(iso)) === date ? time(hongKongMinutes(new Date(iso))) : dateTime(iso));
  const state = (facts: ReconfirmationFacts, date: string): string => {
    if (!facts.reconfirmedAt) {
      if (!facts.askedAt) return t`Not reconfirmed yet`;
      const asked = at(facts.askedAt, date);
      return t`Asked to reconfirm at ${asked}: not reconfirmed yet`;
    }
    const when = at(facts.reconfirmedAt, date);
    switch (facts.via) {
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
  return { state, at };
}
