/** The words for what went wrong on a booking step (docs/PRODUCT.md §8's texts). */
import { useLingui } from '@lingui/react/macro';
import type { Problem } from '../../machines/booking/booking.machine';
import { useClosedDayText } from './closed-day-text';
import { COMPLETION_ERRORS, type CompletionErrorCode } from '../../common/api/error-codes';
import { useMessageText } from '../i18n/message-text';
import { useFormats } from '../i18n/use-formats';
import { useMembersTimesList } from './members-times-text';

export function useProblemText(): (problem: Problem | null) => string | null {
  const { t } = useLingui();
  const ownTexts: Partial<Record<number, string>> = {
    1010102: t`Unable to fetch Reservations`,
    1010104: t`You have reached your limit of active Reservations`,
    1010105: t`You have reached your annual limit of Reservations`,
    10202: t`Your reservation has expired. Please make a new reservation`,
    10203: t`It's too late to confirm this reservation. Please make a new reservation`,
    10205: t`A mobile number is required to complete your reservation`,
    10208: t`You have an overlapping Reservation at another venue`,
  };
  const closedText = useClosedDayText();
  const format = useFormats();
  const membersTimes = useMembersTimesList();
  return (problem) => {
    if (!problem) return null;
    switch (problem.kind) {
      case 'no-availability':
        return t`No Availability`;
      case 'no-timeslot':
        return t`No time slot available`;
      case 'closed':
        return closedText(problem.reason);
      case 'unavailable':
        return t`Sorry, your selection is unavailable`;
      case 'expired':
        return t`Reservation expired`;
      case 'failed':
        return t`Reservation failed`;
      case 'call':
        return problem.message || t`An error occurred!`;
      case 'members-first': {
        // Booking rules by membership (common/membership-rules.ts): the day opens to members first.
        const date = format.date(problem.date);
        const guestsFrom = format.date(problem.guestsFrom);
        return t`Members can book ${date} now. Guests can book it from ${guestsFrom}: log in as a member, or choose an earlier date.`;
      }
      case 'members-times': {
        // Member-only times (common/membership-rules.ts): the day's services for members, with their hours.
        const times = membersTimes(problem.times);
        return t`Members can book ${times} on this day. Please choose another day, or log in as a member.`;
      }
      case 'experience-party-size': {
        const { min, max } = problem;
        return t`This experience is for parties of ${min} to ${max} guests. Please choose another party size or experience.`;
      }
      case 'completion': {
        const code = problem.code;
        const known = COMPLETION_ERRORS[code as CompletionErrorCode];
        if (known?.ownText) return ownTexts[code] ?? known.message;
        return t`There was an error when trying to make the reservation. Error code: ${code}`;
      }
    }
  };
}

/** What follows 'Reservation failed': the server's words, or why no answer came, in the user's language. */
export function useProblemDetail(): (problem: Problem | null) => string | null {
  const translate = useMessageText();
  return (problem) => (problem?.kind === 'failed' && translate(problem.message)) || null;
}
