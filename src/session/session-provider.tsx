/**
 * Runs the session statechart for the app with the real calls and storage, and feeds it what happens
 * elsewhere: a failed refresh in the API client, rotated tokens, and log-ins or log-outs in other tabs.
 */
import { createActorContext } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { sessionMachine, type Credentials, type LoginResult, type SessionUser } from '../../machines/session.machine';
import { sessionSignals, tokens } from '../api/session-store';
import { ACCESS_TOKEN_KEY } from '../api/token-store';
import { accessTokenExpiresAt } from '../api/token-claims';

/** The client and the grouping rules load with the first call, not with the app shell. */
const loadApi = () => Promise.all([import('../api/api'), import('../api/api-error')]);

export const SessionContext = createActorContext(sessionMachine);

function toSessionUser(user: { _id: string; firstName: string; lastName: string; email: string; role: SessionUser['role']; memberId: string | null }): SessionUser {
  const { _id, firstName, lastName, email, role, memberId } = user;
  return { _id, firstName, lastName, email, role, memberId };
}

const appSessionMachine = sessionMachine.provide({
  actors: {
    loadProfile: fromPromise(async () => {
      const [{ api }, { unwrap }] = await loadApi();
      const { data } = await unwrap(api.GET('/user/user/me'));
      tokens.saveUser(data);
      return toSessionUser(data);
    }),
    loadUpcomingCount: fromPromise<number, { userId: string }>(async ({ input }) => {
      const [[{ api }, { unwrap }], { groupReservations }, { fetchOnce }, { reservationsKey }] = await Promise.all([
        loadApi(),
        import('../domain/reservation-grouping'),
        import('../api/use-api-query'),
        import('../api/query-keys'),
      ]);
      // The same read as the reservations page, so opening it does not ask again.
      const list = await fetchOnce(reservationsKey(input.userId), () =>
        unwrap(api.GET('/user/reservation')).then((body) => body.data),
      );
      return groupReservations(list, new Date()).upcoming.length;
    }),
    logIn: fromPromise<LoginResult, Credentials>(async ({ input }) => {
      const [{ api }, { unwrap }] = await loadApi();
      const path = input.area === 'admin' ? '/admin/authentication/login' : '/user/authentication/login';
      const { data } = await unwrap(api.POST(path, { body: { email: input.email, password: input.password } }));
      return { token: data.token, refreshToken: data.refreshToken, user: toSessionUser(data.user) };
    }),
    refreshTokens: fromPromise(async () => {
      const [{ api }] = await loadApi();
      if (!(await api.refreshTokens())) throw new Error('Login expired');
      return { tokenExpiresAt: accessTokenExpiresAt(tokens.accessToken) };
    }),
  },
  actions: {
    saveSession: (_, login) => {
      tokens.save(login);
      tokens.saveUser(login.user);
    },
    clearSession: () => tokens.clear(),
  },
});

/** Forwards outside happenings to the session actor. */
function SessionSignals() {
  const session = SessionContext.useActorRef();
  useEffect(() => {
    const onExpired = () => session.send({ type: 'session.expired' });
    const onRefreshed = (event: Event) =>
      session.send({ type: 'tokens.refreshed', tokenExpiresAt: (event as CustomEvent<number | null>).detail });
    // localStorage's storage event fires in the other tabs only: exactly the ones to tell.
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACCESS_TOKEN_KEY || event.key === null) {
        session.send({ type: 'session.sync', signedIn: tokens.accessToken !== null });
      }
    };
    sessionSignals.addEventListener('expired', onExpired);
    sessionSignals.addEventListener('refreshed', onRefreshed);
    addEventListener('storage', onStorage);
    return () => {
      sessionSignals.removeEventListener('expired', onExpired);
      sessionSignals.removeEventListener('refreshed', onRefreshed);
      removeEventListener('storage', onStorage);
    };
  }, [session]);
  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  return (
    <SessionContext.Provider
      logic={appSessionMachine}
      options={{ input: { tokenExpiresAt: accessTokenExpiresAt(tokens.accessToken) } }}
    >
      <SessionSignals />
      {children}
    </SessionContext.Provider>
  );
}

/** Narrow reads of the session for components. */
export const useSessionUser = () => SessionContext.useSelector((s) => s.context.user);
export const useIsLoggedIn = () => SessionContext.useSelector((s) => s.matches('loggedIn'));
export const useSessionSettled = () =>
  SessionContext.useSelector((s) => !s.matches('checking') && !s.matches('loadingProfile'));
