/** The app's one API client, with the session's tokens and signals. */
import { i18n } from '@lingui/core';
import type { RefreshedTokens } from '../../machines/session.machine';
import { accessTokenExpiresAt } from './token-claims';
import { createApiClient } from './client';
import { serverClock } from './server-clock';
import { sessionSignals, tokens } from './session-store';

export { sessionSignals, tokens };

export const api = createApiClient({
  // Absolute, so Request objects are valid everywhere (tests run them through Node's fetch).
  baseUrl: location.origin,
  tokens,
  locale: () => i18n.locale,
  serverClock,
  onSessionExpired: () => sessionSignals.dispatchEvent(new Event('expired')),
  onTokensRefreshed: (pair) => sessionSignals.dispatchEvent(new CustomEvent('refreshed', { detail: tokenTiming(pair.token) })),
});

/** When a fresh access token runs out, and the server's clock to read that on (the session's refresh). */
export function tokenTiming(token: string | null): RefreshedTokens {
  return { tokenExpiresAt: accessTokenExpiresAt(token), clockOffsetMs: serverClock.offsetMs };
}
