/**
 * The card guarantee chart (machines/card-guarantee.machine.ts) on its own: generated paths take every state
 * and every declared transition, and the rules docs/decisions/0035-card-guarantee.md sets: a saved card is
 * done at once (a reload after saving), a setup left in the bank's check shows the check again, a declined
 * card asks the server for a new setup with the bank's reason shown, a refused field stays on the form, and
 * the card is saved only on the server's word.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { cardGuaranteeMachine, setupIdOf, type CardGuarantee } from '../../machines/card-guarantee.machine';
import { declaredTransitions, reachedStates, takenTransitions, transitionCoverPaths } from '../support/machines/graph-coverage';
import { allStateIds } from '../support/machines/replay';

const reservationId = 'cccccccccccccccccccccc01';
const guarantee = (overrides: Partial<CardGuarantee> = {}): CardGuarantee => ({
  reservationId,
  status: 'REQUIRES_CARD',
  clientSecret: 'seti_1_secret_abc',
  card: null,
  failureMessage: null,
  feePerGuest: 50_000,
  cancelBy: '2026-12-09T10:00:00.000Z',
  ...overrides,
});
const saved = guarantee({ status: 'SAVED', clientSecret: null, card: { brand: 'visa', last4: '4242' } });
const intent = (status: string, lastError: string | null = null) => ({ id: 'seti_1', status, amount: 0, currency: 'HKD', lastError });
const card = { cardholderName: 'Martin Leung', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

const events = [
  { type: 'xstate.done.actor.startGuarantee', output: guarantee() },
  { type: 'xstate.done.actor.startGuarantee', output: saved },
  { type: 'xstate.done.actor.startGuarantee', output: guarantee({ status: 'REQUIRES_ACTION' }) },
  { type: 'xstate.done.actor.startGuarantee', output: guarantee({ clientSecret: null }) },
  { type: 'xstate.error.actor.startGuarantee', error: { errorCode: 10202, message: 'Your reservation has expired. Please make a new reservation' } },
  { type: 'card.submit', card },
  { type: 'xstate.done.actor.confirmCard', output: intent('requires_action') },
  { type: 'xstate.done.actor.confirmCard', output: intent('succeeded') },
  { type: 'xstate.done.actor.confirmCard', output: intent('failed', 'Your card was declined.') },
  { type: 'xstate.error.actor.confirmCard', error: { errorCode: 40000, message: 'Your card number is incorrect.', field: 'cardNumber' } },
  { type: 'xstate.error.actor.confirmCard', error: { message: 'network' } },
  { type: 'challenge.approve' },
  { type: 'challenge.fail' },
  { type: 'xstate.done.actor.answerChallenge', output: intent('succeeded') },
  { type: 'xstate.done.actor.answerChallenge', output: intent('failed', 'The 3-D Secure check failed.') },
  { type: 'xstate.error.actor.answerChallenge', error: { message: 'network' } },
  { type: 'xstate.done.actor.readGuarantee', output: saved },
  { type: 'xstate.done.actor.readGuarantee', output: guarantee({ status: 'FAILED', clientSecret: null, failureMessage: 'Your card was declined.' }) },
  { type: 'xstate.done.actor.readGuarantee', output: guarantee({ status: 'REQUIRES_ACTION' }) },
  { type: 'xstate.done.actor.readGuarantee', output: guarantee() },
  { type: 'xstate.done.actor.readGuarantee', output: guarantee({ clientSecret: null }) },
  { type: 'xstate.error.actor.readGuarantee', error: { message: 'timeout' } },
  { type: 'retry' },
] as unknown as EventObject[];

const serializeState = (s: AnyMachineSnapshot) => JSON.stringify([s.value, Boolean(s.context.guarantee?.clientSecret)]);

describe('card guarantee machine, generated paths', () => {
  const paths = transitionCoverPaths(cardGuaranteeMachine, { input: { reservationId }, events, serializeState });

  it('reach every state', () => {
    const reached = reachedStates(paths);
    expect(allStateIds(cardGuaranteeMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it('take every declared transition', () => {
    const taken = takenTransitions(paths);
    expect([...declaredTransitions(cardGuaranteeMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('card guarantee machine rules', () => {
  function run(answers: Partial<Record<string, (input: any) => unknown>>) {
    const actors = Object.fromEntries(Object.entries(answers).map(([id, answer]) => [id, fromPromise(async ({ input }) => answer!(input))]));
    return createActor(cardGuaranteeMachine.provide({ actors }), { input: { reservationId } }).start();
  }
  const settle = async () => {
    for (let i = 0; i < 4; i++) await new Promise((r) => setTimeout(r, 0));
  };

  it('saves the card on the server’s word, confirming the setup named by its client secret', async () => {
    const confirmed: unknown[] = [];
    const actor = run({
      startGuarantee: () => guarantee(),
      confirmCard: (i) => (confirmed.push(i), intent('succeeded')),
      readGuarantee: () => saved,
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('cardForm');
    actor.send({ type: 'card.submit', card });
    await settle();
    expect(confirmed).toEqual([{ intentId: 'seti_1', clientSecret: 'seti_1_secret_abc', card, confirm: undefined }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ card: { brand: 'visa', last4: '4242' } });
  });

  it('passes the bank’s 3-D Secure check when it asks, and is done once the server has the card', async () => {
    const actor = run({
      startGuarantee: () => guarantee(),
      confirmCard: () => intent('requires_action'),
      answerChallenge: (i: { outcome: string }) => intent(i.outcome === 'approve' ? 'succeeded' : 'failed'),
      readGuarantee: () => saved,
    });
    await settle();
    actor.send({ type: 'card.submit', card });
    await settle();
    expect(actor.getSnapshot().value).toBe('challenge');
    actor.send({ type: 'challenge.approve' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a failed bank check is told to the processor, then the next setup is asked for with the bank’s reason', async () => {
    const answered: { outcome: string }[] = [];
    const setups = [guarantee(), guarantee({ clientSecret: 'seti_2_secret_def' })];
    const actor = run({
      startGuarantee: () => setups.shift(),
      confirmCard: () => intent('requires_action'),
      answerChallenge: (i: { outcome: string }) => (answered.push(i), intent('failed', 'The 3-D Secure check failed.')),
      // Asked before the processor heard the failure, the server would still say the check is waiting.
      readGuarantee: () => guarantee({ status: 'REQUIRES_ACTION' }),
    });
    await settle();
    actor.send({ type: 'card.submit', card });
    await settle();
    actor.send({ type: 'challenge.fail' });
    await settle();
    expect(answered).toEqual([{ intentId: 'seti_1', outcome: 'fail' }]);
    expect(actor.getSnapshot().value).toBe('cardForm');
    expect(actor.getSnapshot().context.refusal).toEqual({ message: 'The 3-D Secure check failed.' });
  });

  it('after a declined card asks the server for the next setup and shows the bank’s reason beside a fresh form', async () => {
    const starts: string[] = [];
    const setups = [guarantee(), guarantee({ clientSecret: 'seti_2_secret_def' })];
    const actor = run({
      startGuarantee: () => (starts.push('start'), setups.shift()),
      confirmCard: () => intent('failed', 'Your card was declined.'),
    });
    await settle();
    actor.send({ type: 'card.submit', card });
    await settle();
    expect(starts).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('cardForm');
    expect(actor.getSnapshot().context.refusal).toEqual({ message: 'Your card was declined.' });
    expect(setupIdOf(actor.getSnapshot().context.guarantee!.clientSecret!)).toBe('seti_2');
  });

  it('keeps a refused field on the form, and resumes a saved card or a bank check after a reload', async () => {
    const refused = run({
      startGuarantee: () => guarantee(),
      confirmCard: () => Promise.reject({ message: 'Your card number is incorrect.', field: 'cardNumber' }),
    });
    await settle();
    refused.send({ type: 'card.submit', card });
    await settle();
    expect(refused.getSnapshot().value).toBe('cardForm');
    expect(refused.getSnapshot().context.refusal).toEqual({ message: 'Your card number is incorrect.', field: 'cardNumber' });

    const reloadedSaved = run({ startGuarantee: () => saved });
    await settle();
    expect(reloadedSaved.getSnapshot().status).toBe('done');
    const reloadedInCheck = run({ startGuarantee: () => guarantee({ status: 'REQUIRES_ACTION' }) });
    await settle();
    expect(reloadedInCheck.getSnapshot().value).toBe('challenge');
  });

  it('says why the server refused to start (the hold gone), and tries again on Retry', async () => {
    let calls = 0;
    const actor = run({
      startGuarantee: () => (++calls === 1 ? Promise.reject({ errorCode: 10202, message: 'Your reservation has expired. Please make a new reservation' }) : guarantee()),
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ problem: 'initialization', refusal: { message: 'Your reservation has expired. Please make a new reservation' } });
    actor.send({ type: 'retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('cardForm');
    expect(actor.getSnapshot().context.problem).toBeNull();
  });
});
