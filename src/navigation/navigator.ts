/** Navigation by page name with optional query parameters (docs/PRODUCT.md §2). */
import { historyDepth, navigateHash } from './hash-location';
import { routeByName, type PageName } from './routes';

export type { PageName };

/** A page's query parameters before they are written into its address. */
export type Query = Readonly<Record<string, string | number | undefined>>;

/** The queries pages read (their `query.…`); a page not listed takes any query. */
interface PageQueries {
  login: { area?: 'admin'; redirect?: string; expired?: 1; verifyToken?: string };
  'forgot-password': { area?: 'admin' };
  'reset-password': { area?: 'admin'; token?: string };
  book: { domain: string };
  experience: { domain: string };
  'venue-detail': { domain: string };
  preview: { url: string; title?: string };
  order: { id?: string };
  cancel: { id: string };
  manage: { token: string; action?: string };
  'wallet-detail': { id: string };
  'monthly-statements': { month?: string };
  transactions: { from?: string; to?: string; page?: number };
  'waitlist-offer': { reservation: string };
}

/** The query `name` takes: its own parameters typed, and any others handed over unchanged (docs/PRODUCT.md §2). */
export type QueryOf<Name extends PageName> = Name extends keyof PageQueries ? PageQueries[Name] & Query : Query;

/**
 * The address of a page: `/pages/{name}?query`, without the query for a tab page. A name the table does
 * not know still gets its own address, so the app shows "Page not found" rather than another page.
 */
export function pageAddress<Name extends PageName>(name: Name, query?: QueryOf<Name>): string {
  const route = routeByName(name);
  const path = route?.path ?? `/pages/${name}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return route?.tab || !search ? path : `${path}?${search}`;
}

/** The `href` of a link to a page (hash routing). */
export function href<Name extends PageName>(name: Name, query?: QueryOf<Name>): string {
  return `#${pageAddress(name, query)}`;
}

export function navigateTo<Name extends PageName>(name: Name, query?: QueryOf<Name>): void {
  navigateHash(pageAddress(name, query));
}

export function redirectTo<Name extends PageName>(name: Name, query?: QueryOf<Name>): void {
  navigateHash(pageAddress(name, query), { replace: true });
}

/** Back, or Home when the history holds only this entry (docs/PRODUCT.md §2). */
export function goBack(): void {
  if (historyDepth() > 0) history.back();
  else redirectTo('home');
}

/** Parses a hash query into the plain object handed to pages. */
export function parseQuery(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}
