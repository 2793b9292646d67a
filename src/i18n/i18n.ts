/** Lingui set-up: English is the source and fallback; only the active language's catalog is loaded. */
import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, matchLocale, type Locale } from '../../common/locales';
import { LOCALE_STORAGE_KEY, rememberLocale, storeLocaleCookie } from './locale-storage';

/** Each language named in itself, as a language menu should show it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  th: 'ไทย',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
};

/** A catalog per language, each loaded only when asked for. */
export type CatalogLoaders = Record<Locale, () => Promise<{ messages: Record<string, unknown> }>>;

const catalogs: CatalogLoaders = {
  en: () => import('../../locales/en.po'),
  ja: () => import('../../locales/ja.po'),
  ko: () => import('../../locales/ko.po'),
  th: () => import('../../locales/th.po'),
  'zh-Hans': () => import('../../locales/zh-Hans.po'),
  'zh-Hant': () => import('../../locales/zh-Hant.po'),
};

/** The remembered choice, else the browser's first language we have, else English. */
export function initialLocale(): Locale {
  const saved = localStorage.getItem(LOCALE_STORAGE_KEY);
  if (isLocale(saved)) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** Catalogs of parts loaded later (the staff console): each joins every language activated after it. */
const partCatalogs = new Set<CatalogLoaders>();

async function messagesOf(locale: Locale): Promise<Record<string, unknown>> {
  const parts = await Promise.all([catalogs, ...partCatalogs].map((loaders) => loaders[locale]()));
  return Object.assign({}, ...parts.map((part) => part.messages));
}

/** Adds a part's catalog: loaded now for the active language, and with every language chosen later. */
export async function addPartCatalog(loaders: CatalogLoaders): Promise<void> {
  if (partCatalogs.has(loaders)) return;
  partCatalogs.add(loaders);
  if (isLocale(i18n.locale)) i18n.load(i18n.locale, (await loaders[i18n.locale]()).messages as never);
}

export async function activateLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  i18n.loadAndActivate({ locale, messages: (await messagesOf(locale)) as never });
  document.documentElement.lang = locale;
  // The server serves the next visit's page with its first view in this language (server/static-files.ts);
  // but not over a choice stored while this one loaded (the first view's own menu, src/first-view/show-first-view.ts).
  if (remember) rememberLocale(locale);
  else if ((localStorage.getItem(LOCALE_STORAGE_KEY) ?? locale) === locale) storeLocaleCookie(locale);
}

export { i18n };
