/**
 * Graceful shutdown (server/observability/graceful-shutdown.ts) on a real HTTP server in this process:
 * new connections are refused at once, the request in flight is answered, the job round running is
 * finished before the database closes, and a request that never ends is cut off at the time-out (exit 1).
 */
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { Drain, shutDownGracefully } from '../../../server/observability/graceful-shutdown';
import { freePort } from '../../../scripts/free-port';

interface Started {
  url: string;
  server: ServerType;
  drain: Drain;
  /** Lets the slow request answer. */
  release(): void;
}

async function startServer(): Promise<Started> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = new Hono()
    .get('/slow', async (c) => {
      await released;
      return c.text('done');
    })
    .get('/health', (c) => c.text('ok'));
  const drain = new Drain();
  const port = await freePort();
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: drain.wrap(app.fetch), port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  return { url: `http://127.0.0.1:${port}`, server, drain, release };
}

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful shutdown', () => {
  it('refuses new connections, answers the request in flight, lets the job round finish, then closes the database', async () => {
    const { url, server, drain, release } = await startServer();
    const events: string[] = [];
    const inFlight = fetch(`${url}/slow`).then(async (res) => {
      events.push(`answered ${res.status} ${await res.text()}`);
      return res;
    });
    await tick(100);
    let finishRound!: () => void;
    const round = new Promise<void>((resolve) => (finishRound = resolve)).then(() => events.push('job round finished'));
    const exitCode = shutDownGracefully({
      server,
      drain,
      stopJobs: () => events.push('jobs stopped'),
      jobRoundsFinished: () => round.then(() => {}),
      workAfterAnswers: async () => void events.push('work after answers done'),
      closeDatabase: async () => void events.push('database closed'),
      timeoutMs: 5_000,
    });
    await tick();
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    release();
    const answer = await inFlight;
    expect(answer.headers.get('connection')).toBe('close');
    await tick();
    finishRound();
    expect(await exitCode).toBe(0);
    expect(events).toEqual(['jobs stopped', 'answered 200 done', 'job round finished', 'work after answers done', 'database closed']);
  });

  it('turns health checks away while draining, so a load balancer takes the process out', async () => {
    const drain = new Drain();
    const fetchOf = drain.wrap(() => new Response('ok'));
    expect((await fetchOf(new Request('http://club.test/health'))).status).toBe(200);
    drain.start();
    const draining = await fetchOf(new Request('http://club.test/health', { headers: { 'accept-language': 'ja' } }));
    expect(draining.status).toBe(503);
    expect(draining.headers.get('connection')).toBe('close');
    expect(await draining.json()).toMatchObject({ status: 503, message: 'ただいまサービスを一時的にご利用いただけません。しばらくしてから再度お試しください。' });
    const other = await fetchOf(new Request('http://club.test/public/venue/by-domain/leclos'));
    expect(other.status).toBe(200);
    expect(other.headers.get('connection')).toBe('close');
  });

  it('stops anyway at the time-out when a request never ends, and says so with exit code 1', async () => {
    const { url, server, drain, release } = await startServer();
    const stuck = fetch(`${url}/slow`).catch(() => 'cut off');
    await tick(100);
    let closed = false;
    const started = performance.now();
    const exitCode = await shutDownGracefully({
      server,
      drain,
      stopJobs: () => {},
      jobRoundsFinished: async () => {},
      workAfterAnswers: async () => {},
      closeDatabase: async () => void (closed = true),
      timeoutMs: 300,
    });
    expect(exitCode).toBe(1);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(closed).toBe(true);
    expect(await stuck).toBe('cut off');
    release();
  });
});
