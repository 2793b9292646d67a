/**
 * The page-view report, sent by itself rather than through the API client (src/api/api.ts): a public call
 * with no session, no answer to read and no server time to learn from, so a first visit to Home no longer
 * downloads the client (openapi-fetch, the auth-aware fetch, the server clock: three files, some 5 KB on the
 * wire, e2e/cold-visit.spec.ts) only to say it was seen. The path and the body are the contract's.
 */
import type { paths } from '../../common/api/schema';

const PAGE_VIEW = '/public/analytics/page-view' satisfies keyof paths;
type PageView = paths[typeof PAGE_VIEW]['post']['requestBody']['content']['application/json'];

export function reportPageView(view: PageView): Promise<Response> {
  // Absolute, as the client's base address is, so the unit tests' fetch (Node's) takes it too.
  return fetch(`${location.origin}${PAGE_VIEW}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(view),
    // A view reported as the guest leaves still arrives.
    keepalive: true,
  });
}
