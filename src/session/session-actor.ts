/**
 * The session statechart with the app's real calls and storage. Loaded when there is a session to
 * restore or the guest starts one, so a first visit does not pay for the chart. Its actions are the only
 * writers of the stored tokens (`tokenWriter`).
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { outputOf } from '../../machines/actor-event';
import {
  grantOf,
  loginOf,
  sessionMachine,
  type Credentials,
  type LoadedProfile,
  type LoginResult,
  type TokenGrant,
} from '../../machines/session.machine';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { ME_PREFIX, meKey, reservationsKey } from '../api/query-keys';
import { fetchReservationList } from '../api/reservation-list';
import { serverClock } from '../api/server-clock';
import { tokens, tokenWriter } from '../api/session-store';
import { accessTokenExpiresAt } from '../../common/api/token-claims';
import { fetchOnce, invalidate } from '../api/use-api-query';
import { groupReservations } from '../../common/reservation-grouping';
import { sessionUserOf } from './session-user';

// Development builds only (production drops it, import and all): the live statechart page and the Stately inspector.
const devInspect = import.meta.env.DEV ? (await import('../dev/dev-inspect')).devInspect : undefined;

const appSessionMachine = sessionMachine.provide({
  actors: {
    loadProfile: fromPromise<LoadedProfile>(async () => {
      const data = await fetchOnce(meKey(tokens.accessToken), () => unwrap(api.GET('/user/user/me')).then((body) => body.data));
      return { user: sessionUserOf(data), clockOffsetMs: serverClock.offsetMs };
    }),
    loadUpcomingCount: fromPromise<number, { userId: string }>(async ({ input }) => {
      // The same read as the reservations page, so opening it does not ask again.
      const list = await fetchOnce(reservationsKey(input.userId), fetchReservationList).then((page) => page.data);
      return groupReservations(list, serverClock.now()).upcoming.length;
    }),
    logIn: fromPromise<LoginResult, Credentials>(async ({ input }) => {
      const path = input.area === 'admin' ? '/admin/authentication/login' : '/user/authentication/login';
      const { data } = await unwrap(api.POST(path, { body: { email: input.email, password: input.password } }));
      return { token: data.token, refreshToken: data.refreshToken, user: sessionUserOf(data.user), clockOffsetMs: serverClock.offsetMs };
    }),
    refreshTokens: fromPromise<TokenGrant>(async () => {
      const refreshToken = tokens.refreshToken;
      if (!refreshToken) throw new Error('Login expired');
      const pair = await api.requestTokens(refreshToken);
      return { ...pair, clockOffsetMs: serverClock.offsetMs };
    }),
  },
  actions: {
    saveSession: ({ event }) => {
      const login = loginOf(event);
      invalidate(ME_PREFIX);
      tokenWriter.save(login);
      tokenWriter.saveUser(login.user);
    },
    saveTokens: ({ event }) => tokenWriter.save(grantOf(event)),
    cacheProfile: ({ event }) => tokenWriter.saveUser(outputOf<LoadedProfile>(event).user),
    clearSession: () => {
      invalidate(ME_PREFIX);
      tokenWriter.clear();
    },
  },
});

export type AppSessionActor = ActorRefFrom<typeof appSessionMachine>;

export function startSessionActor(): AppSessionActor {
  return createActor(appSessionMachine, {
    input: { tokenExpiresAt: accessTokenExpiresAt(tokens.accessToken), clockOffsetMs: serverClock.offsetMs },
    ...(devInspect ? { inspect: devInspect('session') } : {}),
  }).start();
}
