/**
 * A member's monthly wallet statement as a PDF (GET /guest/statement/{month}/pdf): the month, the member's
 * name and id, the opening balance, every entry (date, description, amount), the month's totals and the
 * closing balance; then, apart, the month's card payments and refunds, which are not in the wallet's
 * balance. Written in the reader's language: English with pdfkit's built-in fonts, like the menus;
 * Chinese, Japanese and Korean with Noto Sans CJK, Thai with Loma (Debian's fonts-noto-cjk and
 * fonts-tlwg-loma-ttf), embedded as subsets. Without its fonts a language falls back to English.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { I18n } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from '../../../common/locales';
import { formatDateFor, hongKongDate } from '../../../common/time';
import { messageLanguage, type MessageLanguage } from '../messaging/message-language';
import type { StatementDetail } from './wallet';
import { CLUB_ADDRESS_LINES, CLUB_PHONE, CONCIERGE_EMAIL } from '../../../common/club-contact';

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 56;
const RIGHT = PAGE.width - MARGIN;
const BOTTOM = PAGE.height - 72;
const INK = '#2b2926';
const MUTED = '#7b746a';
const ACCENT = '#6e2233';
const RULE = '#d8d0c4';
// The club's name is a name: the same in every language.
const CLUB_NAME = 'THE ALDRICH CLUB';

// ---------------------------------------------------------------------------------------------------
// Fonts

/** A font file, and for a collection (.ttc) the PostScript name of the face inside it. */
export interface FontFace {
  file: string;
  face?: string;
}

/** The two faces a language is written with. */
export interface LanguageFonts {
  regular: FontFace;
  bold: FontFace;
}

/** Where each language's fonts are; English needs none (pdfkit's built-in Helvetica and Times). */
export type StatementFonts = Partial<Record<Locale, LanguageFonts>>;

const NOTO_CJK = '/usr/share/fonts/opentype/noto';
const TLWG = '/usr/share/fonts/truetype/tlwg';

// One collection holds every CJK region's face; each language gets its own glyph forms.
const notoCjk = (region: 'jp' | 'kr' | 'sc' | 'tc'): LanguageFonts => ({
  regular: { file: `${NOTO_CJK}/NotoSansCJK-Regular.ttc`, face: `NotoSansCJK${region}-Regular` },
  bold: { file: `${NOTO_CJK}/NotoSansCJK-Bold.ttc`, face: `NotoSansCJK${region}-Bold` },
});

/** The Debian font packages' files (fonts-noto-cjk, fonts-tlwg-loma-ttf). */
export const SYSTEM_FONTS: StatementFonts = {
  ja: notoCjk('jp'),
  ko: notoCjk('kr'),
  'zh-Hans': notoCjk('sc'),
  'zh-Hant': notoCjk('tc'),
  th: { regular: { file: `${TLWG}/Loma.ttf` }, bold: { file: `${TLWG}/Loma-Bold.ttf` } },
};

/** The faces a statement is drawn with, by role: pdfkit font names (built-in or registered). */
interface Faces {
  regular: string;
  bold: string;
  italic: string;
  /** The title and section heads. */
  heading: string;
  /** The month under the title. */
  subheading: string;
  /** Letter-spacing for the small capitals of labels: Latin only, it would pull Thai marks off their letters. */
  labelSpacing: number;
}

const BUILT_IN: Faces = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  heading: 'Times-Bold',
  subheading: 'Times-Roman',
  labelSpacing: 0.8,
};

/** pdfkit, loaded on the first statement: a server that writes none keeps it out of its memory (npm run bench:start). */
const pdfkit = async () => (await import('pdfkit')).default;

// A CJK collection is ~20 MB: read once per process, not per statement.
const fontFiles = new Map<string, Buffer>();

function fontData(file: string): Buffer {
  let data = fontFiles.get(file);
  if (!data) {
    data = readFileSync(file);
    fontFiles.set(file, data);
  }
  return data;
}

/** Registers a language's faces in `doc` and selects each once, so a bad file fails here, before drawing. */
function registerFonts(doc: Doc, fonts: LanguageFonts, prefix = 'statement'): Faces {
  const regular = `${prefix}-regular`;
  const bold = `${prefix}-bold`;
  doc.registerFont(regular, fontData(fonts.regular.file), fonts.regular.face as string);
  doc.registerFont(bold, fontData(fonts.bold.file), fonts.bold.face as string);
  doc.font(regular).font(bold);
  return { regular, bold, italic: regular, heading: bold, subheading: regular, labelSpacing: 0 };
}

/**
 * The language whose fonts a text needs beyond Latin: Thai, kana (Japanese), Hangul (Korean), else Han
 * (written with the Traditional Chinese face, as Hong Kong writes it); null for Latin text.
 */
function scriptOf(text: string): Locale | null {
  if (/[\u0E00-\u0E7F]/.test(text)) return 'th';
  if (/[\u3040-\u30FF\u31F0-\u31FF]/.test(text)) return 'ja';
  if (/[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/.test(text)) return 'ko';
  if (/[\u2E80-\u2FFF\u3000-\u303F\u3400-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/.test(text)) return 'zh-Hant';
  return null;
}

const CJK: readonly Locale[] = ['ja', 'ko', 'zh-Hans', 'zh-Hant'];

/** Whether the fonts of `locale` draw the script of `script` (every Noto Sans CJK face has all of CJK). */
const covers = (locale: Locale, script: Locale) => locale === script || (CJK.includes(locale) && CJK.includes(script));

// Whether each language's fonts load, found out once per process (and per set of files).
const usable = new Map<string, boolean>();

/**
 * The language a statement can be written in for a reader of `requested`: that language when its fonts
 * are there and load, else English, with one warning per language and process (never an error: the
 * member still gets the statement).
 */
export async function statementLocale(requested: Locale, fonts: StatementFonts = SYSTEM_FONTS): Promise<Locale> {
  return localeWithFonts(requested, fonts, await pdfkit());
}

/** statementLocale's answer, with pdfkit loaded. */
function localeWithFonts(requested: Locale, fonts: StatementFonts, PDFDocument: Awaited<ReturnType<typeof pdfkit>>): Locale {
  if (requested === DEFAULT_LOCALE) return requested;
  const files = fonts[requested];
  const key = `${requested}|${JSON.stringify(files ?? null)}`;
  let ok = usable.get(key);
  if (ok === undefined) {
    ok = false;
    try {
      const missing = files ? [files.regular.file, files.bold.file].filter((file) => !existsSync(file)) : ['(no fonts configured)'];
      if (missing.length > 0) {
        console.warn(`Statement PDF: fonts for ${requested} not found (${missing.join(', ')}); writing it in English.`);
      } else {
        registerFonts(new PDFDocument({ autoFirstPage: false }), files!);
        ok = true;
      }
    } catch (err) {
      console.warn(`Statement PDF: fonts for ${requested} could not be loaded (${String(err)}); writing it in English.`);
    }
    usable.set(key, ok);
  }
  return ok ? requested : DEFAULT_LOCALE;
}

// ---------------------------------------------------------------------------------------------------
// The statement

// Columns of the entries table.
const DATE_X = MARGIN;
const DESC_X = MARGIN + 86;
const AMOUNT_W = 110;
const AMOUNT_X = RIGHT - AMOUNT_W;
const DESC_W = AMOUNT_X - DESC_X - 12;

export interface StatementMember {
  name: string;
  /** customId, failing that customerId (docs/PRODUCT.md §3); null when the member has neither. */
  memberId: string | null;
}

export interface StatementPdfInput {
  statement: StatementDetail;
  member: StatementMember;
  generatedAt: Date;
  /**
   * The reader's language (the download request's Accept-Language); English by default. Entry descriptions
   * come in `statement` already in it (see `statementLocale` for the language to read them in).
   */
  locale?: Locale;
  /** Where the languages' fonts are: the Debian packages' files by default. */
  fonts?: StatementFonts;
  /** pdfkit compresses page content by default; tests may turn it off to read the text back. */
  compress?: boolean;
}

/** What every part of the page draws with: the document, the language and its faces. */
interface Page {
  doc: Doc;
  lang: MessageLanguage;
  i18n: I18n;
  faces: Faces;
  /**
   * The face for a text of the member's or of the data (a name, an entry's description): the language's,
   * or another language's fonts when the text is in a script the language's fonts lack (a Chinese name on
   * an English statement); the language's when those fonts are missing too.
   */
  faceFor(text: string, weight: 'regular' | 'bold'): string;
  /** A service day, without its weekday: '1 Nov 2026', '2026年11月1日'. */
  day(date: string): string;
}

/** A signed amount for a statement: credits with '+', debits with '-'. */
const signed = (lang: MessageLanguage, amount: number) => (amount > 0 ? `+${lang.money(amount)}` : lang.money(amount));

// Card brands are names, the same in every language.
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', unionpay: 'UnionPay' };

type StatementEntry = StatementDetail['entries'][number];

/** 'Visa ending 4242'; a card top-up's entry names its card too. */
function cardName({ i18n }: Page, card: NonNullable<StatementEntry['card']>): string {
  const brand = BRANDS[card.brand];
  return brand ? i18n._('{brand} ending {last4}', { brand, last4: card.last4 }) : i18n._('Card ending {last4}', { last4: card.last4 });
}

/** The entry's text, with the card it was paid with (a top-up) when there is one. */
function entryText(page: Page, entry: StatementEntry): string {
  return entry.card ? page.i18n._('{description} ({card})', { description: entry.description, card: cardName(page, entry.card) }) : entry.description;
}

/** The statement's file name for Content-Disposition. */
export const statementFileName = (month: string) => `statement-${month}.pdf`;

/**
 * fontkit shapes Thai SARA AM (ำ) as NIKHAHIT + SARA AA, and the PDF's text layer then reads back garbled
 * (copy, search, screen readers). Drawing those two characters ourselves looks the same and reads back right.
 */
function drawThaiSaraAmDecomposed(doc: PDFKit.PDFDocument): void {
  const draw = doc.text.bind(doc) as (text: unknown, ...rest: unknown[]) => PDFKit.PDFDocument;
  doc.text = ((text: unknown, ...rest: unknown[]) =>
    draw(typeof text === 'string' ? text.replaceAll('\u0E33', '\u0E4D\u0E32') : text, ...rest)) as typeof doc.text;
}

/** Renders the statement; resolves to the whole file in memory. */
export async function renderStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  const { statement, member, generatedAt } = input;
  const PDFDocument = await pdfkit();
  const locale = localeWithFonts(input.locale ?? DEFAULT_LOCALE, input.fonts ?? SYSTEM_FONTS, PDFDocument);
  const lang = messageLanguage(locale);
  const { i18n } = lang;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    compress: input.compress ?? true,
    lang: locale,
    info: {
      Title: i18n._('Monthly statement {month}', { month: lang.month(statement.month) }),
      Author: CLUB_NAME,
      Subject: i18n._('Wallet statement of {name}', { name: member.name }),
      Creator: CLUB_NAME,
      CreationDate: generatedAt,
    },
  });
  drawThaiSaraAmDecomposed(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const allFonts = input.fonts ?? SYSTEM_FONTS;
  const fonts = allFonts[locale];
  const faces = locale === DEFAULT_LOCALE || !fonts ? BUILT_IN : registerFonts(doc, fonts);
  // Other scripts' faces, registered in this document only when a text needs them.
  const extraFaces = new Map<Locale, Faces>();
  const faceFor = (text: string, weight: 'regular' | 'bold') => {
    const script = scriptOf(text);
    if (!script || covers(locale, script)) return faces[weight];
    let extra = extraFaces.get(script);
    if (!extra) {
      const scriptFonts = allFonts[script];
      extra = scriptFonts && localeWithFonts(script, allFonts, PDFDocument) === script ? registerFonts(doc, scriptFonts, `statement-${script}`) : faces;
      extraFaces.set(script, extra);
    }
    return extra[weight];
  };
  const page: Page = { doc, lang, i18n, faces, faceFor, day: (date) => formatDateFor(date, locale) };

  let y = header(page, input);
  y = summary(page, statement, y + 18);
  y = entries(page, statement, y + 26);
  y = totals(page, statement, y + 10);
  if (statement.cardEntries.length > 0) cardEntries(page, statement, y + 24);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font(faces.regular).fontSize(7.5).fillColor(MUTED);
    // Where the club is and how to reach it, on every page: a statement is kept and read on its own.
    doc.text(clubContactLine(i18n), MARGIN, PAGE.height - 60, { lineBreak: false });
    doc.text(i18n._('Amounts in Hong Kong dollars. Generated {date}.', { date: page.day(hongKongDate(generatedAt)) }), MARGIN, PAGE.height - 48, {
      lineBreak: false,
    });
    doc.text(i18n._('Page {page} of {pages}', { page: i - range.start + 1, pages: range.count }), MARGIN, PAGE.height - 48, {
      width: RIGHT - MARGIN,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}

/** 'Aldrich House, 12 Ice House Street, Central, Hong Kong · Telephone +852 2388 6200 · E-mail concierge@…'. */
function clubContactLine(i18n: I18n): string {
  const contact = i18n._('Telephone {phone} · E-mail {email}', { phone: CLUB_PHONE, email: CONCIERGE_EMAIL });
  return `${CLUB_ADDRESS_LINES.join(', ')} · ${contact}`;
}

function header(page: Page, { statement, member }: StatementPdfInput): number {
  const { doc, lang, i18n, faces } = page;
  doc.font(faces.regular).fontSize(8).fillColor(MUTED).text(CLUB_NAME, MARGIN, MARGIN, { characterSpacing: 3, lineBreak: false });
  doc.font(faces.heading).fontSize(24).fillColor(ACCENT).text(i18n._('Monthly statement'), MARGIN, MARGIN + 18, { lineBreak: false });
  doc.font(faces.subheading).fontSize(14).fillColor(INK).text(lang.month(statement.month), MARGIN, MARGIN + 50, { lineBreak: false });

  doc.font(page.faceFor(member.name, 'bold')).fontSize(10).fillColor(INK).text(member.name, MARGIN, MARGIN + 18, { width: RIGHT - MARGIN, align: 'right', lineBreak: false });
  doc.font(faces.regular).fontSize(9).fillColor(MUTED);
  doc.text(i18n._('Member ID {memberId}', { memberId: member.memberId ?? '—' }), MARGIN, MARGIN + 34, { width: RIGHT - MARGIN, align: 'right', lineBreak: false });
  const last = new Date(Date.UTC(Number(statement.month.slice(0, 4)), Number(statement.month.slice(5, 7)), 0)).getUTCDate();
  const period = { first: page.day(`${statement.month}-01`), last: page.day(`${statement.month}-${String(last).padStart(2, '0')}`) };
  doc.text(i18n._('{first} – {last}', period), MARGIN, MARGIN + 48, {
    width: RIGHT - MARGIN,
    align: 'right',
    lineBreak: false,
  });
  const y = MARGIN + 76;
  doc.lineWidth(1).moveTo(MARGIN, y).lineTo(RIGHT, y).stroke(ACCENT);
  return y;
}

/** Four figures across the page: opening, credits, debits, closing. */
function summary({ doc, lang, i18n, faces }: Page, s: StatementDetail, top: number): number {
  const figures: [string, string][] = [
    [i18n._('Opening balance'), lang.money(s.openingBalance)],
    [i18n._('Total credits'), `+${lang.money(s.totalCredits)}`],
    [i18n._('Total debits'), lang.money(-s.totalDebits)],
    [i18n._('Closing balance'), lang.money(s.closingBalance)],
  ];
  const width = (RIGHT - MARGIN) / figures.length;
  figures.forEach(([label, value], i) => {
    const x = MARGIN + i * width;
    doc.font(faces.regular).fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, top, { width: width - 8, characterSpacing: faces.labelSpacing, lineBreak: false });
    doc.font(faces.bold).fontSize(13).fillColor(INK).text(value, x, top + 14, { width: width - 8, lineBreak: false });
  });
  return top + 36;
}

function tableHead({ doc, i18n, faces }: Page, y: number): number {
  const spacing = faces.labelSpacing;
  doc.font(faces.bold).fontSize(8).fillColor(MUTED);
  doc.text(i18n._('Date').toUpperCase(), DATE_X, y, { lineBreak: false, characterSpacing: spacing });
  doc.text(i18n._('Description').toUpperCase(), DESC_X, y, { lineBreak: false, characterSpacing: spacing });
  doc.text(i18n._('Amount').toUpperCase(), AMOUNT_X, y, { width: AMOUNT_W, align: 'right', lineBreak: false, characterSpacing: spacing });
  doc.lineWidth(0.5).moveTo(MARGIN, y + 14).lineTo(RIGHT, y + 14).stroke(RULE);
  return y + 22;
}

function entries(page: Page, s: StatementDetail, top: number): number {
  const { doc, lang, i18n, faces } = page;
  let y = tableHead(page, top);
  doc.font(faces.regular).fontSize(9.5).fillColor(INK);
  doc.text(page.day(`${s.month}-01`), DATE_X, y, { lineBreak: false });
  doc.font(faces.italic).text(i18n._('Opening balance'), DESC_X, y, { lineBreak: false });
  doc.font(faces.regular).text(lang.money(s.openingBalance), AMOUNT_X, y, { width: AMOUNT_W, align: 'right', lineBreak: false });
  y += 20;
  if (s.entries.length === 0) {
    doc.font(faces.italic).fontSize(9.5).fillColor(MUTED).text(i18n._('No transactions this month.'), DESC_X, y, { lineBreak: false });
    y += 20;
  }
  return entryRows(page, s.entries, y);
}

/** Entries as table rows from `top`, a new page (with the table's head) when one is full. */
function entryRows(page: Page, rows: readonly StatementEntry[], top: number): number {
  const { doc, lang, faces } = page;
  let y = top;
  for (const entry of rows) {
    const text = entryText(page, entry);
    const face = page.faceFor(text, 'regular');
    doc.font(face).fontSize(9.5);
    const height = Math.max(12, doc.heightOfString(text, { width: DESC_W }));
    if (y + height > BOTTOM) {
      doc.addPage();
      y = tableHead(page, MARGIN);
    }
    doc.fillColor(INK).font(faces.regular).fontSize(9.5);
    doc.text(page.day(hongKongDate(new Date(entry.createdAt))), DATE_X, y, { lineBreak: false });
    doc.font(face).text(text, DESC_X, y, { width: DESC_W });
    doc.font(faces.regular);
    doc.fillColor(entry.amount < 0 ? INK : ACCENT).text(signed(lang, entry.amount), AMOUNT_X, y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    y += height + 8;
    doc.lineWidth(0.3).moveTo(MARGIN, y - 4).lineTo(RIGHT, y - 4).stroke(RULE);
  }
  return y;
}

/** The month's card payments and refunds, apart from the wallet's account: they are not in its balance. */
function cardEntries(page: Page, s: StatementDetail, top: number): void {
  const { doc, i18n, faces } = page;
  let y = top;
  if (y + 80 > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font(faces.heading).fontSize(13).fillColor(ACCENT).text(i18n._('Card payments and refunds'), MARGIN, y, { lineBreak: false });
  doc.font(faces.regular).fontSize(8.5).fillColor(MUTED);
  doc.text(i18n._('Paid by card or refunded to the card: not part of the wallet balance above.'), MARGIN, y + 18, { lineBreak: false });
  entryRows(page, s.cardEntries, tableHead(page, y + 36));
}

function totals({ doc, lang, i18n, faces }: Page, s: StatementDetail, top: number): number {
  const credits = s.entries.filter((e) => e.amount > 0).length;
  const debits = s.entries.filter((e) => e.amount < 0).length;
  const rows: [string, string, boolean][] = [
    [i18n._('Opening balance'), lang.money(s.openingBalance), false],
    [i18n._('Total credits ({count})', { count: credits }), `+${lang.money(s.totalCredits)}`, false],
    [i18n._('Total debits ({count})', { count: debits }), lang.money(-s.totalDebits), false],
    [i18n._('Closing balance'), lang.money(s.closingBalance), true],
  ];
  let y = top;
  if (y + rows.length * 18 + 10 > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  for (const [label, value, strong] of rows) {
    if (strong) {
      doc.lineWidth(0.8).moveTo(AMOUNT_X - 150, y - 4).lineTo(RIGHT, y - 4).stroke(INK);
      y += 4;
    }
    doc.font(strong ? faces.bold : faces.regular).fontSize(strong ? 11 : 9.5).fillColor(INK);
    doc.text(label, AMOUNT_X - 150, y, { width: 150, lineBreak: false });
    doc.text(value, AMOUNT_X, y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    y += 18;
  }
  return y;
}
