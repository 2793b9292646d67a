/**
 * GET /metrics through the HTTP API, on PGlite and PostgreSQL: Prometheus's text format behind the bearer
 * METRICS_TOKEN (absent without one), requests by route pattern and status with their latency, the
 * event-loop lag, the PostgreSQL pool, and the club's numbers read from the database: bookings made,
 * completed and expired, payments by outcome, the outbox by channel, the waitlist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createMetrics } from '../../../server/observability/metrics';
import { serveMetrics } from '../../../server/observability/metrics-server';
import { expireStaleHolds } from '../../../server/services/reservations/hold-expiry';
import { freePort } from '../../../scripts/free-port';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { paymentHelpers } from '../../support/server/payment-helpers';

const TOKEN = 'metrics-token-for-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format as samples (comments left out). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the sample named `name` whose labels include `labels`; 0 when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found.reduce((sum, s) => sum + s.value, 0);
}

for (const driver of testDrivers()) {
  describe(`GET /metrics (${driver})`, () => {
    let api: TestApi;
    let app: ReturnType<typeof createApp>;
    beforeAll(async () => {
      api = await createTestApi({ driver });
      // The app as main.ts builds it with METRICS_TOKEN set, its metrics told of the pool.
      const metrics = createMetrics({ db: api.deps.db, poolStats: api.database.poolStats });
      app = createApp({ ...api.deps, config: { ...api.deps.config, metricsToken: TOKEN } }, { metrics });
    });
    afterAll(() => api.close());

    const scrape = async () => {
      const res = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return parse(await res.text());
    };

    it('answers only the bearer of METRICS_TOKEN, and is not there at all without one', async () => {
      for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
        const res = await app.request('/metrics', { headers: authorization ? { authorization } : {} });
        expect(res.status, authorization).toBe(401);
        expect(await res.json()).toMatchObject({ status: 401, message: 'Login required' });
      }
      expect((await api.request('GET', '/metrics')).status).toBe(404);
    });

    it('counts requests and their latency by route pattern and status, never by path', async () => {
      const statuses = new Set<number>();
      for (const id of ['a1', 'b2', 'c3']) statuses.add((await app.request(`/public/venue/by-domain/${id}.example`)).status);
      await app.request('/health');
      const samples = await scrape();
      expect(statuses.size).toBe(1);
      const byDomain = { method: 'GET', route: '/public/venue/by-domain/:domain', status: String([...statuses][0]) };
      expect(valueOf(samples, 'http_requests_total', byDomain)).toBe(3);
      expect(valueOf(samples, 'http_request_duration_seconds_count', byDomain)).toBe(3);
      expect(valueOf(samples, 'http_request_duration_seconds_bucket', { ...byDomain, le: '+Inf' })).toBe(3);
      expect(valueOf(samples, 'http_requests_total', { route: '/health', status: '200' })).toBe(1);
      expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes('a1.example')))).toBe(false);
    });

    it('shows the event-loop lag and, on PostgreSQL, the connection pool', async () => {
      const samples = await scrape();
      expect(samples.find((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBeDefined();
      expect(samples.find((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
      const pool = samples.filter((s) => s.name === 'club_db_pool_connections').map((s) => s.labels.state);
      expect(pool.sort()).toEqual(driver === 'postgres' ? ['idle', 'total', 'waiting'] : []);
      expect(valueOf(samples, 'club_database_up')).toBe(1);
    });

    it('reads bookings made, completed and expired, payments by outcome, the outbox by channel and the waitlist from the database', async () => {
      const helpers = paymentHelpers(api);
      const before = await scrape();
      const guest = await helpers.newUser();
      await helpers.bookPaidByCard(guest);
      await helpers.holdWhiskyFlight(guest);
      // The hold runs out 15 minutes on; the sweeper lets it go.
      api.clock.advanceMinutes(16);
      await expireStaleHolds(api.deps.db, api.clock.now());
      await api.request('POST', '/user/user/initiate-password-reset', { body: { email: guest.email } });
      const after = await scrape();
      const grew = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

      expect(grew('club_bookings_made')).toBe(1);
      expect(grew('club_bookings_expired')).toBe(1);
      expect(grew('club_payments', { purpose: 'RESERVATION', status: 'SUCCEEDED' })).toBe(1);
      // The confirmation and the reset mail wait in the outbox: no transport in tests.
      expect(grew('club_outbox_messages', { channel: 'EMAIL', status: 'QUEUED' })).toBeGreaterThanOrEqual(2);
      expect(after.find((s) => s.name === 'club_outbox_oldest_queued_seconds' && s.labels.channel === 'EMAIL')?.value).toBeGreaterThanOrEqual(0);
      expect(grew('club_reservations', { status: 'CONFIRMED' })).toBe(1);
      for (const name of ['club_bookings_completed', 'club_waitlist_offers']) expect(after.find((s) => s.name === name)).toBeDefined();
    });

    it('serves /metrics with no token on METRICS_PORT, a port of its own', async () => {
      const port = await freePort();
      const server = serveMetrics(createMetrics({ db: api.deps.db }), port);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('club_bookings_made ');
        expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(404);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
}
