// @vitest-environment jsdom
/**
 * The manage chart's generated paths, driven through the real app: a few paths that together take every
 * guarded branch (tests/machines/branches.ts), each replayed in the page of a reservation's manage link
 * (`#/pages/manage?token=`, which offers every event of the chart) against the real API in-process. Each
 * event is what a guest does (a click, a field changed) or a call's answer, which the path holds while
 * the page shows the loading state and then lets go to the API or answers with the path's refusal. Every
 * state is checked as the guest sees it, and against facts the chart does not make: the call on its way,
 * the server's record of the reservation, and the path's own answers (a refusal shown, a time to save).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { manageMachine, type ManageContext } from '../../machines/manage.machine';
import { ERROR_CODES } from '../../src/domain/error-codes';
import { addDays, isIsoDate } from '../../src/domain/time';
import { reservation, slots } from '../fixtures/booking';
import { TEST_NOW } from '../server/harness';
import { findHeading, openApp, useAppHarness } from '../ui/app-harness';
import { leClos, manageScenes, type Guest } from '../ui/manage-scenes';
import { SLOW } from '../ui/page-queries';
import { branchGaps, coveringPaths } from './branches';
import { gateCalls, refusal } from './call-gate';
import { transitionCoverPaths } from './graph-coverage';

const api = useAppHarness({ afterEach: () => vi.restoreAllMocks() });
const scenes = manageScenes(api);

// The model's reservation and its other day; each path books its own pair of real days in their place.
const MODEL_DAY = '2026-12-08';
const MODEL_OTHER_DAY = '2026-12-09';
const upcoming = reservation({ status: 'CONFIRMED', holdExpiresAt: null, date: MODEL_DAY, startTime: 720 });
const canceled = { ...upcoming, status: 'CANCELED' as const };
const changed = { ...upcoming, startTime: 750 };
const refused = (status: number, errorCode: number, message: string) => ({ status, errorCode, message });
const SERVER_ERROR = refused(500, ERROR_CODES.INTERNAL, 'An error occurred!');
const read = (found: typeof upcoming) => ({ reservation: found, clockOffsetMs: 0 });

/** What a guest can bring about on the manage link's page, and the answers a path can arrange. */
const events = [
  { type: 'reservation.open', id: 'link' },
  { type: 'reservation.open', id: 'link', intent: 'cancel' },
  { type: 'xstate.done.actor.loadReservation', output: read(upcoming) },
  { type: 'xstate.done.actor.loadReservation', output: read(canceled) },
  { type: 'xstate.error.actor.loadReservation', error: SERVER_ERROR },
  { type: 'reservation.retry' },
  { type: 'change.start' },
  { type: 'xstate.done.actor.loadAvailability', output: slots },
  { type: 'xstate.error.actor.loadAvailability', error: SERVER_ERROR },
  { type: 'change.edit', date: MODEL_OTHER_DAY, numberOfGuests: 2 },
  { type: 'change.edit', date: '', numberOfGuests: 2 },
  { type: 'change.pick', startTime: 750 },
  { type: 'change.submit' },
  { type: 'change.discard' },
  { type: 'xstate.done.actor.changeReservation', output: changed },
  { type: 'xstate.error.actor.changeReservation', error: refused(409, ERROR_CODES.SELECTION_UNAVAILABLE, 'Sorry, your selection is unavailable') },
  { type: 'xstate.error.actor.changeReservation', error: refused(409, ERROR_CODES.NOT_CHANGEABLE, 'This reservation can no longer be changed') },
  { type: 'cancel.start' },
  { type: 'cancel.confirm' },
  { type: 'cancel.retry' },
  { type: 'cancel.back' },
  { type: 'xstate.done.actor.cancelReservation', output: canceled },
  { type: 'xstate.error.actor.cancelReservation', error: SERVER_ERROR },
] as unknown as EventObject[];

/** Where the chart is, and every fact its guards read. */
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.intent,
    s.context.reservation && [s.context.reservation.status, s.context.reservation.date, s.context.reservation.startTime],
    s.context.draft === null ? null : [s.context.draft.date, s.context.draft.startTime],
    s.context.problem?.kind ?? null,
  ]);

type Path = ReturnType<typeof transitionCoverPaths>[number];

/** Controls the page offers only while the chart can take their event (a button shown or enabled, a listed time). */
const OFFERED_WHEN_ENABLED = ['change.start', 'cancel.start', 'change.pick', 'change.submit'];

/** What a person can do: use a control the page offers, and change a field to a value it does not have. */
function doable(path: Path): boolean {
  return path.steps.every((step, i) => {
    if (i === 0) return true;
    const before = path.steps[i - 1]!.state;
    const { draft } = before.context as ManageContext;
    const event = step.event as EventObject & { date?: string; startTime?: number };
    if (OFFERED_WHEN_ENABLED.includes(event.type) && !before.can(event)) return false;
    if (event.type === 'change.edit') return event.date !== draft?.date;
    if (event.type === 'change.pick') return event.startTime !== draft?.startTime;
    // The server answers a change with the reservation as saved: the path's answer must be the draft it sends.
    if (event.type === 'xstate.done.actor.changeReservation') {
      const { date, startTime, numberOfGuests } = (event as unknown as { output: typeof changed }).output;
      return draft?.date === date && draft.startTime === startTime && draft.numberOfGuests === numberOfGuests;
    }
    return true;
  });
}

const candidates = transitionCoverPaths(manageMachine, { events, serializeState }).filter(doable);
const { paths, covered } = coveringPaths(manageMachine, candidates);

/** Branches no path of the app can take, and why. */
const UNREACHABLE: Record<string, string> = {
  'manage · reservation.translated [isOpenReservation] → (stays)':
    'a language switch mid-chart: tests/ui/manage-pages.test.tsx and languages.test.tsx switch it; not a path event here',
  'manage · reservation.translated [no guard passes] → (ignored here)': 'the page reads the same reservation again, so its id always matches',
  'manage.viewing · change.start [no guard passes] → (ignored here)': 'the page offers Change only when the chart can take it',
  'manage.viewing · cancel.start [no guard passes] → (ignored here)': 'the page offers Cancel only when the chart can take it',
  'manage.changing.editing · change.pick [no guard passes] → (ignored here)': 'the Time list offers only the times the chart offers',
  'manage.changing.editing · change.submit [no guard passes] → (ignored here)': 'Save changes is disabled until a time is picked',
};

const CALLS = {
  load: { method: 'GET', path: /^\/manage\/[^/]+$/ },
  slots: { method: 'GET', path: /^\/manage\/[^/]+\/timeslot-availability\// },
  change: { method: 'PUT', path: /^\/manage\/[^/]+$/ },
  cancel: { method: 'PUT', path: /^\/manage\/[^/]+\/cancel$/ },
};
type Call = keyof typeof CALLS;
const CALL_OF: Record<string, Call> = {
  loadReservation: 'load',
  loadAvailability: 'slots',
  changeReservation: 'change',
  cancelReservation: 'cancel',
};

const outcomeOf = (event: EventObject | undefined) => {
  const match = event && /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  return match ? { call: CALL_OF[match[2]!]!, done: match[1] === 'done' } : undefined;
};
/** The call the state makes (its invoked actor), which the path holds to see the state. */
const callIn = (state: AnyMachineSnapshot) => Object.keys(state.children).map((id) => CALL_OF[id]).find(Boolean);

/**
 * The call the app makes after what the guest does or the server answers, as SPEC §4 says of each (not as
 * the chart does): a read on opening or retrying, the times on starting a change or editing it to a real
 * date, and again after 'Sorry, your selection is unavailable'; the save; the cancellation.
 */
function callAfter(event: EventObject & Record<string, unknown>): Call | undefined {
  switch (event.type) {
    case 'reservation.open':
    case 'reservation.retry':
      return 'load';
    case 'change.start':
      return 'slots';
    case 'change.edit':
      return isIsoDate(event.date as string) ? 'slots' : undefined;
    case 'change.submit':
      return 'change';
    case 'cancel.confirm':
    case 'cancel.retry':
      return 'cancel';
    case 'xstate.error.actor.changeReservation':
      return (event.error as { errorCode: number }).errorCode === ERROR_CODES.SELECTION_UNAVAILABLE ? 'slots' : undefined;
    default:
      return undefined;
  }
}

/** Whether the step starts the call of the state it reaches: its invoked actor is a new one. */
const startsCall = (before: AnyMachineSnapshot, after: AnyMachineSnapshot) =>
  Object.entries(after.children).some(([id, child]) => CALL_OF[id] && before.children[id] !== child);

const label = (path: Path) =>
  path.steps
    .slice(1)
    .map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:') + ((s.event as { intent?: string }).intent ? `(${(s.event as { intent?: string }).intent})` : ''))
    .join(' → ');

describe('manage chart, generated paths in the app', () => {
  it('takes every guarded branch, but those the app cannot take (each with its reason)', () => {
    expect(branchGaps(manageMachine, covered, UNREACHABLE)).toEqual({ missed: [], listedButTaken: [], listedButUnknown: [] });
    // A covering set, not every path: a handful of page visits for a 2-core CI.
    expect(paths.length).toBeLessThan(20);
  });

  it.each(paths.map((path, i) => [label(path), path, i] as const))('%s', async (_, path, index) => {
    // This path's own days, so no path takes another's table.
    const day = addDays(TEST_NOW_DAY, 10 + 2 * index);
    const otherDay = addDays(day, 1);
    const realDay = (modelDay: string) => (modelDay === MODEL_OTHER_DAY ? otherDay : day);
    const user = userEvent.setup();
    const gate = gateCalls(CALLS);
    let guest!: Guest;
    let booked!: { _id: string };

    /** The draft the guest last saved, as the path has it. */
    let saved: ManageContext['draft'] = null;
    for (let i = 1; i < path.steps.length; i++) {
      const { event, state } = path.steps[i]!;
      const before = path.steps[i - 1]!.state;
      const next = path.steps[i + 1]?.event;
      const call = callIn(state);
      const starts = call && startsCall(before, state) ? call : undefined;
      expect(starts, `the call after ${event.type}`).toBe(callAfter(event as EventObject & Record<string, unknown>));
      // Hold the call the step starts (a state entered or entered again), not one already on its way.
      if (starts) gate.arm(starts);
      if (event.type === 'change.submit') saved = (before.context as ManageContext).draft;
      await perform(event as EventObject & Record<string, unknown>, next);
      await expectSeen(state, call);
    }

    async function perform(event: EventObject & Record<string, unknown>, next: EventObject | undefined) {
      const outcome = outcomeOf(event);
      if (outcome) {
        const error = (event as { error?: Parameters<typeof refusal>[0] }).error;
        return gate.release(outcome.call, outcome.done ? undefined : refusal(error!));
      }
      switch (event.type) {
        case 'reservation.open': {
          guest = await scenes.newGuest();
          const made = await scenes.book(guest, leClos(day, 720));
          booked = made;
          // A reservation the path reads as cancelled is cancelled first; its newest mail's link opens it.
          const wantsCanceled = (next as { output?: { reservation: { status: string } } })?.output?.reservation.status === 'CANCELED';
          if (wantsCanceled) await scenes.cancelOnServer(guest, made._id);
          const token = await scenes.mailedToken(made.uniqueId);
          return openApp(`/pages/manage?token=${encodeURIComponent(token)}${event.intent === 'cancel' ? '&action=cancel' : ''}`);
        }
        case 'reservation.retry':
          return user.click(await screen.findByRole('button', { name: 'Retry' }, SLOW));
        case 'change.start':
          return user.click(await screen.findByRole('button', { name: 'Change' }, SLOW));
        case 'cancel.start':
          return user.click(await screen.findByRole('button', { name: 'Cancel' }, SLOW));
        case 'change.edit':
          return fireEvent.change(form().getByLabelText('Date'), { target: { value: event.date ? realDay(event.date as string) : '' } });
        case 'change.pick':
          return user.selectOptions(form().getByLabelText('Time'), String(event.startTime));
        case 'change.submit':
          return user.click(form().getByRole('button', { name: 'Save changes' }));
        case 'change.discard':
          return user.click(form().getByRole('button', { name: 'Keep it as it is' }));
        case 'cancel.confirm':
          return user.click(await enabledButton('Cancel reservation'));
        case 'cancel.retry':
          return user.click(await enabledButton('Try again'));
        case 'cancel.back':
          return user.click(screen.getByRole('button', { name: 'Keep my reservation' }));
        default:
          throw new Error(`No way to bring about ${event.type} in the app`);
      }
    }

    /** The state as the guest sees it, and the facts it stands for. */
    async function expectSeen(state: AnyMachineSnapshot, call: Call | undefined) {
      const context = state.context as ManageContext;
      await findHeading('Your reservation');
      // A state that makes a call shows while the call is on its way, and only then.
      if (call) await waitFor(() => expect(gate.isHeld(call), `a ${call} call on its way`).toBe(true));
      if (state.matches('loading')) return screen.findByText('Loading your reservation…', {}, SLOW);
      if (state.matches('failed')) {
        expect(gate.answered('load')).toBe('refused');
        return screen.findByRole('button', { name: 'Retry' }, SLOW);
      }
      const server = await scenes.serverReservation(guest, booked._id);
      if (state.matches('viewing')) {
        await waitFor(() => expect(screen.queryByRole('form', { name: 'Change reservation' })).toBeNull());
        const changeable = context.reservation?.status === 'CONFIRMED';
        expect(server.status).toBe(context.reservation?.status === 'CONFIRMED' ? 'CONFIRMED' : 'CANCELED');
        await waitFor(() => expect(screen.queryByRole('button', { name: 'Change' }) !== null).toBe(changeable));
        const changedNote = screen.queryByText('Your reservation has been changed.');
        if (state.matches({ viewing: 'changed' })) {
          expect(changedNote).not.toBeNull();
          // The server holds the change the guest saved.
          expect({ date: server.date, startTime: server.startTime }).toEqual({ date: realDay(saved!.date), startTime: saved!.startTime });
        } else expect(changedNote).toBeNull();
        return;
      }
      if (state.matches('changing')) {
        expect(server.status).toBe('CONFIRMED');
        const checking = state.matches({ changing: 'loadingSlots' });
        await waitFor(() => expect(form().queryByText('Checking availability…') !== null).toBe(checking));
        if (state.matches({ changing: 'submitting' })) return form().findByRole('button', { name: 'Saving…' });
        if (state.matches({ changing: 'editing' })) {
          const problem = context.problem && problemText(context.problem);
          if (problem) await form().findByText(problem);
          // Save is offered exactly when the chart has a time to save.
          const save = form().getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
          expect(save.disabled).toBe(context.draft?.startTime == null);
        }
        return;
      }
      if (state.matches('cancelling')) {
        expect(server.status).toBe('CONFIRMED');
        if (state.matches({ cancelling: 'submitting' })) return screen.findByRole('button', { name: 'Canceling…' });
        const failed = screen.queryByText('Cancellation failed');
        if (state.matches({ cancelling: 'failed' })) {
          expect(failed).not.toBeNull();
          expect(gate.answered('cancel')).toBe('refused');
          return enabledButton('Try again');
        }
        expect(failed).toBeNull();
        return enabledButton('Cancel reservation');
      }
      if (state.matches('canceled')) {
        await screen.findByText('Your reservation has been canceled.', {}, SLOW);
        expect(['CANCELED', 'LATE_CANCELED']).toContain(server.status);
        return;
      }
      throw new Error(`No view known for ${JSON.stringify(state.value)}`);
    }
  });
});

const TEST_NOW_DAY = TEST_NOW.toISOString().slice(0, 10);
const form = () => within(screen.getByRole('form', { name: 'Change reservation' }));
const enabledButton = (name: string) =>
  waitFor(
    () => {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(false);
      return button;
    },
    SLOW,
  );
/** The words the page shows for a problem: the path's refusal, as the API phrased it. */
const problemText = (problem: NonNullable<ManageContext['problem']>) => problem.message;
