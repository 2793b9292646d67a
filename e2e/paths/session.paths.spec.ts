/**
 * Generated browser paths of the session chart (machines/session.machine.ts): log-in and log-out, a
 * second tab doing either, tokens refreshed ahead of time, and tokens that stop working on the server's
 * clock (a 401 the app refreshes away, or cannot). See session-model.ts for how they are chosen.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { declaredTransitions } from '../../tests/support/machines/graph-coverage';
import { sessionMachine } from '../../machines/session.machine';
import { currentRoute, expectHeading, openApp, openMainMenu, useSession } from '../support/app';
import { expect, minutes, test, type Clocks } from '../support/fixtures';
import type { NewUser, TestServer } from '../support/server-api';
import { activeStateIds, pathTransitions } from './booking-model';
import { Gates } from './gates';
import { selectSessionPaths, SESSION_STATES, type PlannedSessionPath, type SessionEventName } from './session-model';

const SESSION_CALLS = {
  loadProfile: { method: 'GET', path: /^\/user\/user\/me$/ },
  logIn: { method: 'POST', path: /^\/user\/authentication\/login$/ },
  refreshTokens: { method: 'POST', path: /^\/user\/authentication\/refresh-token$/ },
};

/** Where docs/PRODUCT.md §4 puts the session after these, whatever the chart says: a changed target is caught. */
const STATE_AFTER: Partial<Record<SessionEventName, string>> = {
  refreshRefused: 'expired',
  logOut: 'loggedOut',
  signedOutElsewhere: 'loggedOut',
};

const paths = selectSessionPaths();
const reachedInBrowser = new Set<string>();
let replayed = 0;

interface Run {
  page: Page;
  server: TestServer;
  clocks: Clocks;
  gates: Gates;
  user: NewUser;
  plan: PlannedSessionPath;
}

test.describe('session chart paths in the browser', () => {
  test('the chosen paths reach every state of the session chart', () => {
    const reached = new Set(paths.flatMap((p) => p.path.steps.flatMap((s) => activeStateIds(s.state))));
    expect(SESSION_STATES.filter((id) => !reached.has(id))).toEqual([]);
    const declared = declaredTransitions(sessionMachine);
    const taken = new Set(paths.flatMap((p) => pathTransitions(p.path)));
    test.info().annotations.push({
      type: 'coverage',
      description: `${paths.length} paths; ${SESSION_STATES.length}/${SESSION_STATES.length} states; ${[...taken].filter((t) => declared.has(t)).length}/${declared.size} declared transitions`,
    });
  });

  paths.forEach((plan, index) => {
    test(`${index + 1}. ${plan.returning ? 'returning visitor' : 'new visitor'}: ${plan.title}`, async ({ page, server, clocks }) => {
      const user = await server.signUp();
      if (plan.returning) await useSession(page, user);
      const run: Run = { page, server, clocks, gates: await Gates.install(page, SESSION_CALLS), user, plan };
      const steps = plan.path.steps;
      try {
        for (let i = 0; i < steps.length; i++) {
          const before = i === 0 ? undefined : steps[i - 1]!.state;
          const after = steps[i]!.state;
          const entering = Object.keys(after.children).filter((id) => id in SESSION_CALLS && !(before && id in before.children));
          const event = i === 0 ? undefined : plan.events[i - 1]!;
          if (event && STATE_AFTER[event]) expect(after.matches(STATE_AFTER[event]!), `where docs/PRODUCT.md puts ${event}`).toBe(true);
          entering.forEach((id) => run.gates.arm(id));
          if (i === 0) await openApp(page, '/pages/home');
          else await act(run, plan.events[i - 1]!, i - 1, before!);
          for (const id of entering) await run.gates.waitForCall(id);
          await check(run, after, i === 0 ? undefined : plan.events[i - 1]);
          activeStateIds(after).forEach((id) => reachedInBrowser.add(id));
        }
      } finally {
        await run.gates.releaseAll();
      }
      replayed++;
    });
  });

  test.afterAll(() => {
    if (replayed !== paths.length) return;
    const missing = SESSION_STATES.filter((id) => !reachedInBrowser.has(id));
    console.log(`session chart in the browser: ${SESSION_STATES.length - missing.length}/${SESSION_STATES.length} states over ${paths.length} paths`);
    expect(missing, 'states no replay reached in the browser').toEqual([]);
  });
});

/**
 * The user's access token stops working on the server (its 15 minutes are over there) and, unless
 * `keepRefresh`, so does the refresh token (the password was changed elsewhere).
 */
async function tokensStopWorking(run: Run, { keepRefresh = false, callHeld = false } = {}): Promise<void> {
  // Half a minute on the page first, so its next read is not one it keeps from before (30 s); never
  // while a call is held, which the page would give up on.
  if (!callHeld) await run.clocks.advance(31_000);
  // Then the server's clock alone: the page still thinks its token is good, and finds out on its next call.
  await run.server.setClock({ advanceMs: minutes(16) });
  if (!keepRefresh) await changePasswordElsewhere(run);
}

async function changePasswordElsewhere(run: Run): Promise<void> {
  const session = await run.server.logIn(run.user);
  const newPassword = `${run.user.password}-x`;
  await run.server.call('POST', '/user/user/change-password', { token: session.token, body: { oldPassword: run.user.password, newPassword } });
  run.user.password = newPassword;
}

/** Another tab of the same browser (it shares the stored session). */
async function otherTab(run: Run): Promise<Page> {
  const other = await run.page.context().newPage();
  await other.clock.install({ time: (await run.server.clock()).now });
  return other;
}

async function openMenu(page: Page) {
  await openMainMenu(page);
  return page.getByRole('navigation', { name: 'Main' });
}

async function closeMenu(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.getAttribute('aria-expanded')) === 'true') await menu.click();
}

async function act(run: Run, name: SessionEventName, i: number, before: AnyMachineSnapshot): Promise<void> {
  const { page, gates, clocks } = run;
  switch (name) {
    case 'profileLoaded':
      return gates.release('loadProfile');
    case 'logIn': {
      const right = run.plan.events.slice(i + 1).find((e) => e === 'loggedIn' || e === 'logInRefused') === 'loggedIn';
      if (currentRoute(page) !== '/pages/login') await openApp(page, '/pages/login');
      await expectHeading(page, 'Log in');
      await page.getByLabel('E-mail').fill(run.user.email);
      await page.getByLabel('Password', { exact: true }).fill(right ? run.user.password : 'not-the-password-1');
      await page.getByRole('button', { name: 'Log in' }).click();
      return;
    }
    case 'loggedIn':
    case 'logInRefused':
      return gates.release('logIn');
    case 'logOut': {
      const nav = await openMenu(page);
      await nav.getByRole('button', { name: 'Log out' }).click();
      return;
    }
    case 'refreshDue':
      // The access token is good for 15 minutes; the app renews it a minute before.
      await clocks.advance(minutes(14) + 1_000);
      return;
    case 'refreshed':
      return gates.release('refreshTokens');
    case 'refreshRefused':
      return gates.release('refreshTokens', () => changePasswordElsewhere(run));
    case 'rejectedOnCall':
      // The refresh token still works here: a refused refresh changes the password first ('refreshRefused').
      if (before.matches('loadingProfile')) return gates.release('loadProfile', () => tokensStopWorking(run, { callHeld: true, keepRefresh: true }));
      await tokensStopWorking(run, { keepRefresh: true });
      if (currentRoute(page) === '/pages/order') {
        // Signed in, the log-in page went on to the guest's reservations, read with the old tokens: once that
        // answer is no longer fresh (30 s), leaving and coming back asks for the list again.
        await clocks.advance(31_000);
        await openApp(page, '/pages/home');
      }
      // The next call (the reservations list) meets a 401; the session refreshes (held), then it is tried again.
      await openApp(page, '/pages/order');
      return;
    case 'signedInElsewhere': {
      const other = await otherTab(run);
      await openApp(other, '/pages/login');
      await other.getByLabel('E-mail').fill(run.user.email);
      await other.getByLabel('Password', { exact: true }).fill(run.user.password);
      await other.getByRole('button', { name: 'Log in' }).click();
      await expect(other.getByRole('heading', { level: 1 })).not.toHaveText('Log in');
      await other.close();
      return;
    }
    case 'signedOutElsewhere': {
      const other = await otherTab(run);
      await openApp(other, '/pages/home');
      await (await openMenu(other)).getByRole('button', { name: 'Log out' }).click();
      await expect((await openMenu(other)).getByRole('link', { name: 'Log in' })).toBeVisible();
      await other.close();
      return;
    }
  }
}

/** Reads the page for the session's state. */
async function check(run: Run, snapshot: AnyMachineSnapshot, cause: SessionEventName | undefined): Promise<void> {
  const { page } = run;
  if (snapshot.matches('loadingProfile')) {
    // Nothing on the page says so: the stored session is being read, or its token renewed (the call held).
    expect(run.gates.isArmed(snapshot.matches({ loadingProfile: 'refreshing' }) ? 'refreshTokens' : 'loadProfile')).toBe(true);
    return;
  }
  if (snapshot.matches('loggingIn')) {
    await expectHeading(page, 'Log in');
    await expect(page.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
    return;
  }
  if (snapshot.matches('expired')) {
    await expectHeading(page, 'Log in');
    await expect(page.getByText('Login expired')).toBeVisible();
    const nav = await openMenu(page);
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
    await closeMenu(page);
    return;
  }
  const nav = await openMenu(page);
  if (snapshot.matches('loggedOut')) {
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    if (cause === 'logInRefused') await expect(page.getByText('Incorrect E-mail or Password')).toBeVisible();
  } else if (snapshot.matches('loggedIn')) {
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    if (snapshot.matches({ loggedIn: 'refreshing' })) expect(run.gates.isArmed('refreshTokens')).toBe(true);
  } else {
    throw new Error(`No page check for ${JSON.stringify(snapshot.value)}`);
  }
  await closeMenu(page);
}
