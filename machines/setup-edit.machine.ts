/**
 * One edit of the club's set-up (a table, a dining area's floor, turn times, pacing, an experience, a
 * venue's content or services): the admin works on a draft, the server checks it and answers what it
 * would do to the book (the confirmed bookings left without a table, outside the new hours or over a new
 * pacing limit), the admin publishes it, and it is published. Publishing never cancels a booking: the
 * preview and the published answer list them for staff to contact, as closures do.
 *
 * Every change names the version of the record it started from. When someone else published a change
 * of the same record first, the server answers 409 with the set-up conflict code and the chart goes to
 * `conflict`, where the admin starts again from what is stored now. A change the rules refuse (a table
 * seating fewer than its minimum, a pacing limit below one party) goes to `refused` with the reasons.
 * Any other failure (no answer, the server down) leaves the admin where they were, with the problem said.
 *
 * The calls are named actors the page supplies (`checkChange`, `publishChange`); the draft is the page's
 * own values, kept here as data so the chart decides only the steps.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ERROR_CODES } from '../common/api/error-codes';
import { callErrorOf, outputOf } from './actor-event';
import type { CallError } from './call-error';

/** The page's values of the record being edited. */
export type SetupDraft = Record<string, unknown>;

/** Why a booking is affected: no table (or its tables joined no longer seat it), outside the hours, over pacing, or outside its experience's days, services or party sizes. */
export type SetupImpactReason =
  | 'NO_TABLE'
  | 'COMBINATION_BROKEN'
  | 'OUTSIDE_HOURS'
  | 'OVER_PACING'
  | 'OUTSIDE_EXPERIENCE_DAYS'
  | 'OUTSIDE_EXPERIENCE_SERVICES'
  | 'OUTSIDE_EXPERIENCE_PARTY_SIZE';

/** A confirmed booking a change would leave without a table, outside the hours or over pacing. */
export interface SetupAffectedBooking {
  _id: string;
  uniqueId: string;
  date: string;
  startTime: number;
  numberOfGuests: number;
  guestName: string;
  reasons: readonly SetupImpactReason[];
}

/** The server's answer to a check: what publishing the draft would do to the book. */
export interface SetupImpact {
  affected: readonly SetupAffectedBooking[];
}

export interface SetupEditInput {
  /** The stored record's version the draft starts from. */
  version: number;
  draft: SetupDraft;
}

export interface SetupEditContext extends SetupEditInput {
  impact: SetupImpact | null;
  /** Why the server refused the change, in the admin's words (a field's message, a rule's). */
  reasons: string[];
  /** A failure that is neither a conflict nor a refusal: 'timeout', 'network' or the server's words. */
  problem: string | null;
  /** The version the published change has. */
  publishedVersion: number | null;
}

export type SetupEditEvent =
  /** The admin changed the draft's values. */
  | { type: 'draft.change'; draft: SetupDraft }
  /** The admin asks what the draft would do. */
  | { type: 'draft.check' }
  /** The admin publishes the draft whose impact they have read. */
  | { type: 'preview.publish' }
  /** Back from the preview to the draft. */
  | { type: 'preview.back' }
  /** After a refusal: back to the draft to mend it. */
  | { type: 'refused.mend' }
  /** After a conflict or a publish: start again from the record as stored now. */
  | { type: 'draft.restart'; version: number; draft: SetupDraft };

/** What the actors are given: the draft and the version it starts from. */
export interface SetupCallInput {
  version: number;
  draft: SetupDraft;
}

/** What publishing answers: the new version, and the bookings for staff to contact. */
export interface SetupPublished extends SetupImpact {
  version: number;
}

/** A 409 with the set-up conflict code: someone else changed the record first. */
export const isSetupConflict = (error: CallError) => error.status === 409 && error.errorCode === ERROR_CODES.SETUP_CONFLICT;
/** A 400 (a field the rules refuse) or a 409/422 with the set-up refusal code. */
export const isSetupRefusal = (error: CallError) =>
  error.status === 400 || error.status === 422 || (error.status === 409 && error.errorCode === ERROR_CODES.SETUP_REFUSED);

const reasonsOf = (error: CallError): string[] => (error.reasons?.length ? error.reasons : [error.message]);

export const setupEditMachine = setup({
  types: {
    context: {} as SetupEditContext,
    events: {} as SetupEditEvent,
    input: {} as SetupEditInput,
  },
  actors: {
    checkChange: fromPromise<SetupImpact, SetupCallInput>(async () => {
      throw new Error('checkChange not provided');
    }),
    publishChange: fromPromise<SetupPublished, SetupCallInput>(async () => {
      throw new Error('publishChange not provided');
    }),
  },
  guards: {
    conflicted: ({ event }) => isSetupConflict(callErrorOf(event)),
    refusedByRules: ({ event }) => isSetupRefusal(callErrorOf(event)),
  },
  actions: {
    takeDraft: assign({
      draft: ({ event }) => {
        assertEvent(event, 'draft.change');
        return event.draft;
      },
    }),
    restart: assign(({ event }) => {
      assertEvent(event, 'draft.restart');
      return { version: event.version, draft: event.draft, impact: null, reasons: [], problem: null, publishedVersion: null };
    }),
    clearProblem: assign({ problem: null, reasons: [] }),
    keepImpact: assign({ impact: ({ event }) => outputOf<SetupImpact>(event) }),
    keepPublished: assign(({ event }) => {
      const published = outputOf<SetupPublished>(event);
      return { impact: { affected: published.affected }, publishedVersion: published.version };
    }),
    keepReasons: assign({ reasons: ({ event }) => reasonsOf(callErrorOf(event)) }),
    keepProblem: assign({ problem: ({ event }) => callErrorOf(event).message }),
  },
}).createMachine({
  id: 'setupEdit',
  context: ({ input }) => ({ ...input, impact: null, reasons: [], problem: null, publishedVersion: null }),
  initial: 'draft',
  states: {
    draft: {
      on: {
        'draft.change': { actions: 'takeDraft' },
        'draft.check': { target: 'checking', actions: 'clearProblem' },
      },
    },
    checking: {
      invoke: {
        id: 'checkChange',
        src: 'checkChange',
        input: ({ context }) => ({ version: context.version, draft: context.draft }),
        onDone: { target: 'preview', actions: 'keepImpact' },
        onError: [
          { guard: 'conflicted', target: 'conflict' },
          { guard: 'refusedByRules', target: 'refused', actions: 'keepReasons' },
          { target: 'draft', actions: 'keepProblem' },
        ],
      },
    },
    preview: {
      on: {
        'preview.publish': { target: 'publishing', actions: 'clearProblem' },
        'preview.back': { target: 'draft' },
      },
    },
    publishing: {
      invoke: {
        id: 'publishChange',
        src: 'publishChange',
        input: ({ context }) => ({ version: context.version, draft: context.draft }),
        onDone: { target: 'published', actions: 'keepPublished' },
        onError: [
          { guard: 'conflicted', target: 'conflict' },
          { guard: 'refusedByRules', target: 'refused', actions: 'keepReasons' },
          { target: 'preview', actions: 'keepProblem' },
        ],
      },
    },
    published: {
      on: { 'draft.restart': { target: 'draft', actions: 'restart' } },
    },
    conflict: {
      on: { 'draft.restart': { target: 'draft', actions: 'restart' } },
    },
    refused: {
      on: { 'refused.mend': { target: 'draft' } },
    },
  },
});
