/** Switches the interface language on every page; the choice is remembered. */
import { useLingui } from '@lingui/react/macro';
import { LOCALES, type Locale } from '../../common/locales';
import { LANGUAGE_SWITCH_ATTRIBUTE } from '../first-view/first-view-address';
import { activateLocale, LANGUAGE_NAMES } from '../i18n/i18n';

export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  return (
    <select
      aria-label={t`Language`}
      {...{ [LANGUAGE_SWITCH_ATTRIBUTE]: '' }}
      value={i18n.locale}
      onChange={(event) => void activateLocale(event.target.value as Locale, { remember: true })}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LANGUAGE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
