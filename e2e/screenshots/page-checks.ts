/**
 * What a person would see is wrong with a page at a glance: it is blank, it scrolls sideways, or it
 * shows a text that was never translated: a raw Lingui message id, an ICU placeholder or markup left in
 * (`{0}`, `{count, plural, …}`, `<0>`), or, on a page in another language, English.
 *
 * English is recognised in the runs of Latin words of each text, two ways: a run that is one of the
 * English catalogs' (the app's and the server's) where the language's catalog says something else or
 * nothing, and English prose the catalogs do not know (three lower-case words in a row; names and
 * addresses are capitalised and pass). Runs the language's own translations use are names kept as they
 * are, and pass.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

const root = new URL('../../', import.meta.url);

/** One message of a .po file. */
interface PoEntry {
  msgid: string;
  msgctxt: string;
  msgstr: string;
}

/** The messages of a .po file (the header left out). */
export function readPo(path: string): PoEntry[] {
  const file = new URL(path, root);
  const entries: PoEntry[] = [];
  if (!existsSync(file)) return entries;
  const unquote = (line: string) => JSON.parse(line.trim().replace(/^msg(?:id|str|ctxt)\s+/, '')) as string;
  let field: keyof PoEntry | null = null;
  let entry: PoEntry = { msgid: '', msgctxt: '', msgstr: '' };
  const flush = () => {
    if (entry.msgid) entries.push(entry);
    entry = { msgid: '', msgctxt: '', msgstr: '' };
    field = null;
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const trimmed = line.trim();
    const start = /^(msgctxt|msgid|msgstr)\s/.exec(trimmed)?.[1] as keyof PoEntry | undefined;
    if (start) {
      // A new entry starts with its context or its id, whichever comes first.
      if ((start === 'msgctxt' || (start === 'msgid' && field !== 'msgctxt')) && entry.msgid) flush();
      field = start;
      entry[start] = unquote(trimmed);
    } else if (trimmed.startsWith('"') && field) {
      entry[field] += unquote(trimmed);
    } else if (trimmed === '') {
      flush();
    }
  }
  flush();
  return entries;
}

/**
 * Whether a word looks like a Lingui id (6 characters of base64 from a hash), as a message missing from
 * the catalog shows: mixed case with a digit, `+` or `/`, or a capital inside ("Cp73lv", "zucql+").
 * Words ("Wallet"), codes in capitals and digits ("AB12CD") and amounts ("HK$400") do not.
 */
export function looksLikeMessageId(token: string): boolean {
  return (
    /^[A-Za-z0-9+/]{6}$/.test(token) &&
    /[a-z]/.test(token) &&
    (/[0-9+/]/.test(token) || /[A-Z]/.test(token.slice(1))) &&
    !/^[A-Z]?[a-z]+$/.test(token)
  );
}

/** Lingui's id of a message (as @lingui/message-utils computes it): what shows when a catalog lacks it. */
export const messageId = (message: string, context = '') =>
  createHash('sha256').update(`${message}\u001F${context}`).digest('base64').slice(0, 6);

/** The literal parts of a message: its text, and its plural and select branches, without the ICU syntax and markup. */
function fragments(message: string): string[] {
  return message
    .replace(/<\/?\d+\/?>/g, '|')
    .replace(/\{\s*[\w.]+\s*,\s*(?:plural|select|selectordinal)\s*,/g, '|')
    .replace(/(?:=\d+|[\w-]+)\s*\{/g, '|')
    .replace(/\{[^{}]*\}/g, '|')
    .replace(/[{}#]/g, '|')
    .split('|');
}

/**
 * The runs of Latin words in a text ("All-Day Menu" and "を見る" in "All-Day Menuを見る"; "Daily" in
 * "Daily: 11:00"), kept when they could only be English words: two words or more, or one of four letters
 * or more (so "HK$", "am" and "pm" pass).
 */
export function latinRuns(text: string): string[] {
  return [...text.matchAll(/[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’&-]*(?: +[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’&-]*)*/g)]
    .map((m) => m[0].trim())
    .filter((run) => run.includes(' ') || run.replace(/[^A-Za-zÀ-ÿ]/g, '').length >= 4);
}

interface Catalogs {
  /** Lingui ids of every English message. */
  ids: Set<string>;
  /** Latin runs of English messages the language shows differently (or would, once translated). */
  english: Set<string>;
  /** Latin runs the language's own translations use (names kept as they are, e.g. "Le Clos"). */
  kept: Set<string>;
}

const catalogCache = new Map<string, Catalogs>();

/** The app's and the server's English messages, against `locale`'s catalogs. */
export function catalogs(locale: string): Catalogs {
  const cached = catalogCache.get(locale);
  if (cached) return cached;
  const ids = new Set<string>();
  const english = new Set<string>();
  const kept = new Set<string>();
  for (const dir of ['locales', 'locales/flows', 'locales/server']) {
    const source = readPo(`${dir}/en.po`);
    const target = new Map(readPo(`${dir}/${locale}.po`).map((e) => [`${e.msgctxt}\u0004${e.msgid}`, e.msgstr]));
    for (const { msgid, msgctxt } of source) ids.add(messageId(msgid, msgctxt));
    for (const translated of target.values()) fragments(translated).flatMap(latinRuns).forEach((run) => kept.add(run));
    for (const { msgid, msgctxt } of source) {
      // The same words in both languages on purpose (a name, a currency sign): not a missing translation.
      if (target.get(`${msgctxt}\u0004${msgid}`) === msgid) continue;
      fragments(msgid).flatMap(latinRuns).forEach((run) => english.add(run));
    }
  }
  kept.forEach((run) => english.delete(run));
  const result = { ids, english, kept };
  catalogCache.set(locale, result);
  return result;
}

/** The visible texts of the page: one entry per text node, trimmed, with where it is. */
async function visibleTexts(page: Page): Promise<{ text: string; where: string; lang: string }[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string; lang: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      const element = node.parentElement;
      if (!text || !element || element.closest('script, style, noscript, option, iframe')) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const hiddenVisually = element.closest('.visually-hidden') !== null;
      if (!hiddenVisually && (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none')) continue;
      const where = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`;
      out.push({ text, where, lang: element.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang });
    }
    return out;
  });
}

/** Raw message ids and placeholders left in the page's texts: one line per problem. */
export async function textProblems(page: Page, locale: string): Promise<string[]> {
  const { ids } = catalogs(locale);
  const problems: string[] = [];
  for (const { text, where } of await visibleTexts(page)) {
    for (const token of text.split(/[\s,.;:!?()]+/)) {
      if (ids.has(token) || looksLikeMessageId(token)) problems.push(`raw message id "${token}" in ${where}: "${text}"`);
    }
    const placeholder = /\{\s*[\w.]+\s*(?:,[^}]*)?\}|<\/?\d+\/?>/.exec(text);
    if (placeholder) problems.push(`placeholder ${placeholder[0]} left in ${where}: "${text}"`);
  }
  return problems;
}

const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/**
 * English in the page's texts shown in `locale` (not English): one line per text. A text the address
 * itself gives (the menu preview's `title`, docs/PRODUCT.md §2) is the address's, not the app's, and is left out.
 */
export async function englishProblems(page: Page, locale: string): Promise<string[]> {
  const { english, kept } = catalogs(locale);
  const hash = new URL(page.url()).hash;
  const fromAddress = new Set(new URLSearchParams(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '').values());
  const problems: string[] = [];
  for (const { text, where, lang } of await visibleTexts(page)) {
    if (!lang.startsWith(locale) || fromAddress.has(text)) continue;
    // An e-mail address ('leclos.reservations@example.com') is written the same in every language: not English.
    for (const run of latinRuns(text.replace(EMAIL_ADDRESS, ' '))) {
      if (english.has(run)) problems.push(`English "${run}" in ${where}: "${text}"`);
      else if (!kept.has(run) && /\b[a-z]{2,}\s+[a-z]{2,}\s+[a-z]{2,}\b/.test(run)) problems.push(`English prose "${run}" in ${where}: "${text}"`);
    }
  }
  return problems;
}

/** Fails when the page shows nothing worth the name: no heading, no text, or the broken-page view. */
export async function expectNotBlank(page: Page, where: string): Promise<void> {
  const state = await page.evaluate(() => {
    const main = document.querySelector('main');
    const heading = main?.querySelector('h1');
    return {
      heading: heading?.textContent?.trim() ?? '',
      headingShown: heading ? heading.getBoundingClientRect().height > 0 : false,
      text: main?.innerText.replace(/\s+/g, ' ').trim() ?? '',
      broken: main?.querySelector('.timeout-view') !== null && main?.querySelector('.timeout-view') !== undefined,
    };
  });
  expect(state.broken, `${where} shows the broken-page view`).toBe(false);
  expect(state.heading, `${where} has no main heading`).not.toBe('');
  expect(state.headingShown, `${where}: its heading is not shown`).toBe(true);
  expect(state.text.length - state.heading.length, `${where} shows nothing but its heading`).toBeGreaterThan(10);
}

/** Fails when the page is wider than the window (it would scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    const innerWidth = window.innerWidth;
    // The element reaching furthest right, to say what to fix.
    let widest = '';
    let right = innerWidth;
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5) {
        right = box.right;
        widest = `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} (right edge ${Math.round(box.right)} px)`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, widest };
  });
  expect(scrollWidth, `${where} overflows sideways (${scrollWidth} px in ${innerWidth} px)${widest ? `: ${widest}` : ''}`).toBeLessThanOrEqual(innerWidth);
}

/** Fails on a raw message id or a placeholder left in the page in `locale`. */
export async function expectTranslated(page: Page, locale: string, where: string): Promise<void> {
  expect(await textProblems(page, locale), `${where} in ${locale}`).toEqual([]);
}
