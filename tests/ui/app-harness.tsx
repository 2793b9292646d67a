/**
 * Renders the whole app in jsdom against the real API: the browser's fetch is pointed at the Hono app
 * running in-process on a fresh database with demo data (see tests/server/harness.ts).
 */
import { Blob as NodeBlob } from 'node:buffer';
import { act, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { createTestApi, type TestApi } from '../server/harness';

export type { TestApi };

/** Starts the API and routes the page's fetch calls to it. Call once per file (beforeAll). */
export async function startApi(options?: Parameters<typeof createTestApi>[0]): Promise<TestApi> {
  // PGlite reads its extension bundle with Blob.arrayBuffer(), which jsdom's Blob lacks: lend it Node's.
  const jsdomBlob = globalThis.Blob;
  globalThis.Blob = NodeBlob as typeof Blob;
  let api: TestApi;
  try {
    api = await createTestApi(options);
  } finally {
    globalThis.Blob = jsdomBlob;
  }
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => api.app.fetch(new Request(input, init)));
  return api;
}

/** Opens the app at a hash address like `/pages/venue-detail?domain=leclos`. */
export async function openApp(address: string, { locale = 'en' }: { locale?: string } = {}) {
  localStorage.setItem('locale', locale);
  history.replaceState(null, '', `/#${address}`);
  const { activateLocale, initialLocale } = await import('../../src/i18n/i18n');
  await activateLocale(initialLocale());
  const { App } = await import('../../src/app');
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

/** The page's main heading, once it has loaded. */
export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}
