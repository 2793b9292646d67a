// @vitest-environment jsdom
/**
 * The manage chart's generated paths, driven through the real app: a few paths that together take every
 * guarded branch (tests/support/machines/branches.ts), each replayed in the page of a reservation's manage link
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
import { addDays, formatTime } from '../../common/time';
import { TEST_NOW } from '../support/server/harness';
import { findHeading, openApp, useAppHarness } from '../support/ui/app-harness';
import { leClos, manageScenes, type Guest } from '../support/ui/manage-scenes';
import { SLOW } from '../support/ui/page-queries';
import { branchGaps } from '../support/machines/branches';
import { gateCalls, refusal } from '../support/machines/call-gate';
import {
  callAfter,
  callIn,
  CALLS,
  label,
  MANAGE_COVERED as covered,
  MANAGE_PATHS as paths,
  MODEL_OTHER_DAY,
  outcomeOf,
  startsCall,
  UNREACHABLE,
  type Call,
} from '../support/machines/manage-model';

const api = useAppHarness({ afterEach: () => vi.restoreAllMocks() });
const scenes = manageScenes(api);

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
      if (event.type === 'change.confirm') saved = (before.context as ManageContext).draft;
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
          return fireEvent.change(form().getByLabelText('Date'), { target: { value: realDay(event.date as string) } });
        case 'change.pick':
          // The wizard's time buttons, by the time as the guest reads it.
          return user.click(within(form().getByRole('group', { name: 'Time' })).getByRole('button', { name: formatTime(event.startTime as number) }));
        case 'change.seat':
          return user.click(form().getByRole('button', { name: /^No preference/ }));
        case 'change.submit':
          return user.click(form().getByRole('button', { name: 'Continue' }));
        case 'change.confirm':
          return user.click(await enabledButton('Save changes'));
        case 'change.back':
          return user.click(review().getByRole('button', { name: 'Back' }));
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
        // Reviewed, and while saving: what the change costs, before anything is saved.
        if (state.matches({ changing: 'reviewing' }) || state.matches({ changing: 'submitting' })) {
          await waitFor(() => expect(screen.queryByRole('form', { name: 'Change reservation' })).toBeNull());
          return state.matches({ changing: 'submitting' }) ? review().findByRole('button', { name: 'Saving…' }) : enabledButton('Save changes');
        }
        if (state.matches({ changing: 'quoting' })) return form().findByRole('button', { name: 'Checking…' });
        const checking = state.matches({ changing: 'loadingSlots' });
        await waitFor(() => expect(form().queryByText('Checking availability…') !== null).toBe(checking));
        if (state.matches({ changing: 'editing' })) {
          const problem = context.problem && problemText(context.problem);
          if (problem) await form().findByText(problem);
          // Continue is offered exactly when the chart has a time to save, and that time's button is the one pressed.
          const save = form().getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
          expect(save.disabled).toBe(context.draft?.startTime == null);
          const pressed = within(form().getByRole('group', { name: 'Time' })).queryAllByRole('button', { pressed: true });
          expect(pressed.map((button) => button.textContent)).toEqual(context.draft?.startTime == null ? [] : [formatTime(context.draft.startTime)]);
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
const review = () => within(screen.getByRole('region', { name: 'Check your change' }));
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
