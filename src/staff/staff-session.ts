/**
 * The staff console's session: the same session chart as the guest's (machines/session.machine.ts),
 * given the admin area's log-in and the staff token store, so the chart stays the only writer of staff
 * tokens. One actor for the console, started when its first page loads.
 */
import { useSelector } from '@xstate/react';
import type { SessionUser } from '../../machines/session.machine';
import { unwrap } from '../../common/api/api-error';
import { STAFF_PREFIXES } from '../api/query-keys';
import { invalidate } from '../api/use-api-query';
import { renewThroughSession } from '../session/session-renewal';
import { startWiredSession, wiredSessionMachine } from '../session/session-wiring';
import { setStaffRenewer, STAFF_TOKEN_KEYS, staffApi, staffTokens, staffTokenWriter } from './staff-api';

function toStaffUser(user: SessionUser): SessionUser {
  const { _id, firstName, lastName, email, role, memberId, venueId } = user;
  return { _id, firstName, lastName, email, role, memberId, venueId: venueId ?? null };
}

const isStaff = (user: SessionUser) => user.role === 'admin' || user.role === 'staff';

export const staffSessionMachine = wiredSessionMachine({
  tokens: staffTokens,
  writer: staffTokenWriter,
  requestTokens: (refreshToken) => staffApi.requestTokens(refreshToken),
  forget: () => STAFF_PREFIXES.forEach(invalidate),
  loadProfile: async () => {
    const { data } = await unwrap(staffApi.GET('/user/user/me'));
    if (!isStaff(data)) throw new Error('Not staff');
    return toStaffUser(data);
  },
  // Staff have no upcoming reservations of their own to count.
  loadUpcomingCount: async () => 0,
  logIn: async ({ email, password }) => {
    const { data } = await unwrap(staffApi.POST('/admin/authentication/login', { body: { email, password } }));
    return { token: data.token, refreshToken: data.refreshToken, user: toStaffUser(data.user) };
  },
});

function startStaffSession() {
  const actor = startWiredSession(staffSessionMachine, staffTokens);
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
