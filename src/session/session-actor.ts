/**
 * The session statechart with the app's real calls and storage. Loaded when there is a session to
 * restore or the guest starts one, so a first visit does not pay for the chart.
 */
import { createActor, fromPromise } from 'xstate';
import { outputOf } from '../../machines/actor-event';
import { sessionMachine, type Credentials, type LoadedProfile, type LoginResult, type SessionUser } from '../../machines/session.machine';
import { api, tokenTiming } from '../api/api';
import { unwrap } from '../api/api-error';
import { ME_PREFIX, meKey, reservationsKey } from '../api/query-keys';
import { fetchReservationList } from '../api/reservation-list';
import { serverClock } from '../api/server-clock';
import { tokens } from '../api/session-store';
import { accessTokenExpiresAt } from '../api/token-claims';
import { fetchOnce, invalidate } from '../api/use-api-query';
import { groupReservations } from '../domain/reservation-grouping';

// Development builds only (production drops it, import and all): the live statechart page and the Stately inspector.
const devInspect = import.meta.env.DEV ? (await import('../dev/dev-inspect')).devInspect : undefined;

function toSessionUser(user: SessionUser): SessionUser {
  const { _id, firstName, lastName, email, role, memberId } = user;
  return { _id, firstName, lastName, email, role, memberId };
}

const appSessionMachine = sessionMachine.provide({
  actors: {
    loadProfile: fromPromise<LoadedProfile>(async () => {
      const data = await fetchOnce(meKey(tokens.accessToken), () => unwrap(api.GET('/user/user/me')).then((body) => body.data));
      tokens.saveUser(data);
      return { user: toSessionUser(data), clockOffsetMs: serverClock.offsetMs };
    }),
    loadUpcomingCount: fromPromise<number, { userId: string }>(async ({ input }) => {
      // The same read as the reservations page, so opening it does not ask again.
      const list = await fetchOnce(reservationsKey(input.userId), fetchReservationList).then((page) => page.data);
      return groupReservations(list, serverClock.now()).upcoming.length;
    }),
    logIn: fromPromise<LoginResult, Credentials>(async ({ input }) => {
      const path = input.area === 'admin' ? '/admin/authentication/login' : '/user/authentication/login';
      const { data } = await unwrap(api.POST(path, { body: { email: input.email, password: input.password } }));
      return { token: data.token, refreshToken: data.refreshToken, user: toSessionUser(data.user), clockOffsetMs: serverClock.offsetMs };
    }),
    refreshTokens: fromPromise(async () => {
      if (!(await api.refreshTokens())) throw new Error('Login expired');
      return tokenTiming(tokens.accessToken);
    }),
  },
  actions: {
    saveSession: ({ event }) => {
      const login = outputOf<LoginResult>(event);
      invalidate(ME_PREFIX);
      tokens.save(login);
      tokens.saveUser(login.user);
    },
    clearSession: () => {
      invalidate(ME_PREFIX);
      tokens.clear();
    },
  },
});

export function startSessionActor() {
  return createActor(appSessionMachine, {
    input: { tokenExpiresAt: accessTokenExpiresAt(tokens.accessToken), clockOffsetMs: serverClock.offsetMs },
    ...(devInspect ? { inspect: devInspect('session') } : {}),
  }).start();
}
