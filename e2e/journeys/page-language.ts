/**
 * Reading the site in another language as its reader would: the app's texts looked up in the language's
 * catalogs (locales/<locale>.po and locales/flows/<locale>.po, so the walk follows the translators), the
 * server's content names in the server catalog (locales/server/<locale>.po), and a check that a page
 * shows no English outside names.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Page } from '@playwright/test';
import { collectPageTexts, englishWords } from '../../tests/support/fixtures/english-words';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface PoEntry {
  message?: string;
  translation?: string;
  context?: string | null;
}

async function readCatalog(path: string, locale: string): Promise<Record<string, PoEntry>> {
  const po = formatter({ lineNumbers: false });
  return (await po.parse(await readFile(path, 'utf8'), { locale, sourceLocale: 'en', filename: path } as never)) as Record<string, PoEntry>;
}

/** The app's texts in `locale`: `tr('Pay {total} by card', { total })` gives what the page shows. */
export type Translate = (message: string, values?: Record<string, unknown>) => string;

/** The app's catalog for `locale`, as a function of the English source text. */
export async function appCatalog(locale: string): Promise<Translate> {
  // The start catalog and the part loaded with the booking, managing and paying pages (src/i18n/flow-catalog.ts).
  const parts = await Promise.all(['locales', 'locales/flows'].map((dir) => readCatalog(`${root}${dir}/${locale}.po`, locale)));
  const catalog = Object.assign({}, ...parts) as Record<string, PoEntry>;
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.load(
    locale,
    Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, entry.translation || entry.message || id])),
  );
  i18n.activate(locale);
  return (message, values) => {
    const id = generateMessageId(message);
    if (!(id in i18n.messages)) throw new Error(`"${message}" is not in locales/${locale}.po or locales/flows/${locale}.po`);
    return i18n._({ id, message, values });
  };
}

/** Every text the page shows or speaks (see `collectPageTexts`). */
export function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(collectPageTexts);
}

/** What a page's texts show in English, sorted out: words outside every name, and server names left in English. */
export interface EnglishFound {
  /** Texts with English words that are neither names nor server content (should be none). */
  english: string[];
  /** Server content (experience, area and period names, descriptions) shown in English. */
  serverEnglish: string[];
}

/**
 * Sorts the English on a page. `names` are further proper names of this walk (the guest's own); `serverTexts`
 * are the server's English content texts that may be shown (the venue's experiences and areas).
 */
export function findEnglish(texts: string[], { names, serverTexts }: { names: string[]; serverTexts: string[] }): EnglishFound {
  const english: string[] = [];
  const serverEnglish = new Set<string>();
  // Longest first, so 'Rotisserie Sharing Menu' goes before any shorter text inside it.
  const server = [...new Set(serverTexts)].sort((a, b) => b.length - a.length);
  for (const text of texts) {
    let rest = text;
    for (const content of server) {
      if (rest.includes(content)) {
        serverEnglish.add(content);
        rest = rest.split(content).join(' ');
      }
    }
    if (englishWords(rest, names).length > 0) english.push(text);
  }
  return { english, serverEnglish: [...serverEnglish].sort() };
}
