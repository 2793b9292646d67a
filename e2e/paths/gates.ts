/**
 * Holds one of the page's API calls on its way to the server, so a test can read the page while the
 * call is pending (the chart's loading states) and arrange what the server will find when it arrives
 * (a table someone else took, a hold that ran out meanwhile), then lets it go.
 */
import type { Page, Route } from '@playwright/test';

/** The call an invoked actor makes: its method and its path. */
export type ActorCalls = Record<string, { method: string; path: RegExp }>;

/** Which call each invoked actor of the booking chart (and of the phone verification chart it invokes) makes. */
export const ACTOR_CALLS: ActorCalls = {
  loadVenue: { method: 'GET', path: /^\/public\/venue\/by-domain\/[^/]+$/ },
  // The token call when logged in, the public one before.
  loadTimeslots: { method: 'GET', path: /^\/(?:user\/reservation\/v1\.1|public\/reservation)\/timeslot-availability\// },
  openGuestSession: { method: 'POST', path: /^\/public\/guest\/session$/ },
  createReservation: { method: 'POST', path: /^\/user\/reservation\/v1\.1$/ },
  loadGuestProfile: { method: 'GET', path: /^\/user\/user\/me$/ },
  sendVerificationCode: { method: 'POST', path: /^\/public\/guest\/verify-phone-number$/ },
  confirmVerificationCode: { method: 'POST', path: /^\/public\/guest\/confirm-phone-number$/ },
  completeReservation: { method: 'PUT', path: /^\/user\/reservation\/v1\.1\/complete\// },
  releaseReservation: { method: 'PUT', path: /^\/user\/reservation\/v1\.1\/cancel\// },
};

/**
 * The addresses of `calls`, as one RegExp over the whole URL. A RegExp is matched in Playwright's own
 * process, so only these calls come to the test; a function was asked about every request the page made
 * (each script, style, picture and catalog), on its way, in the test's process.
 */
function addressOf(calls: ActorCalls): RegExp {
  // Each path is anchored to the pathname's start (^) and some to its end ($): after the host, and before a query.
  const paths = Object.values(calls).map(({ path }) => {
    if (!/^\^\\?\//.test(path.source) || path.flags) throw new Error(`A call's path is matched from the pathname's start, without flags: ${path}`);
    return path.source.slice(1).replace(/\$$/, '(?=[?#]|$)');
  });
  return new RegExp(`^[a-z]+://[^/]+(?:${paths.join('|')})`);
}

interface Gate {
  armed: boolean;
  held: Route | null;
  arrived: Promise<Route>;
  arrive: (route: Route) => void;
}

export class Gates {
  private readonly gates = new Map<string, Gate>();

  private constructor(private readonly calls: ActorCalls) {}

  /** Starts watching the page's calls of `calls` (passed through unless a gate is armed). */
  static async install(page: Page, calls: ActorCalls = ACTOR_CALLS): Promise<Gates> {
    const gates = new Gates(calls);
    await page.route(addressOf(calls), (route) => gates.handle(route));
    return gates;
  }

  private handle(route: Route): Promise<void> {
    const request = route.request();
    const pathname = new URL(request.url()).pathname;
    for (const [actor, call] of Object.entries(this.calls)) {
      const gate = this.gates.get(actor);
      if (gate?.armed && !gate.held && call.method === request.method() && call.path.test(pathname)) {
        gate.held = route;
        gate.arrive(route);
        return Promise.resolve();
      }
    }
    return route.fallback();
  }

  /** The next call of `actor` will be held until `release`. */
  arm(actor: string): void {
    if (!this.calls[actor]) throw new Error(`No call known for actor ${actor}`);
    let arrive!: (route: Route) => void;
    const arrived = new Promise<Route>((resolve) => (arrive = resolve));
    this.gates.set(actor, { armed: true, held: null, arrived, arrive });
  }

  isArmed(actor: string): boolean {
    return this.gates.get(actor)?.armed ?? false;
  }

  /** Waits until the page's call of `actor` is held (it made it), without letting it go. */
  async waitForCall(actor: string, timeoutMs = 10_000): Promise<void> {
    const gate = this.gates.get(actor);
    if (!gate?.armed) throw new Error(`The ${actor} gate is not armed`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The page did not call ${actor} (${this.calls[actor]!.method} ${this.calls[actor]!.path})`)), timeoutMs);
    });
    try {
      await Promise.race([gate.arrived, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Lets the held call of `actor` go on to the server, after `arrange` has set the scene. */
  async release(actor: string, arrange?: () => Promise<void>): Promise<void> {
    await this.waitForCall(actor);
    const gate = this.gates.get(actor)!;
    await arrange?.();
    gate.armed = false;
    const held = gate.held!;
    gate.held = null;
    await held.continue();
  }

  /** Drops the held call of `actor` as a lost connection would (the page sees a network failure). */
  async fail(actor: string): Promise<void> {
    await this.waitForCall(actor);
    const gate = this.gates.get(actor)!;
    gate.armed = false;
    const held = gate.held!;
    gate.held = null;
    await held.abort('connectionfailed');
  }

  /** Answers the held call of `actor` with `body` (a refusal the path arranges) instead of the server. */
  async answer(actor: string, status: number, body: unknown): Promise<void> {
    await this.waitForCall(actor);
    const gate = this.gates.get(actor)!;
    gate.armed = false;
    const held = gate.held!;
    gate.held = null;
    await held.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  }

  /** Lets every held call go (the end of a test). */
  async releaseAll(): Promise<void> {
    for (const gate of this.gates.values()) {
      gate.armed = false;
      if (gate.held) await gate.held.continue().catch(() => {});
      gate.held = null;
    }
  }
}
