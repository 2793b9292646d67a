/**
 * A hash address (`#/pages/venue-detail?domain=leclos`, docs/PRODUCT.md §2) split into its path and query, with no
 * imports: the first-view script (src/first-view/show-first-view.ts) reads it before the app has loaded.
 */
export function splitHash(hash: string): { path: string; search: string } {
  const raw = hash.replace(/^#/, '');
  const at = raw.indexOf('?');
  const path = at === -1 ? raw : raw.slice(0, at);
  return { path: path.startsWith('/') ? path : `/${path}`, search: at === -1 ? '' : raw.slice(at + 1) };
}
