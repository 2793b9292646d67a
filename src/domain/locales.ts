/** The six languages of the product (SPEC §1); English is the default and the fallback. */
export const LOCALES = ['en', 'ja', 'ko', 'th', 'zh-Hans', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
