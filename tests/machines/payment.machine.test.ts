import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { paymentMachine, type Payment, type PaymentConfig, type PaymentIntent } from '../../machines/payment.machine';
import { declaredTransitions, reachedStates, takenTransitions, transitionCoverPaths } from '../support/machines/graph-coverage';
import { allStateIds } from '../support/machines/replay';

const cardOnly: PaymentConfig = { provider: 'test-mode', publishableKey: 'pk_test', currency: 'HKD', methods: ['CARD'] };
const withWallet: PaymentConfig = { ...cardOnly, methods: ['CARD', 'WALLET'] };
const savedVisa = { _id: 'aaaaaaaaaaaaaaaaaaaaaa09', brand: 'visa', last4: '4242' };
const withSavedCard: PaymentConfig = { ...cardOnly, savedCards: [savedVisa] };
const payment = (overrides: Partial<Payment> = {}): Payment => ({
  _id: 'aaaaaaaaaaaaaaaaaaaaaa01',
  reservationId: 'cccccccccccccccccccccc01',
  purpose: 'RESERVATION',
  method: 'CARD',
  amount: 60000,
  currency: 'HKD',
  status: 'REQUIRES_PAYMENT_METHOD',
  intentId: 'pi_1',
  clientSecret: 'pi_1_secret',
  cardLast4: null,
  failureMessage: null,
  ...overrides,
});
const intent = (status: string, lastError: string | null = null) => ({ id: 'pi_1', status, amount: 60000, currency: 'HKD', lastError });
const card = { cardholderName: 'Martin Leung', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

const events = [
  { type: 'xstate.done.actor.loadConfig', output: cardOnly },
  { type: 'xstate.done.actor.loadConfig', output: withWallet },
  { type: 'xstate.done.actor.loadConfig', output: withSavedCard },
  { type: 'card.saved', savedCardId: savedVisa._id },
  { type: 'card.saved', savedCardId: 'not-a-saved-card' },
  { type: 'xstate.done.actor.payBySavedCard', output: payment({ status: 'SUCCEEDED', clientSecret: null }) },
  { type: 'xstate.done.actor.payBySavedCard', output: payment({ status: 'PROCESSING', clientSecret: null }) },
  { type: 'xstate.done.actor.payBySavedCard', output: payment({ status: 'FAILED', clientSecret: null, failureMessage: 'Your card was declined.' }) },
  { type: 'xstate.done.actor.payBySavedCard', output: payment() },
  { type: 'xstate.error.actor.payBySavedCard', error: { message: 'This saved card was not found' } },
  { type: 'xstate.error.actor.payBySavedCard', error: { errorCode: 20107, message: 'This reservation has already been paid' } },
  { type: 'xstate.done.actor.loadConfig', output: { ...cardOnly, provider: 'unknown' } },
  { type: 'xstate.error.actor.loadConfig', error: { message: 'down' } },
  { type: 'method.card' },
  { type: 'method.wallet' },
  { type: 'xstate.done.actor.createPayment', output: payment() },
  { type: 'xstate.done.actor.createPayment', output: payment({ status: 'SUCCEEDED' }) },
  { type: 'xstate.done.actor.createPayment', output: payment({ status: 'FAILED', clientSecret: null }) },
  { type: 'xstate.done.actor.createPayment', output: payment({ clientSecret: null }) },
  { type: 'xstate.done.actor.createPayment', output: payment({ status: 'REQUIRES_ACTION' }) },
  { type: 'xstate.done.actor.createPayment', output: payment({ status: 'PROCESSING' }) },
  { type: 'xstate.error.actor.createPayment', error: { message: 'no' } },
  { type: 'xstate.error.actor.createPayment', error: { errorCode: 20107, message: 'This reservation has already been paid' } },
  { type: 'card.submit', card },
  { type: 'xstate.done.actor.confirmCard', output: intent('requires_action') },
  { type: 'xstate.done.actor.confirmCard', output: intent('succeeded') },
  { type: 'xstate.done.actor.confirmCard', output: intent('requires_payment_method', 'Your card was declined.') },
  { type: 'xstate.done.actor.confirmCard', output: intent('failed', 'Your card has insufficient funds.') },
  { type: 'xstate.error.actor.confirmCard', error: { errorCode: 40000, message: 'Your card number is incorrect.', field: 'cardNumber' } },
  { type: 'xstate.error.actor.confirmCard', error: { message: 'network' } },
  { type: 'challenge.approve' },
  { type: 'challenge.fail' },
  { type: 'card.another' },
  { type: 'xstate.done.actor.answerChallenge', output: intent('succeeded') },
  { type: 'xstate.done.actor.answerChallenge', output: intent('requires_payment_method', 'The 3-D Secure check failed.') },
  { type: 'xstate.error.actor.answerChallenge', error: { message: 'network' } },
  { type: 'xstate.done.actor.waitForPayment', output: payment({ status: 'SUCCEEDED', cardLast4: '4242' }) },
  { type: 'xstate.done.actor.waitForPayment', output: payment({ status: 'FAILED' }) },
  { type: 'xstate.done.actor.waitForPayment', output: payment({ status: 'REFUNDED', clientSecret: null }) },
  { type: 'xstate.error.actor.waitForPayment', error: { message: 'timeout' } },
  { type: 'xstate.done.actor.payByWallet', output: payment({ method: 'WALLET', status: 'REQUIRES_PAYMENT_METHOD' }) },
  { type: 'xstate.error.actor.payByWallet', error: { message: 'Your wallet balance is too low for this payment.' } },
  { type: 'xstate.error.actor.payByWallet', error: { errorCode: 20107, message: 'This reservation has already been paid' } },
  { type: 'retry' },
] as unknown as EventObject[];

// The attempt counter grows with every retry; leaving it out keeps the state space finite.
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([s.value, s.context.config?.methods.includes('WALLET') ?? null, s.context.payment !== null, Boolean(s.context.payment?.clientSecret)]);
const input = { purpose: 'reservation', reservationId: 'cccccccccccccccccccccc01', amount: 60000 } as const;
const topUpInput = { purpose: 'top-up', topUpId: '7f3c2a9e41b0', amount: 500_000 } as const;

describe('payment machine for a wallet top-up', () => {
  it('reaches every state but the wallet’s, even when the configuration offers the wallet', () => {
    const topUpPaths = transitionCoverPaths(paymentMachine, { input: topUpInput, events, serializeState });
    const reached = reachedStates(topUpPaths);
    expect(allStateIds(paymentMachine).filter((id) => !reached.has(id))).toEqual(['payment.choosingMethod', 'payment.payingBySavedCard', 'payment.payingByWallet']);
    const taken = takenTransitions(topUpPaths);
    expect([...declaredTransitions(paymentMachine)].filter((t) => !taken.has(t)).sort()).toEqual([
      'payment.choosingMethod:method.card',
      'payment.choosingMethod:method.wallet',
      'payment.payingBySavedCard:xstate.done.actor.payBySavedCard',
      'payment.payingBySavedCard:xstate.error.actor.payBySavedCard',
      'payment.payingByWallet:xstate.done.actor.payByWallet',
      'payment.payingByWallet:xstate.error.actor.payByWallet',
    ]);
  });
});

describe('payment machine rules', () => {
  function run(answers: Partial<Record<string, (input: any) => unknown>>, start: typeof input | typeof topUpInput = input) {
    const actors = Object.fromEntries(Object.entries(answers).map(([id, answer]) => [id, fromPromise(async ({ input }) => answer!(input))]));
    return createActor(paymentMachine.provide({ actors }), { input: start }).start();
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('lets the guest try another card after a decline, on a fresh payment with its own idempotency key', async () => {
    const keys: string[] = [];
    let confirmations = 0;
    const actor = run({
      loadConfig: () => cardOnly,
      createPayment: (i: { idempotencyKey: string }) => (keys.push(i.idempotencyKey), payment()),
      confirmCard: () => (++confirmations === 1 ? intent('failed', 'Your card has insufficient funds.') : intent('succeeded')),
      waitForPayment: () => payment({ status: 'SUCCEEDED' }),
    });
    await settle();
    actor.send({ type: 'card.submit', card });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('cardForm');
    expect(actor.getSnapshot().context.refusal).toEqual({ message: 'Your card has insufficient funds.' });
    expect(actor.getSnapshot().context.attempt).toBe(2);
    actor.send({ type: 'card.submit', card });
    await settle();
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ paymentId: payment()._id, method: 'CARD' });
    expect(keys).toEqual([`${input.reservationId}-card-1`, `${input.reservationId}-card-2`]);
  });

  it('asks the server when the processor refuses the card: paid meanwhile (another tab) goes on, still open shows the card form with the problem, over starts afresh', async () => {
    const answers = [payment(), payment({ status: 'SUCCEEDED' })];
    const keys: string[] = [];
    const paid = run({
      loadConfig: () => cardOnly,
      createPayment: (i: { idempotencyKey: string }) => (keys.push(i.idempotencyKey), answers.shift()),
      confirmCard: () => Promise.reject({ message: 'This payment cannot be confirmed in its state' }),
    });
    await settle();
    paid.send({ type: 'card.submit', card });
    await settle();
    await settle();
    expect(paid.getSnapshot().status).toBe('done');
    expect(paid.getSnapshot().output).toEqual({ paymentId: payment()._id, method: 'CARD' });
    // The same key: the server answers the one payment of this attempt.
    expect(keys).toEqual([`${input.reservationId}-card-1`, `${input.reservationId}-card-1`]);

    const open = run({ loadConfig: () => cardOnly, createPayment: () => payment(), confirmCard: () => Promise.reject({ message: 'network' }) });
    await settle();
    open.send({ type: 'card.submit', card });
    await settle();
    await settle();
    expect(open.getSnapshot().value).toBe('cardForm');
    expect(open.getSnapshot().context.problem).toBe('during');

    const overKeys: string[] = [];
    const over = [payment(), payment({ status: 'FAILED', clientSecret: null }), payment()];
    const closed = run({
      loadConfig: () => cardOnly,
      createPayment: (i: { idempotencyKey: string }) => (overKeys.push(i.idempotencyKey), over.shift()),
      confirmCard: () => Promise.reject({ message: 'cancelled' }),
    });
    await settle();
    closed.send({ type: 'card.submit', card });
    await settle();
    await settle();
    await settle();
    expect(closed.getSnapshot().value).toBe('cardForm');
    expect(overKeys).toEqual([`${input.reservationId}-card-1`, `${input.reservationId}-card-1`, `${input.reservationId}-card-2`]);

    const taken = run({
      loadConfig: () => cardOnly,
      createPayment: (() => {
        let calls = 0;
        return () => (++calls === 1 ? payment() : Promise.reject({ errorCode: 20107, message: 'This reservation has already been paid' }));
      })(),
      confirmCard: () => Promise.reject({ message: 'paid elsewhere' }),
    });
    await settle();
    taken.send({ type: 'card.submit', card });
    await settle();
    await settle();
    expect(taken.getSnapshot().value).toBe('succeeded');
  });

  it("drives Stripe too: the Payment Element's own confirmation is what confirms the card, and a refusal starts a fresh attempt", async () => {
    const stripe: PaymentConfig = { ...cardOnly, provider: 'stripe', publishableKey: 'pk_test_club' };
    const keys: string[] = [];
    const inputs: { card?: unknown; clientSecret: string }[] = [];
    const actor = run({
      loadConfig: () => stripe,
      createPayment: (i: { idempotencyKey: string }) => (keys.push(i.idempotencyKey), payment()),
      // As the app's actor does: a component's confirmation runs as is.
      confirmCard: (i: { card?: unknown; clientSecret: string; confirm: () => Promise<unknown> }) => (inputs.push(i), i.confirm()),
      waitForPayment: () => payment({ status: 'SUCCEEDED' }),
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('cardForm');
    actor.send({ type: 'card.submit', confirm: async () => intent('failed', 'Your card was declined.') as PaymentIntent });
    await settle();
    await settle();
    expect(actor.getSnapshot().context.refusal).toEqual({ message: 'Your card was declined.' });
    actor.send({ type: 'card.submit', confirm: async () => intent('succeeded') as PaymentIntent });
    await settle();
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(inputs.map((i) => [i.card, i.clientSecret])).toEqual([
      [undefined, 'pi_1_secret'],
      [undefined, 'pi_1_secret'],
    ]);
    expect(keys).toEqual([`${input.reservationId}-card-1`, `${input.reservationId}-card-2`]);
  });

  it('says the card component cannot be made for a payment that is over, or was not set up, and starts afresh on retry', async () => {
    const keys: string[] = [];
    const answers = [payment({ status: 'FAILED', clientSecret: null }), payment({ clientSecret: null }), payment()];
    const actor = run({
      loadConfig: () => cardOnly,
      createPayment: (i: { idempotencyKey: string }) => (keys.push(i.idempotencyKey), answers.shift()),
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.problem).toBe('component');
    actor.send({ type: 'retry' });
    await settle();
    await settle();
    // The form shows, but Pay finds no intent to confirm the card against.
    expect(actor.getSnapshot().value).toBe('cardForm');
    actor.send({ type: 'card.submit', card });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.problem).toBe('not-initialized');
    actor.send({ type: 'retry' });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('cardForm');
    expect(keys).toEqual([1, 2, 3].map((n) => `${input.reservationId}-card-${n}`));
  });

  it('goes on to completion when its card payment is given back because another one had paid the reservation', async () => {
    const keys: string[] = [];
    const actor = run({
      loadConfig: () => cardOnly,
      createPayment: (i: { idempotencyKey: string }) => {
        keys.push(i.idempotencyKey);
        if (keys.length > 1) throw { errorCode: 20107, message: 'This reservation has already been paid' };
        return payment();
      },
      confirmCard: () => intent('succeeded'),
      waitForPayment: () => payment({ status: 'REFUNDED', clientSecret: null }),
    });
    await settle();
    actor.send({ type: 'card.submit', card });
    for (let i = 0; i < 5; i++) await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ paymentId: null, method: null });
    expect(keys).toEqual([1, 2].map((n) => `${input.reservationId}-card-${n}`));
  });

  it("does not take the browser's word: it waits for the server to say SUCCEEDED", async () => {
    const actor = run({
      loadConfig: () => cardOnly,
      createPayment: () => payment(),
      confirmCard: () => intent('succeeded'),
      waitForPayment: () => payment({ status: 'REQUIRES_ACTION' }),
    });
    await settle();
    actor.send({ type: 'card.submit', card });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.problem).toBe('abnormal');
  });

  it('offers the wallet to members and falls back to the choice when the balance is short', async () => {
    const actor = run({
      loadConfig: () => withWallet,
      createPayment: (i: { method: string }) => {
        if (i.method === 'WALLET') throw { message: 'Your wallet balance is too low for this payment.' };
        return payment();
      },
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('choosingMethod');
    actor.send({ type: 'method.wallet' });
    await settle();
    expect(actor.getSnapshot().value).toBe('choosingMethod');
    expect(actor.getSnapshot().context.refusal?.message).toBe('Your wallet balance is too low for this payment.');
  });

  it('tops up a member’s wallet by card only, with keys of the top-up’s own', async () => {
    const calls: unknown[] = [];
    let confirmations = 0;
    const actor = run(
      {
        loadConfig: () => withWallet,
        createPayment: (i: unknown) => (calls.push(i), payment({ purpose: 'WALLET_TOP_UP', reservationId: null, amount: 500_000 })),
        confirmCard: () => (++confirmations === 1 ? intent('failed', 'Your card was declined.') : intent('succeeded')),
        waitForPayment: () => payment({ purpose: 'WALLET_TOP_UP', reservationId: null, amount: 500_000, status: 'SUCCEEDED' }),
      },
      topUpInput,
    );
    await settle();
    // The wallet is not offered: straight to the card form, and a sent 'method.wallet' changes nothing.
    expect(actor.getSnapshot().value).toBe('cardForm');
    actor.send({ type: 'method.wallet' });
    expect(actor.getSnapshot().value).toBe('cardForm');
    actor.send({ type: 'card.submit', card });
    await settle();
    await settle();
    expect(actor.getSnapshot().context.refusal).toEqual({ message: 'Your card was declined.' });
    actor.send({ type: 'card.submit', card });
    await settle();
    await settle();
    expect(actor.getSnapshot().output).toEqual({ paymentId: payment()._id, method: 'CARD' });
    expect(calls).toEqual([1, 2].map((n) => ({
      purpose: 'top-up',
      reservationId: null,
      holdId: null,
      amount: 500_000,
      method: 'CARD',
      idempotencyKey: `top-up-${topUpInput.topUpId}-card-${n}`,
    })));
  });

  it("shows the bank's check again after a reload, and takes another card on a new attempt", async () => {
    const keys: string[] = [];
    const answers = [payment({ status: 'REQUIRES_ACTION' }), payment({ _id: 'aaaaaaaaaaaaaaaaaaaaaa02', intentId: 'pi_2', clientSecret: 'pi_2_secret' })];
    const challenges: unknown[] = [];
    const actor = run({
      loadConfig: () => cardOnly,
      createPayment: (i: { idempotencyKey: string }) => (keys.push(i.idempotencyKey), answers.shift()),
      answerChallenge: (i: unknown) => (challenges.push(i), intent('succeeded')),
      confirmCard: (i: { intentId: string }) => (challenges.push(i.intentId), intent('succeeded')),
      waitForPayment: () => payment({ _id: 'aaaaaaaaaaaaaaaaaaaaaa02', status: 'SUCCEEDED' }),
    });
    await settle();
    // The same attempt's key answered the payment still in the bank's check: the check, not the card form.
    expect(actor.getSnapshot().value).toBe('challenge');
    actor.send({ type: 'card.another' });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('cardForm');
    expect(actor.getSnapshot().context.payment?.intentId).toBe('pi_2');
    actor.send({ type: 'card.submit', card });
    await settle();
    await settle();
    expect(actor.getSnapshot().output).toEqual({ paymentId: 'aaaaaaaaaaaaaaaaaaaaaa02', method: 'CARD' });
    // The new card went to the new attempt's intent; the old check was never answered.
    expect(challenges).toEqual(['pi_2']);
    expect(keys).toEqual([1, 2].map((n) => `${input.reservationId}-card-${n}`));
  });

  it("waits for the server's word after a reload once the card has paid, rather than asking for a card", async () => {
    const waited: unknown[] = [];
    const actor = run({
      loadConfig: () => cardOnly,
      createPayment: () => payment({ status: 'PROCESSING' }),
      waitForPayment: (i: unknown) => (waited.push(i), payment({ status: 'SUCCEEDED' })),
    });
    await settle();
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(waited).toEqual([{ paymentId: payment()._id, holdId: null }]);
  });

  it('asks the server when the bank\'s answer is refused: replaced from another tab, it starts a new attempt; still in the check, the check again', async () => {
    const keys: string[] = [];
    const over = [payment(), payment({ status: 'FAILED', clientSecret: null }), payment({ _id: 'aaaaaaaaaaaaaaaaaaaaaa03' })];
    const replaced = run({
      loadConfig: () => cardOnly,
      createPayment: (i: { idempotencyKey: string }) => (keys.push(i.idempotencyKey), over.shift()),
      confirmCard: () => intent('requires_action'),
      answerChallenge: () => Promise.reject({ message: 'This payment cannot take a 3-D Secure answer: its status is failed' }),
    });
    await settle();
    replaced.send({ type: 'card.submit', card });
    await settle();
    replaced.send({ type: 'challenge.approve' });
    for (let i = 0; i < 4; i++) await settle();
    expect(replaced.getSnapshot().value).toBe('cardForm');
    expect(replaced.getSnapshot().context.payment?._id).toBe('aaaaaaaaaaaaaaaaaaaaaa03');
    expect(keys).toEqual([1, 1, 2].map((n) => `${input.reservationId}-card-${n}`));

    const still = [payment(), payment({ status: 'REQUIRES_ACTION' })];
    const again = run({
      loadConfig: () => cardOnly,
      createPayment: () => still.shift(),
      confirmCard: () => intent('requires_action'),
      answerChallenge: () => Promise.reject({ message: 'network' }),
    });
    await settle();
    again.send({ type: 'card.submit', card });
    await settle();
    again.send({ type: 'challenge.approve' });
    for (let i = 0; i < 3; i++) await settle();
    expect(again.getSnapshot().value).toBe('challenge');
    expect(again.getSnapshot().context.problem).toBe('during');
  });

  it('pays with a saved card without a typed one, on an attempt of its own; a refused one says why and opens the card form', async () => {
    const calls: { idempotencyKey: string; savedCardId?: string }[] = [];
    const answers = [payment(), payment({ status: 'FAILED', clientSecret: null, failureMessage: 'Your card was declined.' }), payment({ _id: 'aaaaaaaaaaaaaaaaaaaaaa04' }), payment({ status: 'SUCCEEDED', clientSecret: null })];
    const actor = run({
      loadConfig: () => withSavedCard,
      createPayment: (i: { idempotencyKey: string; savedCardId?: string }) => (calls.push(i), answers.shift()),
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('cardForm');
    // Only a card the configuration offers.
    actor.send({ type: 'card.saved', savedCardId: 'someone-elses' });
    expect(actor.getSnapshot().value).toBe('cardForm');
    actor.send({ type: 'card.saved', savedCardId: savedVisa._id });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('cardForm');
    expect(actor.getSnapshot().context.refusal).toEqual({ message: 'Your card was declined.' });
    expect(actor.getSnapshot().context.payment?._id).toBe('aaaaaaaaaaaaaaaaaaaaaa04');
    actor.send({ type: 'card.saved', savedCardId: savedVisa._id });
    await settle();
    expect(actor.getSnapshot().output).toEqual({ paymentId: payment()._id, method: 'CARD' });
    expect(calls.map((c) => [c.idempotencyKey, c.savedCardId])).toEqual([
      [`${input.reservationId}-card-1`, undefined],
      [`${input.reservationId}-saved-1`, savedVisa._id],
      [`${input.reservationId}-card-2`, undefined],
      [`${input.reservationId}-saved-2`, savedVisa._id],
    ]);
  });

  it('offers no saved card for a top-up', async () => {
    const actor = run({ loadConfig: () => withSavedCard, createPayment: () => payment({ purpose: 'WALLET_TOP_UP', reservationId: null }) }, topUpInput);
    await settle();
    await settle();
    actor.send({ type: 'card.saved', savedCardId: savedVisa._id });
    expect(actor.getSnapshot().value).toBe('cardForm');
  });

  it('asks for a reservation’s payment with the reservation and its amount', async () => {
    const calls: unknown[] = [];
    run({ loadConfig: () => cardOnly, createPayment: (i: unknown) => (calls.push(i), payment()) });
    await settle();
    await settle();
    expect(calls).toEqual([
      { purpose: 'reservation', reservationId: input.reservationId, holdId: null, amount: 60000, method: 'CARD', idempotencyKey: `${input.reservationId}-card-1` },
    ]);
  });
});
