/** The app's one API client, with the session's stored tokens; a 401 asks the session to renew them. */
import { i18n } from '@lingui/core';
import { createApiClient } from './client';
import { serverClock } from './server-clock';
import { renewSession, tokens } from './session-store';

export { tokens };

export const api = createApiClient({
  // Absolute, so Request objects are valid everywhere (tests run them through Node's fetch).
  baseUrl: location.origin,
  tokens,
  locale: () => i18n.locale,
  serverClock,
  renewSession,
});
