/**
 * Renders the first views (scripts/first-views.ts): runs the built app itself, the very bundle browsers
 * get, under a simulated browser (jsdom), and keeps each page's markup as React first draws it for a
 * visitor who is not logged in: in each language, at each address of FIRST_VIEW_ADDRESSES. No call
 * reaches a server: a read stays under way, as it is when the page first shows.
 *
 * It makes the app's globals (window, document…) the process's own: run it in a process of its own
 * (scripts/write-first-views.ts), which ends once done (the app's timers would keep it alive).
 */
import { JSDOM } from 'jsdom';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCALES, type Locale } from '../common/locales';
import { VENUES } from '../common/venues';
import { LOCALE_STORAGE_KEY } from '../src/i18n/locale-storage';
import type { FirstView } from './first-view-page';

/**
 * The pages a guest most often arrives on, whose first view needs nothing from the server. Each costs
 * every first visit of every page some 0.4 KB (brotli) of the page, in the visitor's language only.
 */
export const FIRST_VIEW_ADDRESSES = ['/', '/pages/venue', ...VENUES.map((venue) => `/pages/venue-detail?domain=${venue.domain}`)];

export type FirstViews = Record<Locale, Record<string, FirstView>>;

const POLL_MS = 10;
const SETTLED_POLLS = 5;
const GIVE_UP_MS = 20_000;

/** Globals Node 25 and later have too, empty without --localstorage-file. */
const NODE_WEB_STORAGE = new Set(['localStorage', 'sessionStorage']);

/** Makes the window's properties globals, as the app's modules expect of a browser. */
function installGlobals(window: JSDOM['window']): void {
  const names = new Set<string>();
  for (let o: object | null = window; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    for (const name of Object.getOwnPropertyNames(o)) names.add(name);
  }
  for (const name of names) {
    // Node's own globals stay, but for its Web Storage (Node 25 and later): the page reads the window's.
    if (name in globalThis && !NODE_WEB_STORAGE.has(name)) continue;
    const value = (window as unknown as Record<string, unknown>)[name];
    // Methods of the window (addEventListener…) are called unbound by the app: bind them; classes stay.
    const global = typeof value === 'function' && !/^[A-Z]/.test(name) ? (value as () => unknown).bind(window) : value;
    Object.defineProperty(globalThis, name, { configurable: true, get: () => global });
  }
  // Nothing leaves: the reads a page starts stay under way, as they are at its first paint.
  globalThis.fetch = () => new Promise<never>(() => undefined);
}

async function until(done: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > GIVE_UP_MS) throw new Error(`first views: waited in vain for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Waits until the page at the root has its heading and has stopped changing. */
async function settledPage(document: Document, previous: Element | null): Promise<Element> {
  const root = document.getElementById('root')!;
  let page: Element | null = null;
  let last = '';
  let same = 0;
  await until(() => {
    page = root.querySelector('.page');
    const html = root.innerHTML;
    same = page && page !== previous && page.querySelector('.page__title') && html === last ? same + 1 : 0;
    last = html;
    return same >= SETTLED_POLLS;
  }, `a page at ${document.location.hash}`);
  return page!;
}

/** The root's markup, with what the DOM holds only as state (a select's choice) written out. */
function markupOf(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  const selects = root.querySelectorAll('select');
  copy.querySelectorAll('select').forEach((select, i) => {
    const chosen = selects[i]!.selectedIndex;
    select.querySelectorAll('option').forEach((option, j) => option.toggleAttribute('selected', j === chosen));
  });
  return copy.innerHTML;
}

/** Each language's first views, by address. */
export async function captureFirstViews(webDir: string): Promise<FirstViews> {
  const manifest = JSON.parse(readFileSync(join(webDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
  const dom = new JSDOM(readFileSync(join(webDir, 'index.html'), 'utf8'), { url: `http://localhost/#${FIRST_VIEW_ADDRESSES[0]}`, pretendToBeVisual: true });
  const { window } = dom;
  window.localStorage.setItem(LOCALE_STORAGE_KEY, LOCALES[0]);
  installGlobals(window);
  await import(pathToFileURL(resolve(webDir, entry.file)).href);

  const document = window.document;
  const root = document.getElementById('root')!;
  const views = {} as FirstViews;
  let page: Element | null = null;
  for (const locale of LOCALES) {
    if (locale !== LOCALES[0]) {
      // As a guest would: the nav bar's language menu.
      const menu = document.querySelector<HTMLSelectElement>('.topbar select')!;
      menu.value = locale;
      menu.dispatchEvent(new window.Event('change', { bubbles: true }));
      await until(() => document.documentElement.lang === locale, `the language menu to switch to ${locale}`);
    }
    views[locale] = {};
    for (const address of FIRST_VIEW_ADDRESSES) {
      if (window.location.hash !== `#${address}`) window.location.hash = `#${address}`;
      page = await settledPage(document, page);
      if (document.documentElement.lang !== locale) throw new Error(`first views: ${address} is not in ${locale}`);
      if ([...root.querySelectorAll('.toast-region')].some((region) => region.textContent)) throw new Error(`first views: ${address} shows a failure`);
      views[locale][address] = { html: markupOf(root), title: document.title };
    }
  }
  return views;
}
