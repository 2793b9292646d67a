/** The user as the session keeps it: the fields it shows and routes by, whatever else the answer carried. */
import type { SessionUser } from '../../machines/session.machine';

export function sessionUserOf(user: SessionUser): SessionUser {
  const { _id, firstName, lastName, email, role, memberId } = user;
  return { _id, firstName, lastName, email, role, memberId };
}
