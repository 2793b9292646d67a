/**
 * Log-in throttling that slows guessing without letting a stranger lock an account's owner out (OWASP
 * Authentication and Credential Stuffing cheat sheets): growing waits rather than a lock-out, counted per
 * account and client address, per client address, and per account.
 *
 * - Account and address: the first 5 failures are free, then 1 s, 2 s, 4 s ... up to 15 minutes. Only
 *   someone at that address can raise it, and the right password clears it.
 * - Address, across accounts (credential stuffing from one place): 30 free failures, then the same waits.
 * - Account, across addresses (a guess spread over many places): 10 free failures, then the same waits,
 *   but only for addresses that have never logged in to the account. An address the account logged in
 *   from in the last 90 days (or reset its password from) proved it knows the secret, so strangers'
 *   failures elsewhere cannot hold it back; a stranger who shares it still meets the two limits above.
 *   (An address rather than a device cookie: it needs nothing from the client and survives cleared
 *   cookies; its weakness, a shared address, costs only the per-address waits.)
 *
 * Every attempt is counted before the password is checked, so parallel guesses cannot all slip past the
 * check; the right password then takes its attempt back.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { loginKnownClients } from '../../db/schema';
import { clientIp } from '../../lib/client-address';
import { DAY_MS, MINUTE_MS, type BackoffLimit, type LimitCheck, type RateLimits } from '../../lib/rate-limit';
import { normalizeEmail } from '../../../common/validation/email';

const waits = { firstDelayMs: 1000, maxDelayMs: 15 * MINUTE_MS, forgetMs: DAY_MS };

/** Failures of one account from one address. */
export const LOGIN_BY_ACCOUNT_AND_CLIENT: BackoffLimit = { name: 'login:account+client', free: 5, ...waits };
/** Failures from one address across accounts. */
export const LOGIN_BY_CLIENT: BackoffLimit = { name: 'login:client', free: 30, ...waits };
/** Failures on one account across addresses; binding only addresses the account has not logged in from. */
export const LOGIN_BY_ACCOUNT: BackoffLimit = { name: 'login:account', free: 10, ...waits };
/** How long a log-in from an address vouches for it. */
export const KNOWN_CLIENT_MS = 90 * DAY_MS;

/** A log-in attempt that was let through and counted, to settle once the password is checked. */
export interface LoginAttempt {
  account: string;
  client: string;
  checks: LimitCheck[];
}

export class LoginThrottle {
  private nextSweepAt = 0;

  constructor(private readonly limits: RateLimits) {}

  /** Counts an attempt on `email` from the caller's address, or throws 429 with Retry-After while it must wait. */
  async begin(c: Context<AppEnv>, email: string): Promise<LoginAttempt> {
    const account = normalizeEmail(email);
    const client = clientIp(c);
    const known = await this.isKnownClient(c, account, client);
    const checks: LimitCheck[] = [
      { limit: LOGIN_BY_ACCOUNT_AND_CLIENT, key: `${account} ${client}` },
      { limit: LOGIN_BY_CLIENT, key: client },
      // Counted from every address, so a known one's failures still slow the strangers; binding only strangers.
      { limit: LOGIN_BY_ACCOUNT, key: account, enforce: !known },
    ];
    await this.limits.take(c, checks);
    return { account, client, checks };
  }

  /** The password was right: the attempt was no guess. The address's count on the account starts again. */
  async succeeded(c: Context<AppEnv>, attempt: LoginAttempt): Promise<void> {
    const [pair, ...others] = attempt.checks;
    await this.limits.clear(c, pair!);
    await this.limits.giveBack(c, others);
    await this.rememberClient(c, attempt.account, attempt.client);
  }

  /** The caller proved to own `email` another way (a reset link from its mailbox): as after a log-in. */
  async proved(c: Context<AppEnv>, email: string): Promise<void> {
    const account = normalizeEmail(email);
    const client = clientIp(c);
    await this.limits.clear(c, { limit: LOGIN_BY_ACCOUNT_AND_CLIENT, key: `${account} ${client}` });
    await this.rememberClient(c, account, client);
  }

  private async isKnownClient(c: Context<AppEnv>, account: string, client: string): Promise<boolean> {
    const { db, clock } = c.get('deps');
    const since = new Date(clock.now().getTime() - KNOWN_CLIENT_MS);
    const [row] = await db
      .select({ account: loginKnownClients.account })
      .from(loginKnownClients)
      .where(
        and(eq(loginKnownClients.account, account), eq(loginKnownClients.client, client), gt(loginKnownClients.lastSuccessAt, since)),
      );
    return row !== undefined;
  }

  private async rememberClient(c: Context<AppEnv>, account: string, client: string): Promise<void> {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    await db
      .insert(loginKnownClients)
      .values({ account, client, lastSuccessAt: now })
      .onConflictDoUpdate({ target: [loginKnownClients.account, loginKnownClients.client], set: { lastSuccessAt: now } });
    // Addresses that have vouched for nothing in 90 days are deleted now and then.
    if (now.getTime() < this.nextSweepAt) return;
    this.nextSweepAt = now.getTime() + 10 * MINUTE_MS;
    await db.delete(loginKnownClients).where(lte(loginKnownClients.lastSuccessAt, new Date(now.getTime() - KNOWN_CLIENT_MS)));
  }
}
