/**
 * The phone verification chart (machines/phone-verification.machine.ts), which the booking chart's
 * `verify` step invokes as 'verifyPhone': its generated paths (shortest paths extended by every event,
 * and every simple path) replayed on the chart with stubbed calls, together reaching every state and
 * taking every transition; its rules; and the booking chart running it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getSimplePaths, type StatePath } from 'xstate/graph';
import { bookingMachine } from '../../machines/booking/booking.machine';
import { phoneVerificationMachine } from '../../machines/phone-verification.machine';
import { routeOf } from '../../machines/route-of';
import { fixtureClockOffsetMs, guest, reservation, settle, slots, venue, walkToHeld } from '../support/fixtures/booking';
import { declaredTransitions, reachedStates, takenTransitions, transitionCoverPaths } from '../support/machines/graph-coverage';
import { allStateIds, replayPath } from '../support/machines/replay';

const input = { mobileCountryCode: '852', mobileNumber: '61234567' };
const tooMany = { errorCode: 42900, message: 'Too many attempts.' };
const wrongCode = { errorCode: 20106, message: 'The verification code is incorrect.' };

const EVENTS = {
  codeSent: { type: 'xstate.done.actor.sendVerificationCode' },
  codeNotSent: { type: 'xstate.error.actor.sendVerificationCode', error: tooMany },
  resendCode: { type: 'verify.send' },
  enterCode: { type: 'verify.submit', code: '123456' },
  codeAccepted: { type: 'xstate.done.actor.confirmVerificationCode' },
  codeRejected: { type: 'xstate.error.actor.confirmVerificationCode', error: wrongCode },
} as const;
const events = Object.values(EVENTS) as unknown as EventObject[];
const ACTOR_IDS = ['sendVerificationCode', 'confirmVerificationCode'];

type Path = StatePath<AnyMachineSnapshot, EventObject>;
const coverPaths = transitionCoverPaths(phoneVerificationMachine, { input, events });
const simplePaths = getSimplePaths(phoneVerificationMachine as AnyStateMachine, {
  input,
  // An actor's answer makes sense only while that actor runs.
  events: (snapshot) => events.filter((event) => !/^xstate\.(done|error)\.actor\./.test(event.type) || event.type.split('.').pop()! in snapshot.children),
}) as Path[];
const title = (path: Path) => path.steps.slice(1).map((step) => step.event.type.replace(/^xstate\./, '')).join(' → ') || '(start)';

describe('phone verification chart, generated paths', () => {
  it('reach every state and take every declared transition', () => {
    for (const paths of [coverPaths, simplePaths]) {
      const reached = reachedStates(paths);
      expect(allStateIds(phoneVerificationMachine).filter((id) => !reached.has(id))).toEqual([]);
    }
    const taken = takenTransitions(coverPaths);
    expect([...declaredTransitions(phoneVerificationMachine)].filter((t) => !taken.has(t))).toEqual([]);
    // A simple path visits each state once; the code typed is kept, so asking for a new code after a refused
    // one is a state of its own, and simple paths take every transition too.
    const simplyTaken = takenTransitions(simplePaths);
    expect([...declaredTransitions(phoneVerificationMachine)].filter((t) => !simplyTaken.has(t))).toEqual([]);
  });

  it('name the verify page in every state', () => {
    for (const path of coverPaths) for (const step of path.steps) expect(routeOf(step.state), title(path)).toBe('/pages/verify');
  });

  it.each([...coverPaths, ...simplePaths].map((path) => [title(path), path] as const))('replays on the chart: %s', async (_, path) => {
    const actor = await replayPath(phoneVerificationMachine, path, { input, actorIds: ACTOR_IDS });
    const snapshot = actor.getSnapshot();
    const last = path.steps[path.steps.length - 1]!.event.type;
    // The problem shown is the last call's refusal, until the guest asks again.
    if (last === EVENTS.codeNotSent.type) expect(snapshot.context.problem).toEqual({ call: 'send', message: tooMany.message });
    else if (last === EVENTS.codeRejected.type) expect(snapshot.context.problem).toEqual({ call: 'check', message: wrongCode.message });
    else if (last === EVENTS.resendCode.type || last === EVENTS.enterCode.type) expect(snapshot.context.problem).toBeNull();
    if (snapshot.matches('verified')) {
      expect(snapshot.status).toBe('done');
      // The number, and the code accepted (a guest continuing without an account opens a session with it).
      expect(snapshot.output).toEqual({ ...input, code: EVENTS.enterCode.code });
    } else {
      expect(snapshot.status).toBe('active');
    }
  });
});


describe('phone verification chart rules', () => {
  function run(answers: Partial<Record<string, (input: any) => unknown>>) {
    const actors = Object.fromEntries(Object.entries(answers).map(([id, answer]) => [id, fromPromise(async ({ input }) => answer!(input))]));
    return createActor(phoneVerificationMachine.provide({ actors }), { input }).start();
  }

  it('texts the code to the number given, and checks the code typed against it', async () => {
    const calls: unknown[] = [];
    const actor = run({ sendVerificationCode: (i: unknown) => void calls.push(['send', i]), confirmVerificationCode: (i: unknown) => void calls.push(['check', i]) });
    await settle();
    expect(actor.getSnapshot().value).toBe('codeEntry');
    actor.send({ type: 'verify.submit', code: '654321' });
    await settle();
    expect(calls).toEqual([
      ['send', input],
      ['check', { ...input, code: '654321' }],
    ]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ ...input, code: '654321' });
  });

  it('mails the code to the address when the guest chose e-mail, checks it there, and says so in its output', async () => {
    const calls: unknown[] = [];
    const byEmail = { ...input, sendBy: 'EMAIL' as const, email: 'mei@example.com' };
    const answers = { sendVerificationCode: (i: unknown) => void calls.push(['send', i]), confirmVerificationCode: (i: unknown) => void calls.push(['check', i]) };
    const actors = Object.fromEntries(Object.entries(answers).map(([id, answer]) => [id, fromPromise(async ({ input }) => answer(input))]));
    const actor = createActor(phoneVerificationMachine.provide({ actors }), { input: byEmail }).start();
    await settle();
    actor.send({ type: 'verify.send' });
    await settle();
    actor.send({ type: 'verify.submit', code: '654321' });
    await settle();
    expect(calls).toEqual([
      ['send', byEmail],
      ['send', byEmail],
      ['check', { ...byEmail, code: '654321' }],
    ]);
    expect(actor.getSnapshot().output).toEqual({ ...byEmail, code: '654321' });
  });

  it('keeps a refused send or check as its own problem, and clears it when the guest asks again', async () => {
    let sends = 0;
    const actor = run({
      sendVerificationCode: () => {
        if (++sends === 1) throw tooMany;
      },
      confirmVerificationCode: () => {
        throw wrongCode;
      },
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('codeEntry');
    expect(actor.getSnapshot().context.problem).toEqual({ call: 'send', message: tooMany.message });
    actor.send({ type: 'verify.send' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    await settle();
    actor.send({ type: 'verify.submit', code: '000000' });
    await settle();
    expect(actor.getSnapshot().value).toBe('codeEntry');
    expect(actor.getSnapshot().context.problem).toEqual({ call: 'check', message: wrongCode.message });
    expect(sends).toBe(2);
  });

  it('takes no code while one is being sent or checked', async () => {
    const actor = run({ sendVerificationCode: () => new Promise(() => {}) });
    await settle();
    actor.send({ type: 'verify.submit', code: '123456' });
    actor.send({ type: 'verify.send' });
    expect(actor.getSnapshot().value).toBe('sending');
  });
});

describe('the booking chart running the phone verification chart', () => {
  /** Calls that answer at once as given. */
  const stubs = (answers: Record<string, () => unknown>) =>
    Object.fromEntries(Object.entries(answers).map(([id, answer]) => [id, fromPromise(async () => answer())]));
  /** The invoked phone verification chart, while the booking runs it. */
  const verifyPhone = (actor: AnyActorRef) =>
    (actor.getSnapshot() as AnyMachineSnapshot).children.verifyPhone as ActorRefFrom<typeof phoneVerificationMachine> | undefined;

  async function atVerify(answers: { send?: () => unknown; check?: () => unknown } = {}) {
    const verification = phoneVerificationMachine.provide({
      actors: stubs({ sendVerificationCode: () => answers.send?.(), confirmVerificationCode: () => answers.check?.() }),
    });
    const actor = createActor(
      bookingMachine.provide({
        actors: {
          ...stubs({
            loadVenue: () => venue,
            loadTimeslots: () => ({ open: true, timeslots: slots }),
            createReservation: () => ({ reservation: reservation(), clockOffsetMs: fixtureClockOffsetMs() }),
            loadGuestProfile: () => guest,
          }),
          phoneVerification: verification,
        },
      }),
      { input: { loggedIn: true } },
    ).start();
    await walkToHeld(actor);
    actor.send({ type: 'details.submit', guest: { ...guest, mobileNumber: '69876543' } });
    return actor;
  }

  it('invokes it as verifyPhone with the number submitted, shows the verify page, and goes on to confirm when it is done', async () => {
    const actor = await atVerify();
    expect(actor.getSnapshot().matches({ holding: { step: { created: 'verify' } } })).toBe(true);
    expect(routeOf(actor.getSnapshot())).toBe('/pages/verify');
    const child = verifyPhone(actor);
    expect(child?.getSnapshot().context).toMatchObject({ mobileCountryCode: '852', mobileNumber: '69876543' });
    await settle();
    child!.send({ type: 'verify.submit', code: '123456' });
    await settle();
    expect(actor.getSnapshot().matches({ holding: { step: { created: 'confirm' } } })).toBe(true);
    expect(actor.getSnapshot().context.phoneVerified).toBe(true);
    expect(verifyPhone(actor)).toBeUndefined();
  });

  it("keeps a refused code in the child's problem, not the booking's, and stays on the verify step", async () => {
    const actor = await atVerify({
      check: () => {
        throw wrongCode;
      },
    });
    await settle();
    verifyPhone(actor)!.send({ type: 'verify.submit', code: '000000' });
    await settle();
    expect(actor.getSnapshot().matches({ holding: { step: { created: 'verify' } } })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(actor.getSnapshot().context.phoneVerified).toBe(false);
    expect(verifyPhone(actor)!.getSnapshot().context.problem).toEqual({ call: 'check', message: wrongCode.message });
  });

  it('asks again for a number verified once only when the guest changes it', async () => {
    const actor = await atVerify();
    await settle();
    verifyPhone(actor)!.send({ type: 'verify.submit', code: '123456' });
    await settle();
    actor.send({ type: 'route.visit', route: '/pages/profile' });
    actor.send({ type: 'details.submit', guest: { ...guest, mobileNumber: '69876543' } });
    expect(actor.getSnapshot().matches({ holding: { step: { created: 'confirm' } } })).toBe(true);
    actor.send({ type: 'route.visit', route: '/pages/profile' });
    actor.send({ type: 'details.submit', guest: { ...guest, mobileNumber: '61111111' } });
    expect(actor.getSnapshot().matches({ holding: { step: { created: 'verify' } } })).toBe(true);
    expect(verifyPhone(actor)!.getSnapshot().context.mobileNumber).toBe('61111111');
  });
});
