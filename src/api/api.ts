/** The app's one API client, with the session's tokens and signals. */
import { i18n } from '@lingui/core';
import { accessTokenExpiresAt } from './token-claims';
import { createApiClient } from './client';
import { sessionSignals, tokens } from './session-store';

export { sessionSignals, tokens };

export const api = createApiClient({
  // Absolute, so Request objects are valid everywhere (tests run them through Node's fetch).
  baseUrl: location.origin,
  tokens,
  locale: () => i18n.locale,
  onSessionExpired: () => sessionSignals.dispatchEvent(new Event('expired')),
  onTokensRefreshed: (pair) =>
    sessionSignals.dispatchEvent(new CustomEvent('refreshed', { detail: accessTokenExpiresAt(pair.token) })),
});
