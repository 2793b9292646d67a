/**
 * The page's Content-Security-Policy on Stripe: exactly Stripe.js's sources (its script, its frames and
 * 3-D Secure's, its API) added to the app's own, on the page the server serves, and none of them on the
 * test-mode processor; the API's answers still allow nothing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CSP, appCspFor, NOTHING_CSP } from '../../../server/security-headers';
import { createTestApi, type TestApi } from '../../support/server/harness';
import type { FakeStripe } from '../../support/server/fake-stripe/fake-stripe';
import { payOnFakeStripe } from '../../support/server/fake-stripe/stripe-test-api';

const STRIPE_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' https://api.stripe.com",
  "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

describe("the page's policy and the card processor", () => {
  let root: string;
  let api: TestApi;
  let fake: FakeStripe;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'stripe-csp-'));
    await writeFile(join(root, 'index.html'), '<!doctype html><title>The Club</title><script type="module" src="/assets/index-AbC123.js"></script>');
    api = await createTestApi({ staticRoot: root });
  });
  afterAll(async () => {
    await fake?.stop();
    await api?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('adds only what Stripe.js needs when the app pays on Stripe', () => {
    expect(appCspFor('stripe')).toBe(STRIPE_PAGE_CSP);
  });

  it('names no Stripe host on the test-mode processor', async () => {
    expect(appCspFor('test-mode')).toBe(APP_CSP);
    expect(APP_CSP).not.toContain('stripe');
    expect((await api.app.request('/')).headers.get('content-security-policy')).toBe(APP_CSP);
  });

  it('serves the page with Stripe.js allowed once on Stripe, and the API with nothing allowed', async () => {
    ({ fake } = await payOnFakeStripe(api));
    expect((await api.app.request('/')).headers.get('content-security-policy')).toBe(STRIPE_PAGE_CSP);
    expect((await api.app.request('/public/venue/by-domain/leclos')).headers.get('content-security-policy')).toBe(NOTHING_CSP);
  });
});
