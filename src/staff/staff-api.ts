/**
 * The staff console's own API client and token store. Staff tokens live under their own keys, apart
 * from a guest's (a host may be logged in on the host stand while a guest account is open elsewhere),
 * and only the staff session chart (src/staff/staff-session.ts) writes them.
 */
import { i18n } from '@lingui/core';
import type { RefreshedTokens } from '../../machines/session.machine';
import { createApiClient } from '../api/client';
import { serverClock } from '../api/server-clock';
import { accessTokenExpiresAt } from '../api/token-claims';
import { TokenStore, type TokenKeys } from '../api/token-store';

export const STAFF_TOKEN_KEYS: TokenKeys = { access: 'staff_access_token', refresh: 'staff_refresh_token', user: 'staff_user_info' };

export const staffTokens = new TokenStore(localStorage, STAFF_TOKEN_KEYS);

/** 'expired' when a refresh failed; 'refreshed' (detail: `RefreshedTokens`) when the client rotated tokens. */
export const staffSignals = new EventTarget();

/** When a fresh staff token runs out, on the server's clock. */
export function staffTokenTiming(token: string | null): RefreshedTokens {
  return { tokenExpiresAt: accessTokenExpiresAt(token), clockOffsetMs: serverClock.offsetMs };
}

export const staffApi = createApiClient({
  baseUrl: location.origin,
  tokens: staffTokens,
  locale: () => i18n.locale,
  serverClock,
  onSessionExpired: () => staffSignals.dispatchEvent(new Event('expired')),
  onTokensRefreshed: (pair) => staffSignals.dispatchEvent(new CustomEvent('refreshed', { detail: staffTokenTiming(pair.token) })),
});
