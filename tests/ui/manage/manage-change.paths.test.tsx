// @vitest-environment jsdom
/**
 * The manage chart's change paid by card, by paths generated from the chart and driven through the real
 * page of a booking's manage link against the real API in-process, as tests/machines/manage.paths.test.tsx
 * drives the rest of the chart: review → pay by card → payment → changed; the guest giving the payment
 * up; and the held time running out. (Through the link a guest pays by card only; the wallet's branches
 * are the chart's own paths, tests/machines/manage-change.paths.test.ts.) Each call a step starts is held
 * while the page shows that state, then let go to the API; each state is checked as the guest sees it and
 * against the server's record: the booking stays as it was until the payment makes the change.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { manageMachine, type ManageContext } from '../../../machines/manage.machine';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { addDays } from '../../../common/time';
import { reservation, slotDay } from '../../support/fixtures/booking';
import { TEST_NOW } from '../../support/server/harness';
import { gateCalls } from '../../support/machines/call-gate';
import { transitionCoverPaths } from '../../support/machines/graph-coverage';
import { findHeading, openApp, useAppHarness } from '../../support/ui/app-harness';
import { CARD_EXPIRY } from '../../support/ui/booking-walk';
import { manageScenes, type Guest } from '../../support/ui/manage-scenes';
import { fieldTexts, region, SLOW } from '../../support/ui/page-queries';

// ---- The model: a booking of four with its deposit paid, changed to six (HK$1,000 more). ----

const MODEL_SERVER_NOW = Date.parse('2026-11-23T02:00:00Z');
const upcoming = reservation({ status: 'CONFIRMED', holdExpiresAt: null, date: '2026-12-08', startTime: 720, numberOfGuests: 4 });
const read = (found: typeof upcoming) => ({ reservation: found, clockOffsetMs: MODEL_SERVER_NOW - Date.now() });
const BIGGER_PARTY = 6;
const COSTS_MORE = { amountDue: 180_000, paid: 80_000, owed: 0, difference: 100_000, currency: 'HKD' };
const HOLD = {
  _id: 'c'.repeat(24),
  reservationId: upcoming._id,
  status: 'HELD',
  holdExpiresAt: new Date(MODEL_SERVER_NOW + 15 * 60_000).toISOString(),
  date: upcoming.date,
  startTime: upcoming.startTime,
  numberOfGuests: BIGGER_PARTY,
  seatingAreaId: null,
  amountDue: COSTS_MORE.amountDue,
  difference: COSTS_MORE.difference,
  currency: 'HKD',
};
const HOLD_RAN_OUT = 'xstate.after.holdRemaining.manage.changing.paying';

/** What the guest does on the link's page, and the answers of its calls (the card's payment: the payment chart done). */
const events = [
  { type: 'reservation.open', id: 'link' },
  { type: 'xstate.done.actor.loadReservation', output: read(upcoming) },
  { type: 'change.start' },
  { type: 'xstate.done.actor.loadAvailability', output: slotDay() },
  { type: 'change.edit', date: upcoming.date, numberOfGuests: BIGGER_PARTY },
  { type: 'change.submit' },
  { type: 'xstate.done.actor.quoteChange', output: COSTS_MORE },
  { type: 'change.payCard' },
  { type: 'xstate.done.actor.holdChange', output: HOLD },
  { type: 'xstate.done.actor.pay', output: { paymentId: 'p'.repeat(24), method: 'CARD' } },
  { type: HOLD_RAN_OUT },
  { type: 'change.back' },
  { type: 'xstate.done.actor.giveUpChange', output: HOLD },
  { type: 'xstate.done.actor.reloadReservation', output: read({ ...upcoming, numberOfGuests: BIGGER_PARTY }) },
] as unknown as EventObject[];

const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as ManageContext;
  return JSON.stringify([s.value, c.draft?.numberOfGuests ?? null, c.problem?.kind ?? null, Boolean(c.quote), Boolean(c.hold)]);
};

type Path = ReturnType<typeof transitionCoverPaths>[number];

/** What the page can do: edit the party to a size it does not have; the real quote costs more only for the bigger party. */
const doable = (path: Path) =>
  path.steps.every((step, i) => {
    const draft = i === 0 ? null : (path.steps[i - 1]!.state.context as ManageContext).draft;
    if (step.event.type === 'change.edit') return draft?.numberOfGuests !== BIGGER_PARTY;
    if (step.event.type === 'xstate.done.actor.quoteChange') return draft?.numberOfGuests === BIGGER_PARTY;
    return true;
  });

/** The three ends of a change paid by card, each reached by its shortest generated path. */
const ENDS = {
  'review → pay by card → payment → changed': 'xstate.done.actor.reloadReservation',
  'review → pay by card → the guest gives the payment up': 'xstate.done.actor.giveUpChange',
  'review → pay by card → the held time runs out': HOLD_RAN_OUT,
};
const candidates = transitionCoverPaths(manageMachine, { events, serializeState }).filter(doable);
const PATHS = Object.entries(ENDS).map(([name, last]) => {
  const ending = candidates.filter((p) => p.steps.at(-1)!.event.type === last).sort((a, b) => a.steps.length - b.steps.length);
  return [name, ending[0]!] as const;
});

// ---- The page's calls, held while a path reads the state that makes them. ----

const CALLS = {
  load: { method: 'GET', path: /^\/manage\/[^/]+$/ },
  slots: { method: 'GET', path: /^\/manage\/[^/]+\/timeslot-availability\// },
  quote: { method: 'POST', path: /^\/manage\/[^/]+\/quote$/ },
  hold: { method: 'POST', path: /^\/manage\/[^/]+\/change-hold$/ },
  giveUp: { method: 'DELETE', path: /^\/manage\/[^/]+\/change-hold\/[^/]+$/ },
};
type Call = keyof typeof CALLS;
const CALL_OF: Record<string, Call> = {
  loadReservation: 'load',
  reloadReservation: 'load',
  loadAvailability: 'slots',
  quoteChange: 'quote',
  holdChange: 'hold',
  giveUpChange: 'giveUp',
};
/** The call a step starts: an invoked actor of the state it reaches that was not running before. */
const startedCall = (before: AnyMachineSnapshot, after: AnyMachineSnapshot) =>
  Object.entries(after.children)
    .filter(([id, child]) => CALL_OF[id] && before.children[id] !== child)
    .map(([id]) => CALL_OF[id]!)[0];
const answeredCall = (event: EventObject) => /^xstate\.done\.actor\.(.+)$/.exec(event.type)?.[1];

const api = useAppHarness({
  afterEach: (started) => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    started.clock.set(TEST_NOW);
  },
});
const scenes = manageScenes(api);

describe('manage chart, generated paths of a change paid by card, in the page of the manage link', () => {
  it('generates a path to each end, each through the review, the hold and the payment', () => {
    for (const [name, path] of PATHS) {
      expect(path, name).toBeDefined();
      const passed = path.steps.map((s) => JSON.stringify(s.state.value));
      for (const state of ['reviewing', 'holding', 'paying']) expect(passed, name).toContain(JSON.stringify({ changing: state }));
    }
  });

  it.each(PATHS.map(([name, path], index) => [name, path, index] as const))('%s', async (_, path, index) => {
    // Timers are fake but run with real time, so the page's own waits work; the hold's end moves both clocks.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const day = addDays(TEST_NOW.toISOString().slice(0, 10), 10 + index);
    const gate = gateCalls(CALLS);
    let guest!: Guest;
    let booked!: { _id: string; uniqueId: string };

    for (let i = 1; i < path.steps.length; i++) {
      const { event, state } = path.steps[i]!;
      const starts = startedCall(path.steps[i - 1]!.state, state);
      if (starts) gate.arm(starts);
      await perform(event);
      await expectSeen(state, starts);
    }

    async function perform(event: EventObject) {
      const answered = answeredCall(event);
      if (answered && answered !== 'pay') return gate.release(CALL_OF[answered]!);
      switch (event.type) {
        case 'reservation.open': {
          guest = await scenes.newGuest();
          booked = await scenes.bookPaidDeposit(guest, day);
          return openApp(`/pages/manage?token=${encodeURIComponent(await scenes.mailedToken(booked.uniqueId))}`);
        }
        case 'change.start':
          return user.click(await screen.findByRole('button', { name: 'Change' }, SLOW));
        case 'change.edit':
          return user.selectOptions(form().getByLabelText('Guests'), String(BIGGER_PARTY));
        case 'change.submit':
          return user.click(form().getByRole('button', { name: 'Continue' }));
        case 'change.payCard':
          return user.click(within(await region('Check your change')).getByRole('button', { name: 'Pay HK$1,000 by card' }));
        case 'change.back':
          return user.click(within(await region('Pay the difference')).getByRole('button', { name: 'Keep my booking as it was' }));
        case 'xstate.done.actor.pay': {
          const paying = await region('Pay the difference');
          await user.type(await within(paying).findByLabelText('Cardholder name', {}, SLOW), 'Grace Chan');
          await user.type(within(paying).getByLabelText('Card number'), '4242424242424242');
          await user.type(within(paying).getByLabelText('Expiry (MM/YY)'), CARD_EXPIRY);
          await user.type(within(paying).getByLabelText('Security code'), '123');
          return user.click(within(paying).getByRole('button', { name: 'Pay HK$1,000' }));
        }
        case HOLD_RAN_OUT:
          api().clock.advanceMinutes(15);
          return act(async () => vi.advanceTimersByTime(15 * 60_000));
        default:
          throw new Error(`No way to bring about ${event.type} in the page`);
      }
    }

    /** The state as the guest sees it, and the server's record: the booking changes only with the payment's success. */
    async function expectSeen(state: AnyMachineSnapshot, call: Call | undefined) {
      const context = state.context as ManageContext;
      if (call) await waitFor(() => expect(gate.isHeld(call), `a ${call} call on its way`).toBe(true), SLOW);
      if (state.matches('loading')) return screen.findByText('Loading your reservation…', {}, SLOW);
      await findHeading('Your reservation');
      const server = await scenes.serverReservation(guest, booked._id);
      const changed = state.matches({ viewing: 'changed' });
      // The payment's success made the change on the server: the page reads the booking again after it.
      const made = changed || state.matches({ changing: 'reloading' });
      expect(server.numberOfGuests, 'the party on the server').toBe(made ? BIGGER_PARTY : 4);
      expect(server.payment.amountDue).toBe(made ? COSTS_MORE.amountDue : COSTS_MORE.paid);
      if (state.matches('viewing')) {
        await waitFor(() => expect(screen.queryByRole('region', { name: 'Pay the difference' })).toBeNull(), SLOW);
        expect(screen.queryByText('Your reservation has been changed.') !== null).toBe(changed);
        expect(fieldTexts(await region(`Reservation ${booked.uniqueId}`)).Guests).toBe(changed ? '6 guests' : '4 guests');
        return screen.findByRole('button', { name: 'Change' }, SLOW);
      }
      if (state.matches({ changing: 'loadingSlots' })) return form().findByText('Checking availability…', {}, SLOW);
      if (state.matches({ changing: 'editing' })) {
        await waitFor(() => expect(form().queryByText('Checking availability…')).toBeNull(), SLOW);
        // The held time ran out: said in the form; given up by the guest, or not yet paid for: nothing to say.
        const said = form().queryByRole('alert')?.textContent ?? null;
        expect(said).toBe(context.problem?.kind === 'hold-expired' ? 'The time held for your change has run out. Your booking stays as it was.' : null);
        expect((form().getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(context.draft?.startTime == null);
        expect((form().getByLabelText('Guests') as HTMLSelectElement).value).toBe(String(context.draft!.numberOfGuests));
        return;
      }
      if (state.matches({ changing: 'quoting' })) return form().findByRole('button', { name: 'Checking…' }, SLOW);
      if (state.matches({ changing: 'reviewing' }) || state.matches({ changing: 'holding' })) {
        const review = await region('Check your change');
        expect(within(review).getByRole('status').textContent).toBe('New deposit: HK$1,800. Paid so far: HK$800.Difference to pay before the change is made: HK$1,000.');
        const pay = within(review).getByRole('button', { name: 'Pay HK$1,000 by card' }) as HTMLButtonElement;
        // While the time is being held, the review's buttons wait for the answer.
        return waitFor(() => expect(pay.disabled).toBe(state.matches({ changing: 'holding' })), SLOW);
      }
      if (state.matches({ changing: 'paying' })) {
        const paying = await region('Pay the difference');
        expect(within(paying).getByText(/Your table is held for/)).toBeTruthy();
        return within(paying).findByLabelText('Card number', {}, SLOW);
      }
      if (state.matches({ changing: 'givingUp' }) || state.matches({ changing: 'reloading' })) {
        const paying = await region('Pay the difference');
        expect((within(paying).getByRole('button', { name: 'Keep my booking as it was' }) as HTMLButtonElement).disabled).toBe(true);
        return within(paying).findByText('One moment…', {}, SLOW);
      }
      throw new Error(`No view known for ${JSON.stringify(state.value)}`);
    }
  });
});

const form = () => within(screen.getByRole('form', { name: 'Change reservation' }));
