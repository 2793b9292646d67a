/**
 * Renders the whole app in jsdom against the real API: the browser's fetch is pointed at the Hono app
 * running in-process on a fresh database with demo data (see tests/support/server/harness.ts). Its answers carry
 * the test clock's time in their Date header, as the real server's do, so the page runs on the server's
 * clock (src/api/server-clock.ts) while its own is the machine's, whatever day that is.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { invalidate } from '../../../src/api/use-api-query';
import { withClockDate } from '../../../server/lib/clock';
import { createTestApi, type TestApi } from '../server/harness';

/** Starts the API and routes the page's fetch calls to it. */
async function startApi(options?: Parameters<typeof createTestApi>[0]): Promise<TestApi> {
  // PGlite reads its extension bundle with Blob.arrayBuffer(), which jsdom's Blob lacks: lend it Node's.
  const jsdomBlob = globalThis.Blob;
  globalThis.Blob = NodeBlob as typeof Blob;
  let api: TestApi;
  try {
    api = await createTestApi(options);
  } finally {
    globalThis.Blob = jsdomBlob;
  }
  const answer = withClockDate((request: Request) => api.app.fetch(request), api.clock);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => answer(new Request(input, init)));
  return api;
}

/**
 * The API for the tests of this file (or describe block): started before them, closed after them. Returns
 * a getter, since the API exists only once they start.
 */
export function useTestApi(options?: Parameters<typeof createTestApi>[0]): () => TestApi {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await startApi(options);
  });
  afterAll(async () => {
    await api?.close();
  });
  return () => {
    if (!api) throw new Error('The test API has not started: use it inside a test or hook.');
    return api;
  };
}

interface HarnessOptions {
  /** Puts back whatever else a test changed, once its page is gone. */
  afterEach?: (api: TestApi) => void;
}

/**
 * Everything a file of whole-app tests needs: the API (see `useTestApi`), and after each test the page
 * unmounted, the browser's storage cleared and the kept answers forgotten, so every test is a new visit.
 */
export function useAppHarness({ afterEach: reset }: HarnessOptions = {}): () => TestApi {
  const api = useTestApi();
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    invalidate();
    reset?.(api());
  });
  return api;
}

/** Opens the app at a hash address like `/pages/venue-detail?domain=leclos`. */
export async function openApp(address: string, { locale = 'en' }: { locale?: string } = {}) {
  localStorage.setItem('locale', locale);
  history.replaceState(null, '', `/#${address}`);
  const { activateLocale, initialLocale } = await import('../../../src/i18n/i18n');
  // The flows' texts too, which the app loads with their pages: a test looks a step's texts up before it
  // shows. Added first, they come with the language activated next.
  const { loadFlowCatalog } = await import('../../../src/i18n/flow-catalog');
  await loadFlowCatalog();
  await activateLocale(initialLocale());
  const { App } = await import('../../../src/app');
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(<App />);
  });
  return result;
}

/** Logs a demo user in by storing real tokens, as a returning visitor would have them. */
export async function storeSession(api: TestApi, email: string, password: string) {
  const res = await api.request('POST', '/user/authentication/login', { body: { email, password } });
  localStorage.setItem('access_token', res.body.data.token);
  localStorage.setItem('refresh_token', res.body.data.refreshToken);
}

/** Opens the app at `address` as a returning user of `account`, once the page's heading shows. */
export async function openAs(
  api: TestApi,
  [email, password]: readonly [email: string, password: string],
  address: string,
  heading: string | RegExp,
) {
  await storeSession(api, email, password);
  await openApp(address);
  return findHeading(heading);
}

/**
 * Opens a staff console page at `address`, logs in on the staff log-in page it shows first, and waits for
 * the page's `heading`; returns the user-event session that typed.
 */
export async function openAsStaff(address: string, [email, password]: readonly [email: string, password: string], heading: string | RegExp) {
  await openApp(address);
  await findHeading('Staff log in');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.keyboard('{Enter}');
  await findHeading(heading);
  return user;
}

/** The page's main heading, once it has loaded. */
export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}
