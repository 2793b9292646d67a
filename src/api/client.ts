/** The typed API client: openapi-fetch over the generated contract, with the auth-aware fetch. */
import createClient from 'openapi-fetch';
import { createAuthFetch, type AuthFetchOptions } from './auth-fetch';
import type { paths } from './schema';

export type ApiClient = ReturnType<typeof createClient<paths>>;

export function createApiClient(options: AuthFetchOptions): ApiClient {
  const authFetch = createAuthFetch(options);
  return createClient<paths>({ baseUrl: options.baseUrl ?? '', fetch: authFetch });
}
