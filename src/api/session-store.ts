/**
 * The browser's session storage and the signals the API client sends the session. Kept apart from the
 * client itself so the app shell can start without loading the client.
 */
import { TokenStore } from './token-store';

export const tokens = new TokenStore(localStorage);

/**
 * 'expired' when a refresh failed; 'refreshed' when the client rotated tokens (detail: the new token's
 * expiry and the server clock's offset, a `RefreshedTokens`).
 */
export const sessionSignals = new EventTarget();
