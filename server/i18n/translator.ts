/**
 * The server's words in the caller's language. Its messages are English source texts marked for Lingui
 * (`i18n._('…')` calls, or `/*i18n*\/ '…'` where a text is defined apart from where it is said); `npm run
 * extract` gathers them into `locales/server/<locale>.po`, each read once, when its language is first asked for (an idle server holds
 * none it was not asked for).
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
  // Copied before use: the parsed texts are slices of the file's text, and one slice kept by anyone (the
  // ICU parser keeps its last input) kept the whole 250 KB file alive.
  const pairs = JSON.parse(JSON.stringify([...readPoMessages(readFileSync(join(CATALOG_FOLDER, `${locale}.po`), 'utf8'))])) as [string, string][];
  for (const [id, translation] of pairs) {
    // An empty translation falls back to the English source, which is the id itself.
    if (translation) messages[id] = compileMessage(translation);
  }
  return messages;
}

const translators = new Map<Locale, I18n>();

/** The translator for a language: `translatorFor('ja')._('Login expired')`. */
export function translatorFor(locale: Locale): I18n {
  let i18n = translators.get(locale);
  if (!i18n) {
    if (!LOCALES.includes(locale)) throw new Error(`No catalog for ${locale}`);
    i18n = setupI18n({ locale, messages: { [locale]: readMessages(locale) } });
    // Texts missing from a catalog are English ICU messages: compile them on use, in production too.
    i18n.setMessagesCompiler(compileMessage);
    translators.set(locale, i18n);
  }
  return i18n;
}
