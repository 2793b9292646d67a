/**
 * Where the guest's language is kept: in the browser for the app, and in a cookie for the server, which
 * serves the page with its first view in it (server/static-files.ts). Read and written before the app
 * loads too (src/first-view/show-first-view.ts): nothing here may import the app's i18n.
 */
import { LOCALE_COOKIE, type Locale } from '../../common/locales';

export const LOCALE_STORAGE_KEY = 'locale';

const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Tells the server which language the next page is wanted in. */
export function storeLocaleCookie(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/**
 * Remembers the guest's own choice of language, for this browser's next visits: in the cookie always, and
 * in storage when the browser allows it (a private window's settings may refuse it; the cookie still
 * brings the next page in the chosen language).
 */
export function rememberLocale(locale: Locale): void {
  storeLocaleCookie(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Refused: this visit goes on in the language chosen; the next is served in it by the cookie.
  }
}
