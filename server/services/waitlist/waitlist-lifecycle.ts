/**
 * The server's side of machines/waitlist.machine.ts: every change of an entry's status is the chart's
 * answer to an event in the entry's current state; an event the chart refuses is a 409.
 */
import { transition } from 'xstate';
import { conflict } from '../../lib/errors';
import { STATE_OF_STATUS, STATUS_OF_STATE, waitlistMachine, type WaitlistEvent, type WaitlistStatus } from '../../../machines/waitlist.machine';
import type { waitlistEntries } from '../../db/schema';

export type WaitlistRow = typeof waitlistEntries.$inferSelect;

/** 409: the entry's state does not allow what was asked (leaving an entry that has ended, say). */
export const waitlistChangeRefused = () => conflict(/*i18n*/ 'This waitlist entry has already ended');

/** The next status and the named side effects the chart lists, or a 409 when the chart refuses the event. */
export function waitlistTransition(row: WaitlistRow, event: WaitlistEvent): { status: WaitlistStatus; effects: string[] } {
  const snapshot = waitlistMachine.resolveState({
    value: STATE_OF_STATUS[row.status],
    context: {
      earliestTime: row.earliestTime,
      latestTime: row.latestTime,
      windowEndsAtMs: row.windowEndsAt.getTime(),
      offeredStartTime: null,
    },
  });
  if (!snapshot.can(event)) throw waitlistChangeRefused();
  const [next, actions] = transition(waitlistMachine, snapshot, event);
  return { status: STATUS_OF_STATE[next.value as string]!, effects: actions.map((a) => a.type) };
}
