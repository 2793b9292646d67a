/**
 * The session (SPEC §4): not logged in or logged in, with checking, logging in, refreshing and expired.
 * Persistence and calls are named here and given by the app (`machine.provide`), so tests and the
 * Stately visualizer use the same chart. Other tabs learn of a log-in or log-out from the storage
 * event of the token keys and send `session.sync`. The token refresh is timed on the server's clock:
 * the calls' answers bring its offset from the device's (`clockOffsetMs`, src/api/server-clock.ts).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { serverTime, type ServerTimed } from '../src/api/server-clock';
import { accessTokenExpiresAt } from '../src/api/token-claims';
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
  /** The club's staff log in through the admin area (SPEC §1, §6). */
  area?: 'user' | 'admin';
}

export interface LoginResult extends ServerTimed {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

/** The profile read of a restored session. */
export interface LoadedProfile extends ServerTimed {
  user: SessionUser;
}

/** A rotated token pair: when its access token runs out, on the server's clock. */
export interface RefreshedTokens extends ServerTimed {
  tokenExpiresAt: number | null;
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
  | { type: 'session.expired' }
  | ({ type: 'tokens.refreshed' } & RefreshedTokens)
  | { type: 'session.sync'; signedIn: boolean }
  | { type: 'upcoming.set'; count: number };

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
    refreshTokens: fromPromise<RefreshedTokens>(async () => {
      throw new Error('refreshTokens not provided');
    }),
  },
  actions: {
    /** Keeps the tokens and the user of the log-in's answer under SPEC §3's storage keys. */
    saveSession: () => {},
    /** Forgets tokens and the cached user. */
    clearSession: () => {},
    storeProfile: assign(({ event }) => {
      const { user, clockOffsetMs } = outputOf<LoadedProfile>(event);
      return { user, clockOffsetMs };
    }),
    clearLoginNotice: assign({ notice: null, errorMessage: null }),
    storeLogin: assign(({ event }) => {
      const login = outputOf<LoginResult>(event);
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
    /** A refresh's new expiry, whether this chart refreshed or the API client did (`tokens.refreshed`). */
    storeTokenTiming: assign(({ event }) => {
      const { tokenExpiresAt, clockOffsetMs } = event.type === 'tokens.refreshed' ? event : outputOf<RefreshedTokens>(event);
      return { tokenExpiresAt, clockOffsetMs };
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
          actions: 'storeProfile',
        },
        onError: { target: 'loggedOut', actions: 'clearSession' },
      },
      on: { 'session.expired': { target: 'expired' } },
    },
    loggedOut: {
      on: {
        'login.submit': { target: 'loggingIn' },
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
        },
        refreshing: {
          invoke: {
            src: 'refreshTokens',
            id: 'refreshTokens',
            onDone: {
              target: 'active',
              actions: 'storeTokenTiming',
            },
            onError: { target: '#session.expired' },
          },
        },
      },
      on: {
        logout: { target: 'loggedOut', actions: 'clearSession' },
        'session.expired': { target: 'expired' },
        'tokens.refreshed': {
          target: '.active',
          reenter: true,
          actions: 'storeTokenTiming',
        },
        'session.sync': { guard: 'signedOutElsewhere', target: 'loggedOut', actions: 'clearSession' },
        'upcoming.set': { actions: 'setUpcomingCount' },
      },
    },
    expired: {
      entry: ['clearSession', 'forgetUser'],
      on: {
        'login.submit': { target: 'loggingIn' },
        'session.sync': { guard: 'signedInElsewhere', target: 'loadingProfile' },
      },
    },
  },
});
