/**
 * The guest-identity chart (machines/booking/guest-identity.machine.ts), which the booking chart's
 * `draft.identifying` step invokes as 'identity': its generated paths (shortest paths extended by every
 * event) replayed on the chart with stubbed calls, together reaching every state and taking every
 * transition, each step checked against what docs/PRODUCT.md says it leads to (not what the chart says).
 * The booking chart's paths see only its done event; tests/machines/booking.machine.test.ts runs the two
 * together (the events passed on, a log-in, a guest by a texted or mailed code, a refused session).
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { guestIdentityMachine } from '../../machines/booking/guest-identity.machine';
import { routeOf } from '../../machines/route-of';
import { guest } from '../support/fixtures/booking';
import { declaredTransitions, reachedStates, takenTransitions, transitionCoverPaths } from '../support/machines/graph-coverage';
import { allStateIds, replayPath } from '../support/machines/replay';

const input = { guest: null, codeBy: 'SMS' as const };
const contact = { firstName: guest.firstName, lastName: guest.lastName, email: guest.email, mobileCountryCode: guest.mobileCountryCode, mobileNumber: guest.mobileNumber };
const accountTaken = { errorCode: 20162, message: 'This e-mail address already has an account.' };

const EVENTS = {
  chooseLogIn: { type: 'identify.login' },
  continueAsGuest: { type: 'identify.guest', contact },
  continueByMail: { type: 'identify.guest', contact, sendBy: 'EMAIL' },
  logIn: { type: 'session.changed', loggedIn: true },
  logInAsMember: { type: 'session.changed', loggedIn: true, member: true },
  logOut: { type: 'session.changed', loggedIn: false },
  codeAccepted: { type: 'xstate.done.actor.verifyPhone', output: { mobileCountryCode: contact.mobileCountryCode, mobileNumber: contact.mobileNumber, code: '123456' } },
  sessionOpened: { type: 'xstate.done.actor.openGuestSession', output: { token: 't', refreshToken: 'r', user: { _id: 'u', firstName: contact.firstName, lastName: contact.lastName, email: contact.email, role: 'guest', memberId: null } } },
  sessionRefused: { type: 'xstate.error.actor.openGuestSession', error: accountTaken },
  visitDetails: { type: 'route.visit', route: '/pages/profile' },
  visitVerify: { type: 'route.visit', route: '/pages/verify' },
} as const;
type EventName = keyof typeof EVENTS;
const events = Object.values(EVENTS) as unknown as EventObject[];
const nameOf = (event: EventObject) => (Object.entries(EVENTS).find(([, e]) => JSON.stringify(e) === JSON.stringify(event))?.[0] ?? event.type) as EventName;

type Path = StatePath<AnyMachineSnapshot, EventObject>;
const paths = transitionCoverPaths(guestIdentityMachine, { input, events });
const title = (path: Path) => path.steps.slice(1).map((step) => nameOf(step.event)).join(' → ') || '(start)';

/** Where docs/PRODUCT.md (§5, decision 0018) puts the visitor after each event, from where they were. */
function expectedAfter(before: string, name: EventName): string {
  const loggedIn = name === 'logIn' || name === 'logInAsMember';
  switch (before) {
    case 'identify':
      if (name === 'chooseLogIn') return 'loginRequired';
      if (name === 'continueAsGuest' || name === 'continueByMail') return 'verifying';
      return loggedIn ? 'loggedIn' : 'identify';
    case 'loginRequired':
      return loggedIn ? 'loggedIn' : 'loginRequired';
    case 'verifying':
      if (name === 'codeAccepted') return 'opening';
      // Back to the details to choose again; the code's page stays otherwise (a log-in meanwhile is the session's own).
      return name === 'visitDetails' ? 'identify' : 'verifying';
    case 'opening':
      if (name === 'sessionOpened') return 'guestSession';
      return name === 'sessionRefused' ? 'identify' : 'opening';
    default:
      return before;
  }
}

/** Each state's page: the details step, the session's log-in page, the code's page. */
const PAGE: Record<string, string | undefined> = {
  identify: '/pages/profile',
  loginRequired: '/pages/login',
  verifying: '/pages/verify',
  opening: '/pages/verify',
};

describe('guest-identity chart, generated paths', () => {
  it('reach every state and take every declared transition', () => {
    const reached = reachedStates(paths);
    expect(allStateIds(guestIdentityMachine).filter((id) => !reached.has(id))).toEqual([]);
    const taken = takenTransitions(paths);
    expect([...declaredTransitions(guestIdentityMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });

  it.each(paths.map((path) => [title(path), path] as const))('lead where docs/PRODUCT.md says, on the chart: %s', async (_, path) => {
    path.steps.forEach((step, i) => {
      if (i === 0) return;
      const before = String(path.steps[i - 1]!.state.value);
      expect(String(step.state.value), `${nameOf(step.event)} from ${before}`).toBe(expectedAfter(before, nameOf(step.event)));
      expect(routeOf(step.state), String(step.state.value)).toBe(PAGE[String(step.state.value)]);
    });
    const actor = await replayPath(guestIdentityMachine, path, { input, actorIds: ['openGuestSession', 'phoneVerification'] });
    const snapshot = actor.getSnapshot();
    const last = nameOf(path.steps[path.steps.length - 1]!.event);
    const typed = path.steps.some((step) => nameOf(step.event) === 'continueByMail' || nameOf(step.event) === 'continueAsGuest');
    // Refused: the server's words on the choice, with the contact typed kept.
    if (last === 'sessionRefused') {
      expect(snapshot.context.problem).toEqual({ kind: 'call', message: accountTaken.message });
      expect(snapshot.context.guest).toMatchObject(contact);
    }
    if (snapshot.matches('loggedIn')) {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ by: 'account', member: last === 'logInAsMember' });
    } else if (snapshot.matches('guestSession')) {
      expect(snapshot.status).toBe('done');
      // The details the code was for, and where it went (a mailed code proves the address only).
      const mailed = [...path.steps].reverse().find((step) => step.event.type === 'identify.guest')!.event === EVENTS.continueByMail;
      expect(snapshot.output).toEqual({ by: 'code', guest: expect.objectContaining(contact), codeBy: mailed ? 'EMAIL' : 'SMS' });
    } else {
      expect(snapshot.status).toBe('active');
      if (!typed) expect(snapshot.context.guest).toBeNull();
    }
  });
});
