/**
 * `npm run bench:auth`: two figures of the auth area, on PGlite and (when Debian's server is
 * installed) on a throw-away PostgreSQL.
 * - The password-reset answer for a known and an unknown e-mail, over a real socket to a client in
 *   another thread, interleaved (medians of 270 each): the two should not differ.
 * - The cost of requireUser() per call: a protected no-op route against the same route unprotected,
 *   in-process (medians of 3,000 sequential calls).
 */
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { requireUser } from '../server/lib/auth';
import { createTestApi, type Driver, type TestApi } from '../tests/support/server/harness';
import { startTestPostgres } from './postgres-for-tests';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// The client: 300 pairs (the first 30 warm up), the clock moved past the per-e-mail limit before each.
const RESET_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const base = 'http://127.0.0.1:' + workerData.port;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = async (email) => {
  const t0 = performance.now();
  const res = await fetch(base + '/user/user/initiate-password-reset', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }),
  });
  await res.text();
  if (res.status !== 200) throw new Error('status ' + res.status);
  return performance.now() - t0;
};
const pause = () => new Promise((r) => setTimeout(r, 5));
(async () => {
  const known = [], unknown = [];
  for (let i = 0; i < 300; i++) {
    await (await fetch(base + '/bench/advance', { method: 'POST' })).text();
    if (i % 2) { known.push(await time('guest@example.com')); await pause(); unknown.push(await time('nobody@example.com')); }
    else { unknown.push(await time('nobody@example.com')); await pause(); known.push(await time('guest@example.com')); }
    await pause();
  }
  parentPort.postMessage({ known: median(known.slice(30)), unknown: median(unknown.slice(30)) });
})();
`;

async function resetTiming(api: TestApi): Promise<string> {
  const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const result = await new Promise<{ known: number; unknown: number }>((resolve, reject) => {
      const worker = new Worker(RESET_CLIENT, { eval: true, workerData: { port } });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    return `reset answer: known e-mail ${result.known.toFixed(2)} ms, unknown ${result.unknown.toFixed(2)} ms`;
  } finally {
    server.close();
  }
}

async function authCheckCost(api: TestApi): Promise<string> {
  const headers = { authorization: `Bearer ${await api.login('guest@example.com', 'guest-pass-1')}` };
  const once = async (path: string) => {
    const t0 = performance.now();
    const res = await api.app.request(path, { headers });
    await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return performance.now() - t0;
  };
  const open: number[] = [];
  const guarded: number[] = [];
  for (let i = 0; i < 3_200; i++) {
    open.push(await once('/bench/open'));
    guarded.push(await once('/bench/protected'));
  }
  const us = (ms: number) => `${Math.round(ms * 1000)} µs`;
  const [a, b] = [median(open.slice(200)), median(guarded.slice(200))];
  return `requireUser: ${us(b)} a call against ${us(a)} unprotected (+${us(b - a)})`;
}

async function run(driver: Driver): Promise<void> {
  const api = await createTestApi({ driver });
  // The bench's own routes, added before the first request builds the router.
  api.app.post('/bench/advance', (c) => {
    api.clock.advanceMinutes(61);
    return c.text('ok');
  });
  api.app.get('/bench/open', (c) => c.json({ ok: true }));
  api.app.get('/bench/protected', requireUser(), (c) => c.json({ ok: true }));
  try {
    console.log(`${driver}: ${await resetTiming(api)}; ${await authCheckCost(api)}`);
  } finally {
    await api.close();
  }
}

await run('pglite');
const postgres = process.env.TEST_DATABASE_URL ? undefined : await startTestPostgres();
if (postgres) process.env.TEST_DATABASE_URL = postgres.url;
try {
  if (process.env.TEST_DATABASE_URL) await run('postgres');
} finally {
  postgres?.stop();
}
