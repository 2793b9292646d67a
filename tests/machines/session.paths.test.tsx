// @vitest-environment jsdom
/**
 * The session chart's generated paths (e2e/paths/session-model.ts, the browser's set) replayed in the
 * whole app in jsdom against the real API: each step is done as a person, another tab or the server's
 * clock would do it, and each state is read from the page, as e2e/paths/session.paths.spec.ts does.
 * Page timers are fake (still running with real time), so the chart's refresh ahead of expiry is due at once.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { selectSessionPaths, SESSION_EVENTS, type SessionEventName } from '../../e2e/paths/session-model';
import { ACCESS_TOKEN_KEY } from '../../src/api/token-store';
import { findHeading, openApp, storeSession, useAppHarness } from '../support/ui/app-harness';
import { GUEST_PASSWORD, manageScenes } from '../support/ui/manage-scenes';
import { address, SLOW } from '../support/ui/page-queries';
import { gateCalls } from '../support/machines/call-gate';
import { typeUntilHeld } from '../support/machines/wizard-in-app';

const SESSION_CALLS = {
  loadProfile: { method: 'GET', path: /^\/user\/user\/me$/ },
  logIn: { method: 'POST', path: /^\/user\/authentication\/login$/ },
  refreshTokens: { method: 'POST', path: /^\/user\/authentication\/refresh-token$/ },
};
type SessionCall = keyof typeof SESSION_CALLS;

/** Where docs/PRODUCT.md §4 puts the session after these, whatever the chart says: a changed target is caught. */
const STATE_AFTER: Partial<Record<SessionEventName, string>> = {
  refreshRefused: 'expired',
  logOut: 'loggedOut',
  signedOutElsewhere: 'loggedOut',
  loggedIn: 'loggedIn',
  logInRefused: 'loggedOut',
  refreshed: 'loggedIn',
};

const MINUTE = 60_000;
// A page's first call can wait on modules transformed cold, slow on a loaded 2-core machine.
const CALL_WAIT = { timeout: 20_000 };
const api = useAppHarness({ afterEach: () => (vi.restoreAllMocks(), vi.useRealTimers()) });
const scenes = manageScenes(api);
const paths = selectSessionPaths();

// The modules the first log-in loads lazily, loaded ahead: a cold transform can outlast a step's wait.
beforeAll(() => Promise.all([import('../../src/session/session-actor'), import('../../src/session/session-renewal'), import('../../src/routes/login')]));

describe('session chart, generated paths in the app', () => {
  it('bring about everything the runner can do (a chart that stops taking one loses its paths)', () => {
    const brought = new Set(paths.flatMap((plan) => plan.events));
    expect((Object.keys(SESSION_EVENTS) as SessionEventName[]).filter((name) => !brought.has(name))).toEqual([]);
  });

  it.each(paths.map((plan) => [`${plan.returning ? 'returning' : 'new'} visitor: ${plan.title}`, plan] as const))('%s', async (_, plan) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const gate = gateCalls(SESSION_CALLS);
    const guest = await scenes.newGuest();
    let password = GUEST_PASSWORD;
    if (plan.returning) await storeSession(api(), guest.email, password);
    const steps = plan.path.steps;

    for (let i = 0; i < steps.length; i++) {
      const before = i === 0 ? undefined : steps[i - 1]!.state;
      const after = steps[i]!.state;
      const event = i === 0 ? undefined : plan.events[i - 1]!;
      if (event && STATE_AFTER[event]) expect(after.matches(STATE_AFTER[event]!), `where docs/PRODUCT.md puts ${event}`).toBe(true);
      const entering = (Object.keys(after.children) as SessionCall[]).filter((id) => id in SESSION_CALLS && !(before && id in before.children));
      entering.forEach((id) => gate.arm(id));
      if (event === undefined) await openApp('/pages/home');
      else await perform(event, i - 1, before!);
      for (const id of entering) await waitFor(() => expect(gate.isHeld(id), `a ${id} call on its way`).toBe(true), CALL_WAIT);
      await expectSeen(after, event);
    }

    async function perform(name: SessionEventName, index: number, before: AnyMachineSnapshot) {
      switch (name) {
        case 'profileLoaded':
          return gate.release('loadProfile');
        case 'logIn': {
          const right = plan.events.slice(index + 1).find((e) => e === 'loggedIn' || e === 'logInRefused') === 'loggedIn';
          if (address() !== '/pages/login') await act(async () => void (location.hash = '#/pages/login'));
          await findHeading('Log in');
          await typeUntilHeld(user, 'E-mail', guest.email);
          await typeUntilHeld(user, 'Password', right ? password : 'not-the-password-1');
          return user.click(screen.getByRole('button', { name: 'Log in' }));
        }
        case 'loggedIn':
        case 'logInRefused':
          return gate.release('logIn');
        case 'logOut':
          return user.click(within(await openMenu()).getByRole('button', { name: 'Log out' }));
        case 'refreshDue':
          // The access token is good for 15 minutes on the server; the app renews it a minute before.
          return advanceBoth(14 * MINUTE + 1_000);
        case 'refreshed':
          gate.release('refreshTokens');
          return refreshAnswered('ok');
        case 'refreshRefused':
          await changePasswordElsewhere();
          gate.release('refreshTokens');
          return refreshAnswered('refused');
        case 'rejectedOnCall':
          // The access token runs out on the server's clock alone: the page finds out on its next call.
          if (before.matches('loadingProfile')) {
            api().clock.advanceMinutes(16);
            return gate.release('loadProfile');
          }
          // Signed in, the log-in page goes on to the reservations, whose list is then kept for 30 s: let
          // it arrive and leave it before the clocks move, so that coming back is a call (one that the
          // list's late answer, kept as fresh, once spared).
          if (address() === '/pages/login') await waitFor(() => expect(address()).toBe('/pages/order'), CALL_WAIT);
          if (address() === '/pages/order') {
            await screen.findByRole('heading', { name: 'Upcoming' }, SLOW);
            await act(async () => void (location.hash = '#/pages/home'));
          }
          await advanceBoth(31_000);
          api().clock.advanceMinutes(16);
          return act(async () => void (location.hash = '#/pages/order'));
        case 'signedInElsewhere':
          // Another tab logs in: its tokens appear in the shared storage, and this tab hears of it.
          await storeSession(api(), guest.email, password);
          return act(async () => void dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY })));
        case 'signedOutElsewhere':
          localStorage.removeItem(ACCESS_TOKEN_KEY);
          localStorage.removeItem('refresh_token');
          return act(async () => void dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY })));
      }
    }

    /**
     * The released refresh has its answer: the page's reaction is then checked on its own (a CI run under
     * load once found the page still logged in 10 s after a refused refresh's release, and could not say
     * whether the answer had come).
     */
    async function refreshAnswered(answer: 'ok' | 'refused') {
      await waitFor(() => expect(gate.answered('refreshTokens'), 'the refresh call answered').toBe(answer), CALL_WAIT);
    }

    /** Changes the guest's password from another device: every refresh token of before stops working. */
    async function changePasswordElsewhere() {
      const newPassword = `${password}-x`;
      const token = await api().login(guest.email, password);
      const res = await api().request('POST', '/user/user/change-password', { token, body: { oldPassword: password, newPassword } });
      expect(res.status).toBe(200);
      password = newPassword;
    }

    /** The state as the visitor sees it. */
    async function expectSeen(state: AnyMachineSnapshot, cause: SessionEventName | undefined) {
      if (state.matches('loadingProfile')) {
        // Nothing on the page says so: the stored session is read, or its token renewed (the call held).
        return expect(gate.isHeld(state.matches({ loadingProfile: 'refreshing' }) ? 'refreshTokens' : 'loadProfile')).toBe(true);
      }
      if (state.matches('loggingIn')) {
        await findHeading('Log in');
        const button = (await screen.findByRole('button', { name: 'Logging in…' }, SLOW)) as HTMLButtonElement;
        return expect(button.disabled).toBe(true);
      }
      if (state.matches('expired')) {
        await findHeading('Log in');
        await screen.findByText('Login expired', {}, SLOW);
        return expectMenu({ loggedIn: false });
      }
      if (state.matches('loggedOut')) {
        await expectMenu({ loggedIn: false });
        if (cause === 'logInRefused') await screen.findByText('Incorrect E-mail or Password', {}, SLOW);
        return;
      }
      if (state.matches('loggedIn')) {
        await expectMenu({ loggedIn: true });
        if (state.matches({ loggedIn: 'refreshing' })) expect(gate.isHeld('refreshTokens')).toBe(true);
        return;
      }
      throw new Error(`No view known for ${JSON.stringify(state.value)}`);
    }

    async function expectMenu({ loggedIn }: { loggedIn: boolean }) {
      const nav = await openMenu();
      await waitFor(() => {
        expect(within(nav).queryByRole('button', { name: 'Log out' }) !== null, 'Log out in the menu').toBe(loggedIn);
        expect(within(nav).queryByRole('link', { name: 'Log in' }) !== null, 'Log in in the menu').toBe(!loggedIn);
      }, SLOW);
      await closeMenu();
    }

    async function openMenu() {
      const menu = await screen.findByRole('button', { name: 'Menu' }, SLOW);
      if (menu.getAttribute('aria-expanded') !== 'true') await user.click(menu);
      return screen.getByRole('navigation', { name: 'Main' });
    }

    async function closeMenu() {
      const menu = screen.getByRole('button', { name: 'Menu' });
      if (menu.getAttribute('aria-expanded') === 'true') await user.click(menu);
    }
  }, 60_000);
});

/** Moves the server's clock and the page's by `ms` (the page's due timers fire). */
async function advanceBoth(ms: number) {
  api().clock.advance(ms);
  await act(async () => vi.advanceTimersByTime(ms));
}
