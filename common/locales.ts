/** The six languages of the product (docs/PRODUCT.md §1); English is the default and the fallback. */
export const LOCALES = ['en', 'ja', 'ko', 'th', 'zh-Hans', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps a language tag to ours: zh-TW, zh-HK, zh-MO and zh-Hant go to Traditional Chinese, other zh to Simplified. */
export function matchLocale(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (lower.startsWith('zh')) return /hant|tw|hk|mo/.test(lower) ? 'zh-Hant' : 'zh-Hans';
  const base = lower.split('-')[0];
  return LOCALES.find((locale) => locale === base) ?? null;
}

/** The caller's language from an Accept-Language header: the highest-weighted tag we serve, else English. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const tags = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((t) => t.tag.trim() && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** The cookie in which the app tells the server its language, for the next visit's first view (server/static-files.ts). */
export const LOCALE_COOKIE = 'locale';
