/**
 * The server's Prometheus metrics (prom-client), one registry per app: requests by route pattern and status
 * with their latency, the process's own (event-loop lag, memory, CPU: prom-client's defaults), the
 * PostgreSQL pool's connections, and the club's numbers read from the database at each scrape
 * (business-counts.ts). Served by GET /metrics (metrics.routes.ts) or on METRICS_PORT (main.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { logError } from '../lib/log-error';
import { readBusinessCounts } from './business-counts';
import type { RequestObserver } from './request-log';

/** A PostgreSQL pool's connections: open, of those idle, and calls waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Metrics {
  registry: Registry;
  /** Counts an answered request (request-log.ts calls it). */
  observeRequest: RequestObserver;
  /** The metrics as Prometheus's text format, the database's numbers read now. */
  render(): Promise<string>;
  contentType: string;
}

// From a cached read (a few ms) to a slow report or a PDF: the buckets an alert on the 95th percentile needs.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: { db: Db; poolStats?: () => PoolStats }): Metrics {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_seconds and its percentiles), heap, CPU, open handles.
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until the handler returned its answer), by method, route pattern and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  if (options.poolStats) {
    const poolStats = options.poolStats;
    new Gauge({
      name: 'club_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and calls waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  const gauge = (name: string, help: string, labels: string[] = []) => new Gauge({ name, help, labelNames: labels, registers: [registry] });
  const databaseUp = gauge('club_database_up', '1 when the last scrape read the database, 0 when it could not.');
  const made = gauge('club_bookings_made', 'Bookings ever confirmed (read from the database: the same on every server process).');
  const completed = gauge('club_bookings_completed', 'Bookings whose party finished its visit.');
  const expired = gauge('club_bookings_expired', 'Holds that ended without becoming a booking (ran out, or let go).');
  const reservations = gauge('club_reservations', 'Reservations by status as they stand.', ['status']);
  const payments = gauge('club_payments', 'Payments by purpose and outcome.', ['purpose', 'status']);
  const outbox = gauge('club_outbox_messages', 'Outbox messages by channel and state (QUEUED, SENT, FAILED).', ['channel', 'status']);
  const outboxAge = gauge('club_outbox_oldest_queued_seconds', 'How long the oldest message still queued has waited, by channel.', ['channel']);
  const waitlist = gauge('club_waitlist_entries', 'Waitlist entries by state.', ['status']);
  const offers = gauge('club_waitlist_offers', 'Offers the waitlist has made (a table held for a waiting guest).');
  const fromDatabase = [made, completed, expired, reservations, payments, outbox, outboxAge, waitlist, offers];

  async function readDatabase(): Promise<void> {
    // Numbers that could not be read are left out rather than shown as they were: a stale count alerts no one.
    for (const metric of fromDatabase) metric.reset();
    try {
      const counts = await readBusinessCounts(options.db);
      made.set(counts.bookingsMade);
      completed.set(counts.bookingsCompleted);
      expired.set(counts.bookingsExpired);
      for (const row of counts.reservations) reservations.set({ status: row.status }, row.count);
      for (const row of counts.payments) payments.set({ purpose: row.purpose, status: row.status }, row.count);
      for (const row of counts.outbox) outbox.set({ channel: row.channel, status: row.status }, row.count);
      for (const row of counts.outboxOldestQueuedSeconds) outboxAge.set({ channel: row.channel }, row.seconds);
      for (const row of counts.waitlist) waitlist.set({ status: row.status }, row.count);
      offers.set(counts.waitlistOffers);
      databaseUp.set(1);
    } catch (error) {
      logError('metrics: reading the database', error);
      databaseUp.set(0);
    }
  }

  return {
    registry,
    contentType: registry.contentType,
    observeRequest({ method, route, status, seconds }) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    async render() {
      await readDatabase();
      return registry.metrics();
    },
  };
}
