/**
 * The session chart (machines/session.machine.ts) given one side's calls and token store: the guest's
 * (src/session/session-actor.ts) and the staff console's (src/staff/staff-session.ts) differ only in
 * the log-in call, the profile they accept, the store they keep their tokens in and the reads they forget.
 * The chart's actions stay the only writers of that store.
 */
import { createActor, fromPromise, type InspectionEvent, type Observer } from 'xstate';
import { outputOf } from '../../machines/actor-event';
import {
  grantOf,
  loginOf,
  sessionMachine,
  type Credentials,
  type LoadedProfile,
  type LoginResult,
  type SessionUser,
  type TokenGrant,
} from '../../machines/session.machine';
import { accessTokenExpiresAt } from '../../common/api/token-claims';
import { serverClock } from '../api/server-clock';
import type { TokenPair, TokenReader, TokenWriter } from '../api/token-store';

export interface SessionWiring {
  tokens: TokenReader;
  writer: TokenWriter;
  requestTokens(refreshToken: string): Promise<TokenPair>;
  /** Forgets the reads kept for whoever was logged in, when someone logs in or out. */
  forget(): void;
  loadProfile(): Promise<SessionUser>;
  /** The upcoming reservations the account menu counts. */
  loadUpcomingCount(userId: string): Promise<number>;
  logIn(credentials: Credentials): Promise<TokenPair & { user: SessionUser }>;
}

/** The session chart wired to one side's calls and store. */
export function wiredSessionMachine(wiring: SessionWiring) {
  const { tokens, writer } = wiring;
  return sessionMachine.provide({
    actors: {
      loadProfile: fromPromise<LoadedProfile>(async () => ({ user: await wiring.loadProfile(), clockOffsetMs: serverClock.offsetMs })),
      loadUpcomingCount: fromPromise<number, { userId: string }>(({ input }) => wiring.loadUpcomingCount(input.userId)),
      logIn: fromPromise<LoginResult, Credentials>(async ({ input }) => ({ ...(await wiring.logIn(input)), clockOffsetMs: serverClock.offsetMs })),
      refreshTokens: fromPromise<TokenGrant>(async () => {
        const refreshToken = tokens.refreshToken;
        if (!refreshToken) throw new Error('Login expired');
        return { ...(await wiring.requestTokens(refreshToken)), clockOffsetMs: serverClock.offsetMs };
      }),
    },
    actions: {
      saveSession: ({ event }) => {
        const login = loginOf(event);
        wiring.forget();
        writer.save(login);
        writer.saveUser(login.user);
      },
      saveTokens: ({ event }) => writer.save(grantOf(event)),
      cacheProfile: ({ event }) => writer.saveUser(outputOf<LoadedProfile>(event).user),
      clearSession: () => {
        wiring.forget();
        writer.clear();
      },
    },
  });
}

/** Starts a wired session chart from the tokens its store kept. */
export function startWiredSession(machine: ReturnType<typeof wiredSessionMachine>, tokens: TokenReader, inspect?: Observer<InspectionEvent>) {
  return createActor(machine, {
    input: { tokenExpiresAt: accessTokenExpiresAt(tokens.accessToken), clockOffsetMs: serverClock.offsetMs },
    ...(inspect ? { inspect } : {}),
  }).start();
}
