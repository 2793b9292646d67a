// @vitest-environment jsdom
/**
 * The payment chart's generated paths (e2e/paths/payment-model.ts, the browser's set) replayed in the
 * whole app in jsdom against the real API and its test-mode card processor: each path books to the
 * payment step as a guest (or the demo member, whose wallet is offered), then each step is what the
 * person does (a test card the processor approves, declines or challenges, a 3-D Secure answer, the
 * wallet) or a call's answer the path arranges (a dropped connection, a hold that ran out on the server),
 * and each state is read from the payment step as e2e/paths/payment.paths.spec.ts reads it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { activeStateIds } from '../../e2e/paths/booking-model';
import {
  PAYMENT_ANSWER_OF,
  PAYMENT_CALL_AFTER as CALL_AFTER,
  PAYMENT_CALLS,
  PAYMENT_STATES,
  selectPaymentPaths,
  type PaymentEventName,
  type PlannedPaymentPath,
} from '../../e2e/paths/payment-model';
import { STEP_HEADINGS } from '../../e2e/support/step-headings';
import { addDays, hongKongDate } from '../../common/time';
import { TEST_CARDS } from '../../server/services/payments/processor/test-processor';
import type { TestApi } from '../support/server/harness';
import { findHeading, openApp, storeSession, useAppHarness } from '../support/ui/app-harness';
import { GUEST_PASSWORD } from '../support/ui/manage-scenes';
import { SLOW } from '../support/ui/page-queries';
import { gateCalls } from '../support/machines/call-gate';
import { agree, alerts, bookingGuests, CALL_WAIT, expectAlert, expectStatus, expectText, fillCard, search } from '../support/machines/wizard-in-app';

const MEMBER = { email: 'member@example.com', password: 'member-pass-1' };
const CARD_FOR: Partial<Record<PaymentEventName, string>> = {
  cardTaken: TEST_CARDS.visa,
  challengeAsked: TEST_CARDS.threeDSecure,
  cardDeclined: TEST_CARDS.declined,
};

const api = useAppHarness({ afterEach: () => vi.restoreAllMocks() });
const guests = bookingGuests(api);
const paths = selectPaymentPaths();
const seen = new Set<string>();
let replayed = 0;

// The wizard's steps load lazily: loaded ahead, so a cold transform does not outlast a step's wait.
beforeAll(() => Promise.all([import('../../src/app'), import('../../src/routes/experience'), import('../../src/routes/payment')]));

const who = (plan: PlannedPaymentPath) => (plan.member ? (plan.largerThanWallet ? 'member, more than the wallet holds' : 'member') : 'guest');

describe('payment chart, generated paths in the app', () => {
  it.each(paths.map((plan, i) => [`${who(plan)}: ${plan.title}`, plan, i] as const))('%s', async (_, plan, index) => {
    const user = userEvent.setup();
    const account = plan.member ? MEMBER : { email: (await guests.newGuest()).email, password: GUEST_PASSWORD };
    await storeSession(api(), account.email, account.password);
    const gate = gateCalls(PAYMENT_CALLS);
    const steps = plan.path.steps;
    try {
      await toConfirm(user, plan, addDays(hongKongDate(api().clock.now()), 60 + index));
      for (let i = 0; i < steps.length; i++) {
        const previous = i === 0 ? undefined : steps[i - 1]!.state;
        const state = steps[i]!.state;
        const name = i === 0 ? undefined : plan.events[i - 1]!;
        const entering = Object.keys(state.children).filter((id) => !(previous && id in previous.children)) as (keyof typeof PAYMENT_CALLS)[];
        if (name && CALL_AFTER[name]) expect(entering, `the call after ${name}`).toEqual([CALL_AFTER[name]]);
        entering.forEach((id) => gate.arm(id));
        // The payment chart starts with the payment step.
        if (name === undefined) await agree(user);
        else await perform(name, i - 1);
        for (const id of entering) await waitFor(() => expect(gate.isHeld(id), `a ${id} call on its way`).toBe(true), CALL_WAIT);
        await expectSeen(state, name);
        activeStateIds(state).forEach((id) => seen.add(id));
      }
    } finally {
      // The demo member is shared by the file's paths: give back what this one booked, so its limits stay free.
      if (plan.member) await cancelHeldAndBooked(api(), MEMBER);
    }
    replayed++;

    async function perform(name: PaymentEventName, at: number) {
      // An answer arriving: the call it answers goes through.
      const answered = PAYMENT_ANSWER_OF[name];
      if (answered) return gate.release(answered);
      switch (name) {
        case 'configLost':
          return gate.release('loadConfig', new TypeError('Failed to fetch'));
        case 'chooseCard':
          return user.click(screen.getByRole('button', { name: /^Pay .+ by card$/ }));
        case 'chooseWallet':
          return user.click(screen.getByRole('button', { name: /^Pay (.+ )?from my Club wallet/ }));
        case 'intentRefused':
          // The hold runs out on the server while the payment is on its way (the page's clock stays).
          api().clock.advanceMinutes(16);
          return gate.release('createPayment');
        case 'submitCard': {
          const outcome = plan.events.slice(at + 1).find((e) => e in CARD_FOR)!;
          return fillCard(user, screen.getByRole('form', { name: 'Card details' }), CARD_FOR[outcome]!);
        }
        case 'approveChallenge':
          return user.click(within(challenge()).getByRole('button', { name: 'Confirm payment' }));
        case 'failChallenge':
          return user.click(within(challenge()).getByRole('button', { name: 'Fail authentication' }));
        case 'anotherCard':
          return user.click(within(challenge()).getByRole('button', { name: 'Pay with another card' }));
        case 'retry':
          return user.click(await screen.findByRole('button', { name: 'Try again' }, SLOW));
      }
    }
  }, 60_000);

  it('saw every state of the chart on the page (when every path ran)', ({ skip }) => {
    // Only a run of every path can tell.
    if (replayed !== paths.length) return skip();
    expect(PAYMENT_STATES.filter((id) => !seen.has(id))).toEqual([]);
  });
});

type User = ReturnType<typeof userEvent.setup>;

/** Books to the review step: a deposit at Le Clos, or a member's booking at Obe larger than the wallet holds. */
async function toConfirm(user: User, plan: PlannedPaymentPath, date: string) {
  const booking = plan.largerThanWallet
    ? { domain: 'obe', experience: /^Members' Cask Room/, guests: 10, time: '7:00 pm' }
    : { domain: 'leclos', experience: /^Rotisserie Sharing Menu/, guests: 2, time: '12:30 pm' };
  await openApp(`/pages/experience?domain=${booking.domain}`);
  await findHeading(STEP_HEADINGS.experience);
  await user.click(await screen.findByRole('button', { name: booking.experience }, SLOW));
  await search(user, date, booking.guests);
  await findHeading(STEP_HEADINGS.timeslot);
  await user.click(await screen.findByRole('button', { name: booking.time }, SLOW));
  const next = await screen.findByRole('heading', { level: 1, name: /Choose a dining area|Your details/ }, SLOW);
  if (next.textContent === STEP_HEADINGS.seating) await user.click(screen.getByRole('button', { name: /^No preference/ }));
  await findHeading(STEP_HEADINGS.details);
  await user.click(await screen.findByRole('button', { name: 'Continue' }, SLOW));
}

/** Cancels every reservation of the account still held or booked. */
async function cancelHeldAndBooked(api: TestApi, account: { email: string; password: string }) {
  const token = await api.login(account.email, account.password);
  const list = (await api.request('GET', '/user/reservation', { token })).body.data as { _id: string; status: string }[];
  for (const r of list.filter((r) => r.status === 'PENDING' || r.status === 'CONFIRMED')) {
    await api.request('PUT', `/user/reservation/v1.1/cancel/${r._id}`, { token });
  }
}

const challenge = () => screen.getByRole('region', { name: 'Confirm with your bank' });

/** The payment step as the person sees it in the chart's state. */
async function expectSeen(snapshot: AnyMachineSnapshot, cause: PaymentEventName | undefined) {
  if (snapshot.matches('succeeded')) {
    // Paid: the booking goes on to its confirmation.
    await findHeading(STEP_HEADINGS.result);
    return;
  }
  await findHeading(STEP_HEADINGS.payment);
  await expectText(/Your table is held for\s*\d+:\d\d/);
  if (snapshot.matches('loadingConfig') || snapshot.matches('initializingCard') || snapshot.matches('answeringChallenge') || snapshot.matches('payingByWallet')) {
    return expectStatus('One moment…');
  }
  if (snapshot.matches('choosingMethod')) {
    await screen.findByRole('button', { name: /^Pay HK\$.+ by card$/ }, SLOW);
    await screen.findByRole('button', { name: /^Pay HK\$.+ from my Club wallet$/ }, SLOW);
    if (cause === 'walletRefused') await waitFor(() => expect(alerts()).not.toEqual([]), SLOW);
    return;
  }
  if (snapshot.matches('cardForm')) {
    const form = await screen.findByRole('form', { name: 'Card details' }, SLOW);
    await waitFor(() => expect((within(form).getByRole('button', { name: /^Pay HK\$/ }) as HTMLButtonElement).disabled).toBe(false), SLOW);
    // After a decline or a failed challenge the form says why, and takes another card.
    if (snapshot.context.refusal) await waitFor(() => expect(alerts()).not.toEqual([]), SLOW);
    const walletOffered = Boolean(snapshot.context.config?.methods.includes('WALLET'));
    expect(screen.queryByRole('button', { name: 'Pay from my Club wallet instead' }) !== null, 'the wallet offered').toBe(walletOffered);
    return;
  }
  if (snapshot.matches('submitting')) return screen.findByRole('button', { name: 'Paying…' }, SLOW);
  if (snapshot.matches('challenge')) {
    const region = await screen.findByRole('region', { name: 'Confirm with your bank' }, SLOW);
    within(region).getByRole('button', { name: 'Confirm payment' });
    within(region).getByRole('button', { name: 'Fail authentication' });
    within(region).getByRole('button', { name: 'Pay with another card' });
    return;
  }
  if (snapshot.matches('confirming')) return expectStatus('Confirming your payment…');
  if (snapshot.matches('failed')) {
    const texts: Record<string, string> = {
      config: 'Failed to get payment configuration',
      initialization: 'The initialization of the payment has failed.',
    };
    const text = texts[snapshot.context.problem as string];
    if (text) await expectAlert(text);
    else await waitFor(() => expect(alerts()).not.toEqual([]), SLOW);
    return screen.findByRole('button', { name: 'Try again' }, SLOW);
  }
  throw new Error(`No view known for ${JSON.stringify(snapshot.value)}`);
}
