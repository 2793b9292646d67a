/**
 * The session (docs/PRODUCT.md §4): not logged in or logged in, with checking, logging in, refreshing and expired.
 * Persistence and calls are named here and given by the app (`machine.provide`), so tests and the
 * Stately visualizer use the same chart. Other tabs learn of a log-in or log-out from the storage
 * event of the token keys and send `session.sync`. The token refresh is timed on the server's clock:
 * the calls' answers bring its offset from the device's (`clockOffsetMs`, common/api/server-clock.ts).
 *
 * The chart is the only writer of the stored tokens (`saveSession`, `saveTokens`, `clearSession`): a
 * page that receives tokens hands them in as an event, and a call refused with a 401 sends
 * `token.rejected`, so every refresh, scheduled or not, is this chart's one `refreshTokens` at a time.
 */
import { assertEvent, assign, fromPromise, setup, type EventObject } from 'xstate';
import { serverTime, type ServerTimed } from '../common/api/server-time';
import { accessTokenExpiresAt } from '../common/api/token-claims';
import { callErrorOf, outputOf } from './actor-event';

export interface SessionUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'guest' | 'member' | 'admin' | 'staff';
  memberId: string | null;
  /** The venue a member of staff works at (the staff console's session only; null for admins). */
  venueId?: string | null;
}

export interface Credentials {
  email: string;
  password: string;
  /** The club's staff log in through the admin area (docs/PRODUCT.md §1, §6). */
  area?: 'user' | 'admin';
}

/** A token pair the server handed out (log-in, refresh, password change), and its clock when it did. */
export interface TokenGrant extends ServerTimed {
  token: string;
  refreshToken: string;
}

export interface LoginResult extends TokenGrant {
  user: SessionUser;
}

/** The profile read of a restored session. */
export interface LoadedProfile extends ServerTimed {
  user: SessionUser;
}

/** Why the user is (back) on the log-in page; the page shows the matching text. */
export type SessionNotice = 'login-expired' | 'login-failed' | null;

export interface SessionContext {
  user: SessionUser | null;
  upcomingCount: number;
  /** When the access token runs out (ms since epoch, on the server's clock), to refresh ahead of it. */
  tokenExpiresAt: number | null;
  /** Server time minus device time as the last answer told it, so the refresh follows the server's clock. */
  clockOffsetMs: number;
  notice: SessionNotice;
  /** The server's message when log-in was refused ('Incorrect E-mail or Password', a rate limit). */
  errorMessage: string | null;
}

export type SessionEvent =
  | { type: 'login.submit'; credentials: Credentials }
  | { type: 'logout' }
  /** A call was refused with the stored access token: renew it (once, however many calls ask). */
  | { type: 'token.rejected' }
  /** A new pair for the same user, e.g. from a password change (which logs the other devices out). */
  | { type: 'tokens.granted'; grant: TokenGrant }
  /** A session begun outside the log-in form, e.g. by the sign-up e-mail's link. */
  | { type: 'session.granted'; login: LoginResult }
  | { type: 'session.sync'; signedIn: boolean }
  | { type: 'upcoming.set'; count: number };

/** The log-in a `saveSession` or `storeLogin` records: the log-in call's answer or a granted session. */
export function loginOf(event: EventObject): LoginResult {
  return event.type === 'session.granted' ? (event as Extract<SessionEvent, { type: 'session.granted' }>).login : outputOf<LoginResult>(event);
}

/** The token pair a `saveTokens` or `storeTokenTiming` records: a refresh's answer or a granted pair. */
export function grantOf(event: EventObject): TokenGrant {
  return event.type === 'tokens.granted' ? (event as Extract<SessionEvent, { type: 'tokens.granted' }>).grant : outputOf<TokenGrant>(event);
}

/** Refresh this long before the access token runs out. */
export const REFRESH_AHEAD_MS = 60_000;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    /** The stored access token's expiry, or null when there is none; the server clock's offset if known. */
    input: {} as { tokenExpiresAt: number | null; clockOffsetMs?: number },
  },
  actors: {
    loadProfile: fromPromise<LoadedProfile>(async () => {
      throw new Error('loadProfile not provided');
    }),
    loadUpcomingCount: fromPromise<number, { userId: string }>(async () => {
      throw new Error('loadUpcomingCount not provided');
    }),
    logIn: fromPromise<LoginResult, Credentials>(async () => {
      throw new Error('logIn not provided');
    }),
    refreshTokens: fromPromise<TokenGrant>(async () => {
      throw new Error('refreshTokens not provided');
    }),
  },
  actions: {
    /** Keeps the tokens and the user of the log-in's answer under docs/PRODUCT.md §3's storage keys (`loginOf`). */
    saveSession: () => {},
    /** Keeps a renewed or granted token pair (`grantOf`). */
    saveTokens: () => {},
    /** Keeps the restored profile as the cached user. */
    cacheProfile: () => {},
    /** Forgets tokens and the cached user. */
    clearSession: () => {},
    storeProfile: assign(({ event }) => {
      const { user, clockOffsetMs } = outputOf<LoadedProfile>(event);
      return { user, clockOffsetMs };
    }),
    clearLoginNotice: assign({ notice: null, errorMessage: null }),
    storeLogin: assign(({ event }) => {
      const login = loginOf(event);
      return { user: login.user, tokenExpiresAt: accessTokenExpiresAt(login.token), clockOffsetMs: login.clockOffsetMs };
    }),
    /** The server's words ('Incorrect E-mail or Password', a rate limit) for the log-in page. */
    noteLoginFailed: assign({ notice: 'login-failed', errorMessage: ({ event }) => callErrorOf(event).message }),
    storeUpcomingCount: assign({ upcomingCount: ({ event }) => outputOf<number>(event) }),
    setUpcomingCount: assign({
      upcomingCount: ({ event }) => {
        assertEvent(event, 'upcoming.set');
        return event.count;
      },
    }),
    /** When the new access token runs out, for the next scheduled refresh. */
    storeTokenTiming: assign(({ event }) => {
      const grant = grantOf(event);
      return { tokenExpiresAt: accessTokenExpiresAt(grant.token), clockOffsetMs: grant.clockOffsetMs };
    }),
    forgetUser: assign({ user: null, upcomingCount: 0, tokenExpiresAt: null, notice: 'login-expired' }),
  },
  guards: {
    hasAccessToken: ({ context }) => context.tokenExpiresAt !== null,
    /** Another tab logged in. */
    signedInElsewhere: ({ event }) => event.type === 'session.sync' && event.signedIn,
    /** Another tab logged out. */
    signedOutElsewhere: ({ event }) => event.type === 'session.sync' && !event.signedIn,
  },
  delays: {
    /** Until a minute before the token runs out, read on the server's clock (the device's may be off). */
    refreshDelay: ({ context }) =>
      context.tokenExpiresAt === null
        ? 10 * 60_000
        : Math.max(0, context.tokenExpiresAt - serverTime(context.clockOffsetMs) - REFRESH_AHEAD_MS),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: null,
    upcomingCount: 0,
    tokenExpiresAt: input.tokenExpiresAt,
    clockOffsetMs: input.clockOffsetMs ?? 0,
    notice: null,
    errorMessage: null,
  }),
  initial: 'checking',
  states: {
    // Transient: decides at start whether there is a session to restore.
    checking: {
      always: [{ guard: 'hasAccessToken', target: 'loadingProfile' }, { target: 'loggedOut' }],
    },
    loadingProfile: {
      invoke: {
        src: 'loadProfile',
        id: 'loadProfile',
        onDone: {
          target: 'loggedIn',
          actions: ['storeProfile', 'cacheProfile'],
        },
        onError: { target: 'loggedOut', actions: 'clearSession' },
      },
      // The stored access token may have run out: the profile's call then asks for a renewal.
      initial: 'reading',
      states: {
        reading: {
          on: { 'token.rejected': { target: 'refreshing' } },
        },
        refreshing: {
          tags: 'refreshing',
          invoke: {
            src: 'refreshTokens',
            id: 'refreshTokens',
            onDone: { target: 'reading', actions: ['saveTokens', 'storeTokenTiming'] },
            onError: { target: '#session.expired' },
          },
        },
      },
    },
    loggedOut: {
      on: {
        'login.submit': { target: 'loggingIn' },
        'session.granted': { target: 'loggedIn', actions: ['saveSession', 'storeLogin'] },
        'session.sync': { guard: 'signedInElsewhere', target: 'loadingProfile' },
      },
    },
    loggingIn: {
      entry: 'clearLoginNotice',
      invoke: {
        src: 'logIn',
        id: 'logIn',
        input: ({ event }) => {
          assertEvent(event, 'login.submit');
          return event.credentials;
        },
        onDone: {
          target: 'loggedIn',
          actions: ['saveSession', 'storeLogin'],
        },
        onError: {
          target: 'loggedOut',
          actions: 'noteLoginFailed',
        },
      },
    },
    loggedIn: {
      invoke: {
        src: 'loadUpcomingCount',
        id: 'loadUpcomingCount',
        input: ({ context }) => ({ userId: context.user!._id }),
        onDone: { actions: 'storeUpcomingCount' },
        // The count is a nicety: a failure to read it leaves the session as it is.
        onError: {},
      },
      initial: 'active',
      states: {
        active: {
          after: { refreshDelay: 'refreshing' },
          on: { 'token.rejected': { target: 'refreshing' } },
        },
        // A 401 met while a refresh is on its way waits for it: `token.rejected` is not taken here.
        refreshing: {
          tags: 'refreshing',
          invoke: {
            src: 'refreshTokens',
            id: 'refreshTokens',
            onDone: {
              target: 'active',
              actions: ['saveTokens', 'storeTokenTiming'],
            },
            onError: { target: '#session.expired' },
          },
        },
      },
      on: {
        logout: { target: 'loggedOut', actions: 'clearSession' },
        'tokens.granted': {
          target: '.active',
          reenter: true,
          actions: ['saveTokens', 'storeTokenTiming'],
        },
        // Someone else's session on this device gives way to the new one.
        'session.granted': { target: 'loggedIn', reenter: true, actions: ['saveSession', 'storeLogin'] },
        'session.sync': { guard: 'signedOutElsewhere', target: 'loggedOut', actions: 'clearSession' },
        'upcoming.set': { actions: 'setUpcomingCount' },
      },
    },
    expired: {
      entry: ['clearSession', 'forgetUser'],
      on: {
        'login.submit': { target: 'loggingIn' },
        'session.granted': { target: 'loggedIn', actions: ['saveSession', 'storeLogin'] },
        'session.sync': { guard: 'signedInElsewhere', target: 'loadingProfile' },
      },
    },
  },
});
