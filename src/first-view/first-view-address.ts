/**
 * What the build's page, the first-view script and the app share of first views (scripts/first-views.ts,
 * src/first-view/show-first-view.ts): the names of the marks they leave for each other, and the address a
 * view is kept under: the hash's path, and for a venue's detail the venue, the only query a first view
 * depends on. Home's three addresses are one page. No imports beyond the hash's parsing: the first-view
 * script holds this.
 */
import { splitHash } from '../navigation/hash-address';

/** On the root while it holds a first view, naming its address (read by src/main.tsx). */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';
/** On each first view's template: the addresses it serves, separated by spaces. */
export const TEMPLATE_ADDRESSES_ATTRIBUTE = 'data-addresses';
/** On each first view's template: the document's title while it shows, as the app sets it. */
export const TEMPLATE_TITLE_ATTRIBUTE = 'data-title';
/** On the language menu, which the first-view script makes work before the app does. */
export const LANGUAGE_SWITCH_ATTRIBUTE = 'data-language-switch';
/** The template holding the app's script and preloads, which the first-view script starts. */
export const APP_START_TEMPLATE_ID = 'app-start';

const HOME_ADDRESSES = new Set(['/', '/pages/index', '/pages/home']);

export function firstViewAddress(hash: string): string {
  const { path, search } = splitHash(hash);
  if (HOME_ADDRESSES.has(path)) return '/';
  if (path !== '/pages/venue-detail') return path;
  const domain = (new URLSearchParams(search).get('domain') ?? '').trim().toLowerCase();
  return `${path}?domain=${domain}`;
}
