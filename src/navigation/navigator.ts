/** Navigation by page name with optional query parameters (SPEC §2). */
import { historyDepth, navigateHash } from './hash-location';
import { routeByName } from './routes';

export type Query = Record<string, string | number | undefined>;

/** The address of a page: `/pages/{name}?query`, without the query for a tab page. */
export function pageAddress(name: string, query: Query = {}): string {
  const route = routeByName(name);
  const path = route?.path ?? '/';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return route?.tab || !search ? path : `${path}?${search}`;
}

export function navigateTo(name: string, query?: Query): void {
  navigateHash(pageAddress(name, query));
}

export function redirectTo(name: string, query?: Query): void {
  navigateHash(pageAddress(name, query), { replace: true });
}

/** Back, or Home when the history holds only this entry (SPEC §2). */
export function goBack(): void {
  if (historyDepth() > 0) history.back();
  else redirectTo('home');
}

/** Parses a hash query into the plain object handed to pages. */
export function parseQuery(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}
