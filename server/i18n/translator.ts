/**
 * The server's words in the caller's language. Its messages are English source texts marked for Lingui
 * (`i18n._('…')` calls, or `/*i18n*\/ '…'` where a text is defined apart from where it is said); `npm run
 * extract` gathers them into `locales/server/<locale>.po`, which are read once at start.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES, type Locale } from '../../common/locales';
import { readPoMessages } from './po-file';

// From server/i18n/ in development and tests, and from dist/server/ once built: both two levels down.
// (A path, not a URL object: under jsdom the global URL is not Node's.)
const CATALOG_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '../../locales/server');

function readMessages(locale: Locale): Messages {
  const messages: Messages = {};
  for (const [id, translation] of readPoMessages(readFileSync(join(CATALOG_FOLDER, `${locale}.po`), 'utf8'))) {
    // An empty translation falls back to the English source, which is the id itself.
    if (translation) messages[id] = compileMessage(translation);
  }
  return messages;
}

const translators = new Map<Locale, I18n>(
  LOCALES.map((locale): [Locale, I18n] => {
    const i18n = setupI18n({ locale, messages: { [locale]: readMessages(locale) } });
    // Texts missing from a catalog are English ICU messages: compile them on use, in production too.
    i18n.setMessagesCompiler(compileMessage);
    return [locale, i18n];
  }),
);

/** The translator for a language: `translatorFor('ja')._('Login expired')`. */
export function translatorFor(locale: Locale): I18n {
  return translators.get(locale)!;
}
