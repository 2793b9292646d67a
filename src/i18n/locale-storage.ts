/** Where the guest's chosen language is kept in the browser (read before the app loads: show-first-view.ts). */
export const LOCALE_STORAGE_KEY = 'locale';
