/** The server's only source of "now", so tests can move time (holds, expiry, tokens, "today"). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Where a controllable clock stands: its time, and whether it stands still. */
export interface ClockState {
  now: Date;
  frozen: boolean;
}

/**
 * A clock that tests move from outside the process (browser tests, through `/dev/clock`): it runs at the
 * real rate from a chosen instant, so it stays in step with a page clock installed at the same instant,
 * and jumps forward or back when told. Frozen, it stands still until moved. Test-only: main.ts uses it
 * only with TEST_CLOCK set outside production.
 */
export class ControllableClock implements Clock {
  /** The clock's time at `base`, a reading of the real clock (`real()`); while frozen, `base` is ignored. */
  private anchor: number;
  private base: number;
  private frozen: boolean;
  private readonly real: () => number;

  constructor(
    start: Date = new Date(),
    options: { frozen?: boolean; real?: () => number } = {},
  ) {
    this.real = options.real ?? Date.now;
    this.anchor = start.getTime();
    this.base = this.real();
    this.frozen = options.frozen ?? false;
  }

  now(): Date {
    return new Date(this.frozen ? this.anchor : this.anchor + (this.real() - this.base));
  }

  state(): ClockState {
    return { now: this.now(), frozen: this.frozen };
  }

  /** Jumps to `at`; the clock keeps running from there unless frozen. */
  set(at: Date): void {
    this.anchor = at.getTime();
    this.base = this.real();
  }

  /** Moves the clock by `ms` (negative goes back). */
  advance(ms: number): void {
    this.set(new Date(this.now().getTime() + ms));
  }

  /** Stops the clock where it is, or lets it run on from there. */
  setFrozen(frozen: boolean): void {
    const now = this.now();
    this.frozen = frozen;
    this.set(now);
  }
}

/**
 * The clock the environment asks for: a `ControllableClock` when TEST_CLOCK is set (1, or an ISO instant
 * to start at) outside production, else the system clock. TEST_CLOCK_FROZEN=1 starts it stood still.
 */
export function clockFromEnv(env: NodeJS.ProcessEnv, production: boolean): Clock {
  const setting = env.TEST_CLOCK;
  if (!setting || setting === '0' || production) return systemClock;
  const start = setting === '1' || setting === 'true' ? new Date() : new Date(setting);
  if (Number.isNaN(start.getTime())) throw new Error(`TEST_CLOCK must be 1 or an ISO instant, not ${setting}`);
  return new ControllableClock(start, { frozen: env.TEST_CLOCK_FROZEN === '1' });
}

/**
 * Wraps a fetch handler so responses carry the clock's time in their Date header. Node sets the header
 * from the machine's clock otherwise, and the app reads the server's "now" from it (the hold's
 * countdown), so on a test clock it has to say the test clock's time.
 */
export function withClockDate(
  fetch: (request: Request, ...rest: any[]) => Response | Promise<Response>,
  clock: Clock,
): (request: Request, ...rest: any[]) => Promise<Response> {
  return async (request, ...rest) => {
    const response = await fetch(request, ...rest);
    // A file with an ETag (the app's assets, a menu) keeps the machine's Date: the browser's cache counts
    // its max-age from that header on the machine's clock, and a test clock years off would make it stale.
    if (response.headers.has('etag')) return response;
    const date = clock.now().toUTCString();
    try {
      response.headers.set('date', date);
      return response;
    } catch {
      // Immutable headers (a fetched response passed through): copy the response.
      const headers = new Headers(response.headers);
      headers.set('date', date);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
  };
}
