/** Lingui set-up: English is the source and fallback; only the active language's catalog is loaded. */
import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, matchLocale, type Locale } from '../domain/locales';

const STORAGE_KEY = 'locale';

/** Each language named in itself, as a language menu should show it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  th: 'ไทย',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
};

const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('../../locales/en.po'),
  ja: () => import('../../locales/ja.po'),
  ko: () => import('../../locales/ko.po'),
  th: () => import('../../locales/th.po'),
  'zh-Hans': () => import('../../locales/zh-Hans.po'),
  'zh-Hant': () => import('../../locales/zh-Hant.po'),
};

/** The remembered choice, else the browser's first language we have, else English. */
export function initialLocale(): Locale {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (isLocale(saved)) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

export async function activateLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages: messages as never });
  document.documentElement.lang = locale;
  if (remember) localStorage.setItem(STORAGE_KEY, locale);
}

export { i18n };
