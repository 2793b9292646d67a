/** The typed API client: openapi-fetch over the generated contract, with the auth-aware fetch. */
import createClient from 'openapi-fetch';
import { createAuthFetch, type AuthFetch, type AuthFetchOptions } from './auth-fetch';
import type { paths } from '../../common/api/schema';

export type ApiClient = ReturnType<typeof createClient<paths>> & Pick<AuthFetch, 'requestTokens'>;

export function createApiClient(options: AuthFetchOptions): ApiClient {
  const authFetch = createAuthFetch(options);
  const client = createClient<paths>({ baseUrl: options.baseUrl ?? '', fetch: authFetch });
  return Object.assign(client, { requestTokens: authFetch.requestTokens });
}
