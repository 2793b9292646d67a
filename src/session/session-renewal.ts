/** The API client's way into the session chart when a call meets a 401 (src/api/session-store.ts). */
import { waitFor, type ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine';

/**
 * Has the chart renew the tokens, once for all the calls that ask while it does. Resolves whether the
 * session carries on with a fresh token (false once it has expired, or when there was none to renew).
 */
export async function renewThroughSession(actor: ActorRefFrom<typeof sessionMachine>): Promise<boolean> {
  actor.send({ type: 'token.rejected' });
  const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing'));
  return settled.matches('loggedIn') || settled.matches('loadingProfile');
}
