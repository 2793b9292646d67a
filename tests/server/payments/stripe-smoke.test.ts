/**
 * `npm run stripe:smoke` (scripts/stripe-smoke.ts), which whoever holds Stripe test keys runs against
 * Stripe's real test mode, run here against the local fake of Stripe's API (STRIPE_API_URL): every check
 * passes, and it refuses a key that is not a test key.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../support/server/fake-stripe/fake-stripe';
import { STRIPE_TEST_KEYS } from '../../support/server/fake-stripe/stripe-test-api';

function smoke(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/stripe-smoke.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm run stripe:smoke', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    // Real time: the script asks for the last minutes' money.
    fake = await startFakeStripe({ clock: { now: () => new Date() }, webhookEndpoint: () => new Response(null, { status: 404 }), ...STRIPE_TEST_KEYS });
  });
  afterAll(() => fake.stop());

  it('passes every check against (a fake of) Stripe test mode', async () => {
    const result = await smoke({ STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey, STRIPE_API_URL: fake.url, STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret });
    expect(result.output).toContain('Stripe smoke test passed.');
    expect(result.output).not.toContain('FAIL');
    expect(result.code).toBe(0);
  }, 60_000);

  it('refuses a live key', async () => {
    const result = await smoke({ STRIPE_SECRET_KEY: 'sk_live_nope', STRIPE_API_URL: fake.url });
    expect(result.code).toBe(1);
    expect(result.output).toContain('TEST secret key');
  }, 60_000);
});
