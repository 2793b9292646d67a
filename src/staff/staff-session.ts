/**
 * The staff console's session: the same session chart as the guest's (machines/session.machine.ts),
 * given the admin area's log-in and the staff token store, so the chart stays the only writer of staff
 * tokens. One actor for the console, started when its first page loads.
 */
import { useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
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
import { unwrap } from '../../common/api/api-error';
import { STAFF_PREFIXES } from '../api/query-keys';
import { invalidate } from '../api/use-api-query';
import { serverClock } from '../api/server-clock';
import { accessTokenExpiresAt } from '../../common/api/token-claims';
import { renewThroughSession } from '../session/session-renewal';
import { setStaffRenewer, STAFF_TOKEN_KEYS, staffApi, staffTokens, staffTokenWriter } from './staff-api';

function toStaffUser(user: SessionUser): SessionUser {
  const { _id, firstName, lastName, email, role, memberId, venueId } = user;
  return { _id, firstName, lastName, email, role, memberId, venueId: venueId ?? null };
}

const isStaff = (user: SessionUser) => user.role === 'admin' || user.role === 'staff';

export const staffSessionMachine = sessionMachine.provide({
  actors: {
    loadProfile: fromPromise<LoadedProfile>(async () => {
      const { data } = await unwrap(staffApi.GET('/user/user/me'));
      if (!isStaff(data)) throw new Error('Not staff');
      return { user: toStaffUser(data), clockOffsetMs: serverClock.offsetMs };
    }),
    // Staff have no upcoming reservations of their own to count.
    loadUpcomingCount: fromPromise<number, { userId: string }>(async () => 0),
    logIn: fromPromise<LoginResult, Credentials>(async ({ input }) => {
      const body = { email: input.email, password: input.password };
      const { data } = await unwrap(staffApi.POST('/admin/authentication/login', { body }));
      return { token: data.token, refreshToken: data.refreshToken, user: toStaffUser(data.user), clockOffsetMs: serverClock.offsetMs };
    }),
    refreshTokens: fromPromise<TokenGrant>(async () => {
      const refreshToken = staffTokens.refreshToken;
      if (!refreshToken) throw new Error('Login expired');
      return { ...(await staffApi.requestTokens(refreshToken)), clockOffsetMs: serverClock.offsetMs };
    }),
  },
  actions: {
    saveSession: ({ event }) => {
      const login = loginOf(event);
      STAFF_PREFIXES.forEach(invalidate);
      staffTokenWriter.save(login);
      staffTokenWriter.saveUser(login.user);
    },
    saveTokens: ({ event }) => staffTokenWriter.save(grantOf(event)),
    cacheProfile: ({ event }) => staffTokenWriter.saveUser(outputOf<LoadedProfile>(event).user),
    clearSession: () => {
      STAFF_PREFIXES.forEach(invalidate);
      staffTokenWriter.clear();
    },
  },
});

function startStaffSession() {
  const actor = createActor(staffSessionMachine, {
    input: { tokenExpiresAt: accessTokenExpiresAt(staffTokens.accessToken), clockOffsetMs: serverClock.offsetMs },
  }).start();
  setStaffRenewer(() => renewThroughSession(actor));
  // Another tab of the console logged in or out.
  addEventListener('storage', (event) => {
    if (event.key === STAFF_TOKEN_KEYS.access || event.key === null) {
      actor.send({ type: 'session.sync', signedIn: staffTokens.accessToken !== null });
    }
  });
  return actor;
}

export type StaffSessionActor = ReturnType<typeof startStaffSession>;
let staffSession: StaffSessionActor | null = null;

/** The console's one session actor. */
export function staffSessionActor(): StaffSessionActor {
  return (staffSession ??= startStaffSession());
}

export type StaffSessionState = 'checking' | 'in' | 'out' | 'expired';

/** Whether a member of staff is logged in, being checked, logged out, or their session ran out. */
export function useStaffSessionState(): StaffSessionState {
  return useSelector(staffSessionActor(), (s) =>
    s.matches('loggedIn') ? 'in' : s.matches('checking') || s.matches('loadingProfile') || s.matches('loggingIn') ? 'checking' : s.matches('expired') ? 'expired' : 'out',
  );
}

/** The logged-in member of staff (null while logged out). */
export function useStaffUser(): SessionUser | null {
  return useSelector(staffSessionActor(), (s) => s.context.user);
}
