/**
 * The `Intl` locale behind each of the product's languages, and a cache of formatters, for the pure
 * formatters of dates, times and money (common/time.ts, money.ts). Browser-safe: no Node imports.
 */

/**
 * The BCP 47 tag `Intl` formats a language with. Traditional Chinese follows Hong Kong's conventions
 * (the club's home), Simplified Chinese the mainland's; Thai keeps its words but the Gregorian calendar,
 * since a Hong Kong club's Thai guests expect 2026 rather than the Buddhist era's 2569.
 */
export function intlLocale(locale: string): string {
  switch (locale) {
    case 'zh-Hant':
      return 'zh-Hant-HK';
    case 'zh-Hans':
      return 'zh-Hans-CN';
    case 'ja':
      return 'ja-JP';
    case 'ko':
      return 'ko-KR';
    case 'th':
      return 'th-TH-u-ca-gregory';
    default:
      // A tag we do not serve is formatted as given; a malformed one (Intl would throw) as English.
      try {
        return Intl.getCanonicalLocales(locale)[0] ?? 'en';
      } catch {
        return 'en';
      }
  }
}

/** Whether `locale` is English, whose formats are docs/PRODUCT.md §9's own rather than `Intl`'s. */
export function isEnglish(locale: string): boolean {
  return locale === 'en' || locale.startsWith('en-');
}

// Building an Intl formatter costs far more than using one; lists of slots and entries format hundreds.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A cached `Intl.DateTimeFormat` for the product's `locale` (see `intlLocale`). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A cached `Intl.NumberFormat` for the product's `locale` (see `intlLocale`). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), options);
    numberFormats.set(key, format);
  }
  return format;
}
