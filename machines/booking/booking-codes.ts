/**
 * The booking chart's problem and code tables: what the guest is told went wrong on a step (`Problem`),
 * why a warning page is shown (`WarningKind`), and docs/PRODUCT.md §8's completion and error codes mapped
 * to what the chart does with them (a warning page, a hold that is gone, a mobile to verify again). The
 * chart's guards and actions for those branches read these tables, so a code's branch is decided here.
 */
import type { EventObject } from 'xstate';
import type { ClosureReason } from '../../common/validation/closure-validation';
import { COMPLETION_CODES, ERROR_CODES } from '../../common/api/error-codes';
import { callErrorOf } from '../actor-event';
import type { CallError } from '../call-error';
import type { components } from '../../common/api/schema';

/** A service of the day searched for that only members may book (the server names it to a guest). */
export type MembersOnlyTime = NonNullable<components['schemas']['Availability']['membersOnlyTimes']>[number];

/** Why the guest is on the warning page. */
export type WarningKind =
  | 'party-too-large' // above the venue's online maximum: the reservations team takes it
  | 'members-only' // COMPLETION_CODES.NOT_A_MEMBER
  | 'overlap' // COMPLETION_CODES.OVERLAP
  | 'active-limit' // COMPLETION_CODES.ACTIVE_LIMIT
  | 'annual-limit'; // COMPLETION_CODES.ANNUAL_LIMIT

/** The warning page's reason, the server's words, and whom to call. */
export type Warning = { kind: WarningKind; message: string; contact?: CallError['contact'] };

/** What the guest sees about the last thing that went wrong on the current step. */
export type Problem =
  | { kind: 'no-availability' } // 'No Availability': the experience is not served that day
  | { kind: 'no-timeslot' } // 'No time slot available': served, but nothing free
  | { kind: 'closed'; reason: ClosureReason } // staff closed the venue, area or service that day: 'Closed for a private event'
  | { kind: 'unavailable' } // 'Sorry, your selection is unavailable'
  | { kind: 'expired' } // 'Reservation expired'
  | { kind: 'completion'; code: number; message: string } // docs/PRODUCT.md §8 codes
  | { kind: 'members-first'; date: string; guestsFrom: string } // 'Members can book … now. Guests can book it from …'
  | { kind: 'members-times'; times: MembersOnlyTime[] } // the day's times for guests are all members' services: 'Members can book …'
  | { kind: 'experience-party-size'; min: number; max: number } // the experience is set up for other party sizes
  | { kind: 'failed'; message: string } // 'Reservation failed': holding or completing failed otherwise; then why
  | { kind: 'call'; message: string }; // any other refused call

/** docs/PRODUCT.md §8 codes that send the guest to the warning page, and what the page says about them. */
export const WARNING_CODES: Readonly<Record<number, WarningKind>> = {
  [COMPLETION_CODES.NOT_A_MEMBER]: 'members-only',
  [COMPLETION_CODES.OVERLAP]: 'overlap',
  [COMPLETION_CODES.ACTIVE_LIMIT]: 'active-limit',
  [COMPLETION_CODES.ANNUAL_LIMIT]: 'annual-limit',
};
/** Completion codes that mean the hold is gone: the guest starts again. */
export const EXPIRED_CODES: readonly number[] = [COMPLETION_CODES.EXPIRED, COMPLETION_CODES.TOO_LATE];

type Args = { event: EventObject };
const codeOf = ({ event }: Args) => callErrorOf(event).errorCode;

/** The guards of the code branches: each reads a refused call's code. */
export const CODE_GUARDS = {
  /** A code with a warning page of its own. */
  isWarningCode: (args: Args) => codeOf(args)! in WARNING_CODES,
  isPartyTooLarge: (args: Args) => codeOf(args) === ERROR_CODES.PARTY_TOO_LARGE,
  isUnavailable: (args: Args) => codeOf(args) === ERROR_CODES.SELECTION_UNAVAILABLE,
  /** The hold is gone: run out, or too late to complete. */
  isExpiredCode: (args: Args) => EXPIRED_CODES.includes(codeOf(args) ?? 0),
  /** The venue asks for a verified mobile (it started checking after the hold). */
  isMobileCode: (args: Args) => codeOf(args) === COMPLETION_CODES.MOBILE_REQUIRED,
  /** The hold refused: the time is in a service only members may book (422 20200). */
  isMembersOnlyTime: (args: Args) => codeOf(args) === ERROR_CODES.MEMBERS_ONLY_TIME,
};

/** Any other refused call: its words under the step. */
export const callProblem = ({ event }: Args): Problem => ({ kind: 'call', message: callErrorOf(event).message });

/** 'Reservation failed', and why. */
export const failedProblem = ({ event }: Args): Problem => ({ kind: 'failed', message: callErrorOf(event).message });

/** A docs/PRODUCT.md §8 code with its text, or 'Reservation failed' and why when the call got no code. */
export function completionProblem({ event }: Args): Problem {
  const error = callErrorOf(event);
  return error.errorCode !== undefined ? { kind: 'completion', code: error.errorCode, message: error.message } : { kind: 'failed', message: error.message };
}

/** A docs/PRODUCT.md §8 code with a page of its own. */
export function warningOfCode({ event }: Args): Warning {
  const error = callErrorOf(event);
  return { kind: WARNING_CODES[error.errorCode!]!, message: error.message };
}

/** The server found the party too large: its words, and whom to call. */
export function partyTooLargeWarning({ event }: Args): Warning {
  const error = callErrorOf(event);
  return { kind: 'party-too-large', message: error.message, contact: error.contact };
}
