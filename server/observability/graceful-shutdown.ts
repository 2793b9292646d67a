/**
 * Graceful shutdown on SIGTERM (a rolling restart, a deploy): stop taking connections, answer the requests
 * already in flight, let each background job finish the round it is in, finish the work after answers,
 * close the database, exit 0. All of it within a bounded time, after which the process stops anyway
 * (exit 1), so an orchestrator's own kill never lands first.
 *
 * While draining, /health answers 503 (a load balancer's check takes the process out), and every answer
 * says `Connection: close`, so a proxy's kept-alive connection sends its next request elsewhere.
 */
import type { ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { localeFromAcceptLanguage } from '../../common/locales';
import { translatorFor } from '../i18n/translator';
import { serviceUnavailable } from '../lib/errors';
import { log } from './logger';

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/** Counts the requests in flight and, once draining, turns new health checks away. */
export class Drain {
  private inFlight = 0;
  private draining = false;
  private idleWaiters: (() => void)[] = [];

  /** `fetch` with the requests it is answering counted. */
  wrap(fetch: Fetch): Fetch {
    return async (request, env) => {
      if (this.draining && new URL(request.url).pathname === '/health') return this.shuttingDown(request);
      this.inFlight++;
      try {
        const response = await fetch(request, env);
        if (this.draining) closeAfter(response);
        return response;
      } finally {
        this.inFlight--;
        if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      }
    };
  }

  start(): void {
    this.draining = true;
  }

  /** Resolves once no request is being answered. */
  idle(): Promise<void> {
    return this.inFlight === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private shuttingDown(request: Request): Response {
    const i18n = translatorFor(localeFromAcceptLanguage(request.headers.get('accept-language')));
    return Response.json(serviceUnavailable().toBody(i18n), { status: 503, headers: { Connection: 'close' } });
  }
}

function closeAfter(response: Response): void {
  try {
    response.headers.set('Connection', 'close');
  } catch {
    // A response with immutable headers (one fetched from elsewhere) keeps its connection: the server closes it.
  }
}

export interface ShutdownSteps {
  server: ServerType;
  /** Other listeners (METRICS_PORT), closed at once. */
  otherServers?: ServerType[];
  drain: Drain;
  /** Stops the jobs' timers: no new round starts. */
  stopJobs(): void;
  /** Resolves when the rounds running have finished. */
  jobRoundsFinished(): Promise<void>;
  /** Resolves when the work started after answers has finished. */
  workAfterAnswers(): Promise<void>;
  closeDatabase(): Promise<void>;
  timeoutMs: number;
}

// A response that has left its handler may still be writing its body (a file, a PDF): a moment to finish
// before the connections left (kept-alive ones, the day sheet's event streams) are closed.
const BODY_GRACE_MS = 1_000;
const ARRIVAL_GRACE_MS = 250;

/** Runs the shutdown; resolves to the exit code: 0 when everything finished in time, 1 when it was cut short. */
export async function shutDownGracefully(steps: ShutdownSteps): Promise<number> {
  const started = performance.now();
  log().info('shutting down: no new connections; finishing the requests and job rounds in flight');
  steps.drain.start();
  steps.stopJobs();
  const server = steps.server as Server;
  // Only the listener is closed here: http's own close() would also drop every connection without a
  // request in flight, a proxy's new connection whose request has not arrived yet among them (a lost call).
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  for (const other of steps.otherServers ?? []) (other as Server).close();

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), steps.timeoutMs);
  });
  const finish = async (): Promise<'finished'> => {
    // The connections made just before the listener closed deliver their requests, which then count as in flight.
    await new Promise((resolve) => setTimeout(resolve, ARRIVAL_GRACE_MS));
    await Promise.all([steps.drain.idle(), steps.jobRoundsFinished()]);
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, BODY_GRACE_MS))]);
    server.closeAllConnections();
    await closed;
    await steps.workAfterAnswers();
    return 'finished';
  };
  const outcome = await Promise.race([finish(), timedOut]);
  clearTimeout(timer);
  if (outcome === 'timed out') {
    log().warn(`shutting down: still busy after ${steps.timeoutMs} ms; stopping anyway`);
    server.closeAllConnections();
  }
  await Promise.race([steps.closeDatabase(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  log().info({ durationMs: Math.round(performance.now() - started) }, 'shut down');
  return outcome === 'finished' ? 0 : 1;
}
