/**
 * Reading the site in another language as its reader would: the app's texts looked up in the language's
 * catalog (locales/<locale>.po, so the walk follows the translators), the server's content names in the
 * server catalog (locales/server/<locale>.po), and a check that a page shows no English outside names.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Page } from '@playwright/test';
import { CLUB_ADDRESS_LINES } from '../../src/content/club';

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
  const catalog = await readCatalog(`${root}locales/${locale}.po`, locale);
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.load(
    locale,
    Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, entry.translation || entry.message || id])),
  );
  i18n.activate(locale);
  return (message, values) => {
    const id = generateMessageId(message);
    if (!(id in i18n.messages)) throw new Error(`"${message}" is not in locales/${locale}.po`);
    return i18n._({ id, message, values });
  };
}

/**
 * What stays in Latin letters on a translated page: proper names (the club, its postal address and venues,
 * card networks, the MTR) and codes the translations keep (HK$, PDF, SMS, 3-D Secure). Words of two letters
 * (HK, MM/YY) are not words to the detector.
 */
export const PROPER_NAMES = [
  'The Aldrich Club',
  ...CLUB_ADDRESS_LINES,
  'MTR',
  'Le Clos',
  'Bâtard',
  'Hop Sze',
  'Obe',
  'American Express',
  'Mastercard',
  'UnionPay',
  'Visa',
  '3-D Secure',
  'HK$',
  'PDF',
  'SMS',
];

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const PHONE = /\+?\d[\d ()-]{6,}\d/g;
/** A reservation's reference: three capitals and a code (LEC-7HQ2KM). */
const REFERENCE = /\b[A-Z]{3}-[0-9A-Z]{6}\b/g;
/** A word of three or more Latin letters. */
const LATIN_WORD = /[A-Za-zÀ-ÖØ-öø-ÿ']{3,}/g;

/** Every text the page shows or speaks: text nodes, worded attributes, the title; not what is hidden from all. */
export function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pageLanguage = document.documentElement.lang;
    const texts = [document.title];
    const visit = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent?.trim();
        if (text) texts.push(text);
        return;
      }
      if (!(node instanceof HTMLElement) && !(node instanceof SVGElement)) return;
      if (['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(node.tagName)) return;
      // Hidden from everyone (a folded menu); a visually hidden text is still spoken, so it counts.
      if (node instanceof HTMLElement && (node.hidden || getComputedStyle(node).display === 'none')) return;
      // Marked up as another language on purpose: the language menu names each language in itself.
      if (node.hasAttribute('lang') && node.getAttribute('lang') !== pageLanguage) return;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const value = node.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
      node.childNodes.forEach(visit);
    };
    visit(document.body);
    return texts;
  });
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
  const proper = [...PROPER_NAMES, ...names].sort((a, b) => b.length - a.length);
  for (const text of texts) {
    let rest = text.replace(EMAIL, ' ');
    for (const content of server) {
      if (rest.includes(content)) {
        serverEnglish.add(content);
        rest = rest.split(content).join(' ');
      }
    }
    for (const name of proper) rest = rest.split(name).join(' ');
    if ((rest.replace(REFERENCE, ' ').replace(PHONE, ' ').match(LATIN_WORD) ?? []).length > 0) english.push(text);
  }
  return { english, serverEnglish: [...serverEnglish].sort() };
}
