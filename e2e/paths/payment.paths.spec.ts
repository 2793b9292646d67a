/**
 * Generated browser paths of the payment chart (machines/payment.machine.ts), which the booking chart's
 * payment step invokes: each path books to the payment step, then replays the path there: test cards
 * the processor approves, declines or challenges with 3-D Secure, the member's wallet (enough, or not),
 * a configuration call the network drops, a payment that cannot start because the hold ran out on the
 * server. See payment-model.ts for how the paths are chosen.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { declaredTransitions } from '../../tests/support/machines/graph-coverage';
import { paymentMachine } from '../../machines/payment.machine';
import { expectHeading, useDemoSession, useSession } from '../support/app';
import { agreeAndSubmit, bookingDay, STEP_HEADINGS, walkBooking } from '../support/booking';
import { CARD_EXPIRY, CARDS } from '../support/constants';
import { expect, minutes, test } from '../support/fixtures';
import type { Session, TestServer } from '../support/server-api';
import { activeStateIds, pathTransitions } from './booking-model';
import { Gates } from './gates';
import { PAYMENT_ANSWER_OF, PAYMENT_CALL_AFTER as CALL_AFTER, PAYMENT_CALLS, PAYMENT_STATES, selectPaymentPaths, type PaymentEventName, type PlannedPaymentPath } from './payment-model';

const paths = selectPaymentPaths();
/** Booking days of these paths: 60 days ahead and on, one per path. */
const FIRST_DAY = 60;
const reachedInBrowser = new Set<string>();
let replayed = 0;

test.describe('payment chart paths in the browser', () => {
  test('the chosen paths reach every state of the payment chart', () => {
    const reached = new Set(paths.flatMap((p) => p.path.steps.flatMap((s) => activeStateIds(s.state))));
    expect(PAYMENT_STATES.filter((id) => !reached.has(id))).toEqual([]);
    const declared = declaredTransitions(paymentMachine);
    const taken = new Set(paths.flatMap((p) => pathTransitions(p.path)));
    test.info().annotations.push({
      type: 'coverage',
      description: `${paths.length} paths; ${PAYMENT_STATES.length}/${PAYMENT_STATES.length} states; ${[...taken].filter((t) => declared.has(t)).length}/${declared.size} declared transitions`,
    });
  });

  paths.forEach((plan, index) => {
    const who = plan.member ? (plan.largerThanWallet ? 'member, more than the wallet holds' : 'member') : 'guest';
    test(`${index + 1}. ${who}: ${plan.title}`, async ({ page, server }) => {
      const session: Session = plan.member ? await useDemoSession(page, server, 'member') : await server.signUp();
      if (!plan.member) await useSession(page, session);
      const before = plan.member ? await reservationIds(server, session) : new Set<string>();
      const gates = await Gates.install(page, PAYMENT_CALLS);
      try {
        await walkBooking(page, server, {
          ...(plan.largerThanWallet
            ? { venue: 'obe', experience: "Members' Cask Room", guests: 10, time: '7:00 pm' }
            : { venue: 'leclos', experience: 'Rotisserie Sharing Menu', guests: 2, time: '12:30 pm' }),
          date: await bookingDay(server, FIRST_DAY + index),
          until: 'confirm',
        });
        const steps = plan.path.steps;
        for (let i = 0; i < steps.length; i++) {
          const previous = i === 0 ? undefined : steps[i - 1]!.state;
          const state = steps[i]!.state;
          const entering = Object.keys(state.children).filter((id) => !(previous && id in previous.children));
          if (i > 0 && CALL_AFTER[plan.events[i - 1]!]) expect(entering, `the call after ${plan.events[i - 1]}`).toEqual([CALL_AFTER[plan.events[i - 1]!]]);
          entering.forEach((id) => gates.arm(id));
          // The payment chart starts with the payment step.
          if (i === 0) expect(await agreeAndSubmit(page)).toBe('payment');
          else await act({ page, server, gates, plan }, plan.events[i - 1]!, i - 1);
          for (const id of entering) await gates.waitForCall(id);
          await check(page, state, i === 0 ? undefined : plan.events[i - 1]);
          activeStateIds(state).forEach((id) => reachedInBrowser.add(id));
        }
      } finally {
        await gates.releaseAll();
        // The demo member is shared: give back what this test booked, so its limits stay free for others.
        if (plan.member) await cancelNew(server, before);
      }
      replayed++;
    });
  });

  test.afterAll(() => {
    if (replayed !== paths.length) return;
    const missing = PAYMENT_STATES.filter((id) => !reachedInBrowser.has(id));
    console.log(`payment chart in the browser: ${PAYMENT_STATES.length - missing.length}/${PAYMENT_STATES.length} states over ${paths.length} paths`);
    expect(missing, 'states no replay reached in the browser').toEqual([]);
  });
});

interface Run {
  page: Page;
  server: TestServer;
  gates: Gates;
  plan: PlannedPaymentPath;
}

async function reservationIds(server: TestServer, session: Session): Promise<Set<string>> {
  const { body } = await server.call<{ data: { _id: string }[] }>('GET', '/user/reservation', { token: session.token });
  return new Set(body.data.map((r) => r._id));
}

async function cancelNew(server: TestServer, before: Set<string>): Promise<void> {
  const fresh = await server.logIn('member');
  const { body } = await server.call<{ data: { _id: string; status: string }[] }>('GET', '/user/reservation', { token: fresh.token });
  for (const r of body.data) {
    if (!before.has(r._id) && (r.status === 'PENDING' || r.status === 'CONFIRMED')) {
      await server.call('PUT', `/user/reservation/v1.1/cancel/${r._id}`, { token: fresh.token, expectOk: false });
    }
  }
}

const CARD_FOR: Partial<Record<PaymentEventName, string>> = {
  cardTaken: CARDS.approved,
  challengeAsked: CARDS.threeDSecure,
  cardDeclined: CARDS.declined,
};

async function act(run: Run, name: PaymentEventName, i: number): Promise<void> {
  const { page, gates, server } = run;
  // An answer arriving: the call it answers goes through.
  const answered = PAYMENT_ANSWER_OF[name];
  if (answered) return gates.release(answered);
  switch (name) {
    case 'configLost':
      return gates.fail('loadConfig');
    case 'chooseCard':
      await page.getByRole('button', { name: /^Pay .+ by card$/ }).click();
      return;
    case 'chooseWallet':
      await page.getByRole('button', { name: /^Pay (.+ )?from my Club wallet/ }).click();
      return;
    case 'intentRefused':
      // The hold runs out on the server while the payment is on its way (the page's clock stays).
      return gates.release('createPayment', async () => {
        await server.setClock({ advanceMs: minutes(16) });
      });
    case 'submitCard': {
      const outcome = run.plan.events.slice(i + 1).find((e) => e in CARD_FOR)!;
      const form = page.getByRole('form', { name: 'Card details' });
      await form.getByLabel('Cardholder name').fill('Tess Walker');
      await form.getByLabel('Card number').fill(CARD_FOR[outcome]!);
      await form.getByLabel('Expiry (MM/YY)').fill(CARD_EXPIRY);
      await form.getByLabel('Security code').fill('123');
      await form.getByRole('button', { name: /^Pay / }).click();
      return;
    }
    case 'approveChallenge':
      await page.getByRole('region', { name: 'Confirm with your bank' }).getByRole('button', { name: 'Confirm payment' }).click();
      return;
    case 'failChallenge':
      await page.getByRole('region', { name: 'Confirm with your bank' }).getByRole('button', { name: 'Fail authentication' }).click();
      return;
    case 'anotherCard':
      await page.getByRole('region', { name: 'Confirm with your bank' }).getByRole('button', { name: 'Pay with another card' }).click();
      return;
    case 'retry':
      await page.getByRole('button', { name: 'Try again' }).click();
      return;
  }
}

const oneMoment = (page: Page) => page.getByRole('status').filter({ hasText: 'One moment…' });

/** Reads the payment step for the payment chart's state. */
async function check(page: Page, snapshot: AnyMachineSnapshot, cause: PaymentEventName | undefined): Promise<void> {
  if (snapshot.matches('succeeded')) {
    // Paid: the booking goes on to its confirmation.
    await expectHeading(page, STEP_HEADINGS.result);
    return;
  }
  await expectHeading(page, STEP_HEADINGS.payment);
  await expect(page.getByText(/Your table is held for\s*\d+:\d\d/)).toBeVisible();
  // The messages shown: the page also keeps an empty alert region for toasts.
  const alert = page.getByRole('alert').filter({ hasText: /\S/ });
  if (snapshot.matches('loadingConfig') || snapshot.matches('initializingCard') || snapshot.matches('answeringChallenge') || snapshot.matches('payingByWallet')) {
    await expect(oneMoment(page)).toBeVisible();
  } else if (snapshot.matches('choosingMethod')) {
    await expect(page.getByRole('button', { name: /^Pay HK\$.+ by card$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay HK\$.+ from my Club wallet$/ })).toBeVisible();
    if (cause === 'walletRefused') await expect(alert).toBeVisible();
  } else if (snapshot.matches('cardForm')) {
    const form = page.getByRole('form', { name: 'Card details' });
    await expect(form.getByLabel('Card number')).toBeVisible();
    await expect(form.getByRole('button', { name: /^Pay HK\$/ })).toBeEnabled();
    // After a decline or a failed challenge the form says why, and takes another card.
    if (snapshot.context.refusal) await expect(alert).toBeVisible();
    const walletOffered = snapshot.context.config?.methods.includes('WALLET');
    await expect(page.getByRole('button', { name: 'Pay from my Club wallet instead' })).toHaveCount(walletOffered ? 1 : 0);
  } else if (snapshot.matches('submitting')) {
    await expect(page.getByRole('button', { name: 'Paying…' })).toBeVisible();
  } else if (snapshot.matches('challenge')) {
    const challenge = page.getByRole('region', { name: 'Confirm with your bank' });
    await expect(challenge.getByRole('button', { name: 'Confirm payment' })).toBeVisible();
    await expect(challenge.getByRole('button', { name: 'Fail authentication' })).toBeVisible();
    await expect(challenge.getByRole('button', { name: 'Pay with another card' })).toBeVisible();
  } else if (snapshot.matches('confirming')) {
    await expect(page.getByRole('status').filter({ hasText: 'Confirming your payment…' })).toBeVisible();
  } else if (snapshot.matches('failed')) {
    const texts: Record<string, string> = {
      config: 'Failed to get payment configuration',
      initialization: 'The initialization of the payment has failed.',
    };
    await expect(alert).toContainText(texts[snapshot.context.problem as string] ?? /./);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  } else {
    throw new Error(`No page check for ${JSON.stringify(snapshot.value)}`);
  }
}
