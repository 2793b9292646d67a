/**
 * The browser's stored session, and the way the API client asks the session to renew it. Kept apart from
 * the client itself so the app shell can start without loading the client.
 */
import { TokenStore, type TokenReader, type TokenWriter } from './token-store';

const stored = new TokenStore(localStorage);

/** The stored tokens, read-only: only the session chart writes them (`tokenWriter`). */
export const tokens: TokenReader = stored;

/** The one writer of the stored session, for the session chart's actions alone (a test holds it to that). */
export const tokenWriter: TokenWriter = stored;

/** Asks the session to renew a rejected access token; resolves whether a fresh one is stored. */
export type SessionRenewer = () => Promise<boolean>;

let renewer: SessionRenewer | null = null;

/** The session provider hands in its renewal while it is mounted (null when it unmounts). */
export function setSessionRenewer(renew: SessionRenewer | null): void {
  renewer = renew;
}

/** What the API client calls on a 401: no session provider, no renewal. */
export const renewSession: SessionRenewer = () => (renewer ? renewer() : Promise.resolve(false));
