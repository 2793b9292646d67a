/**
 * The staff console's own API client and token store. Staff tokens live under their own keys, apart
 * from a guest's (a host may be logged in on the host stand while a guest account is open elsewhere),
 * and only the staff session chart (src/staff/staff-session.ts) writes them.
 */
import { i18n } from '@lingui/core';
import { createApiClient } from '../api/client';
import { serverClock } from '../api/server-clock';
import { TokenStore, type TokenKeys, type TokenReader, type TokenWriter } from '../api/token-store';
import type { SessionRenewer } from '../api/session-store';

export const STAFF_TOKEN_KEYS: TokenKeys = { access: 'staff_access_token', refresh: 'staff_refresh_token', user: 'staff_user_info' };

const stored = new TokenStore(localStorage, STAFF_TOKEN_KEYS);

/** The staff tokens, read-only: only the staff session chart writes them (`staffTokenWriter`). */
export const staffTokens: TokenReader = stored;

/** The one writer of the staff tokens, for the staff session chart's actions alone. */
export const staffTokenWriter: TokenWriter = stored;

let renewer: SessionRenewer | null = null;

/** The staff session hands in its renewal when it starts (kept here so the client need not import the chart). */
export function setStaffRenewer(renew: SessionRenewer): void {
  renewer = renew;
}

export const staffApi = createApiClient({
  baseUrl: location.origin,
  tokens: staffTokens,
  locale: () => i18n.locale,
  serverClock,
  renewSession: () => (renewer ? renewer() : Promise.resolve(false)),
});
