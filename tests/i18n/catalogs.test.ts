/**
 * Guards the six languages: every catalog carries every message of the English source, translated (not
 * left identical to the English, short of the allow-list of names and codes), and each translation is
 * valid ICU with the same placeholders and tags as its source.
 */
import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../common/locales';

/** Texts that read the same in every language: names, codes, symbols. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Le Clos',
  'Bâtard',
  'Hop Sze',
  'Obe',
  'HK$',
  'Visa',
  'Mastercard',
  'CVC',
  // A brand and an acronym read as they are in these languages.
  'WhatsApp',
  'SMS',
  'OK',
  '{0}',
  '{0} – {1}',
  '{0}: {1}',
  '{table}: {message}',
  'English',
  '日本語',
  '한국어',
  'ไทย',
  '简体中文',
  '繁體中文',
]);

const TRANSLATED_LOCALES = LOCALES.filter((locale) => locale !== 'en');
const CATALOGS = ['locales', 'locales/flows', 'locales/server', 'locales/staff'] as const;

interface Entry {
  source: string;
  translation: string;
}

async function readCatalog(folder: string, locale: string): Promise<Map<string, Entry>> {
  const filename = `${folder}/${locale}.po`;
  const parsed = await formatter().parse(readFileSync(filename, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename,
  });
  const entries = new Map<string, Entry>();
  for (const [id, message] of Object.entries(parsed ?? {})) {
    if (message.obsolete) continue;
    entries.set(id, { source: message.message ?? id, translation: message.translation ?? '' });
  }
  return entries;
}

/** The placeholders and numbered tags of an ICU message, sorted: `{name}`, `{0, plural, …}`, `<0>`. */
function markers(message: string): string[] {
  const found = new Set<string>();
  for (const match of message.matchAll(/\{\s*([\w.]+)\s*[,}]/g)) found.add(`{${match[1]}}`);
  for (const match of message.matchAll(/<\/?(\d+)\/?>/g)) found.add(`<${match[1]}>`);
  return [...found].sort();
}

describe.each(CATALOGS)('the %s catalogs', (folder) => {
  describe.each(TRANSLATED_LOCALES)('%s', (locale) => {
    it('translate every English message, with its placeholders and tags, as valid ICU', async () => {
      const source = await readCatalog(folder, 'en');
      const target = await readCatalog(folder, locale);
      const problems: string[] = [];
      for (const [id, { source: english }] of source) {
        const translation = target.get(id)?.translation ?? '';
        if (!translation.trim()) {
          problems.push(`missing: ${english}`);
          continue;
        }
        if (translation === english && !SAME_IN_EVERY_LANGUAGE.has(english)) {
          problems.push(`left in English: ${english}`);
          continue;
        }
        try {
          compileMessage(translation);
        } catch (error) {
          problems.push(`not valid ICU: ${translation} (${(error as Error).message})`);
          continue;
        }
        if (markers(translation).join() !== markers(english).join()) {
          problems.push(`placeholders differ: ${english} → ${translation}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
