/** Lingui set-up: English is the source and fallback; only the active language's catalog is loaded. */
import { i18n } from '@lingui/core';

import type { Locale } from '../domain/locales';

export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await import(`../../locales/${locale}.po`);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

export { i18n };
