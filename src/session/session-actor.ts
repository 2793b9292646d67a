/**
 * The session statechart with the app's real calls and storage. Loaded when there is a session to
 * restore or the guest starts one, so a first visit does not pay for the chart. Its actions are the only
 * writers of the stored tokens (`tokenWriter`).
 */
import type { ActorRefFrom } from 'xstate';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { ME_PREFIX, meKey, reservationsKey } from '../api/query-keys';
import { fetchReservationList } from '../api/reservation-list';
import { serverClock } from '../api/server-clock';
import { tokens, tokenWriter } from '../api/session-store';
import { fetchOnce, invalidate } from '../api/use-api-query';
import { groupReservations } from '../../common/reservation-grouping';
import { sessionUserOf } from './session-user';
import { startWiredSession, wiredSessionMachine } from './session-wiring';

// Development builds only (production drops it, import and all): the live statechart page and the Stately inspector.
const devInspect = import.meta.env.DEV ? (await import('../dev/dev-inspect')).devInspect : undefined;

const appSessionMachine = wiredSessionMachine({
  tokens,
  writer: tokenWriter,
  requestTokens: (refreshToken) => api.requestTokens(refreshToken),
  forget: () => invalidate(ME_PREFIX),
  loadProfile: async () =>
    sessionUserOf(await fetchOnce(meKey(tokens.accessToken), () => unwrap(api.GET('/user/user/me')).then((body) => body.data))),
  loadUpcomingCount: async (userId) => {
    // The same read as the reservations page, so opening it does not ask again.
    const list = await fetchOnce(reservationsKey(userId), fetchReservationList).then((page) => page.data);
    return groupReservations(list, serverClock.now()).upcoming.length;
  },
  logIn: async ({ area, email, password }) => {
    const path = area === 'admin' ? '/admin/authentication/login' : '/user/authentication/login';
    const { data } = await unwrap(api.POST(path, { body: { email, password } }));
    return { token: data.token, refreshToken: data.refreshToken, user: sessionUserOf(data.user) };
  },
});

export type AppSessionActor = ActorRefFrom<typeof appSessionMachine>;

export function startSessionActor(): AppSessionActor {
  return startWiredSession(appSessionMachine, tokens, devInspect?.('session'));
}
