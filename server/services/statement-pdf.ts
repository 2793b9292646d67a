/**
 * A member's monthly wallet statement as a PDF (GET /guest/statement/{month}/pdf), drawn with pdfkit's
 * built-in fonts like the menus: the month, the member's name and id, the opening balance, every entry
 * (date, description, amount), the month's totals and the closing balance; then, apart, the month's card
 * payments and refunds, which are not in the wallet's balance.
 */
import PDFDocument from 'pdfkit';
import { formatHkd } from '../../src/domain/money';
import { formatDate, hongKongDate } from '../../src/domain/time';
import type { StatementDetail } from './wallet';

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 56;
const RIGHT = PAGE.width - MARGIN;
const BOTTOM = PAGE.height - 72;
const INK = '#2b2926';
const MUTED = '#7b746a';
const ACCENT = '#6e2233';
const RULE = '#d8d0c4';
const CLUB_NAME = 'THE ALDRICH CLUB';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

// Columns of the entries table.
const DATE_X = MARGIN;
const DESC_X = MARGIN + 86;
const AMOUNT_W = 110;
const AMOUNT_X = RIGHT - AMOUNT_W;
const DESC_W = AMOUNT_X - DESC_X - 12;

export interface StatementMember {
  name: string;
  /** customId, failing that customerId (SPEC §3); null when the member has neither. */
  memberId: string | null;
}

export interface StatementPdfInput {
  statement: StatementDetail;
  member: StatementMember;
  generatedAt: Date;
  /** pdfkit compresses page content by default; tests may turn it off to read the text back. */
  compress?: boolean;
}

/** 'November 2026' for '2026-11'. */
export function monthTitle(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** A signed amount for a statement: credits with '+', debits with '-'. */
const signed = (amount: number) => (amount > 0 ? `+${formatHkd(amount)}` : formatHkd(amount));

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', unionpay: 'UnionPay' };

/** 'Visa ending 4242'; a card top-up's entry names its card too. */
const cardName = (card: NonNullable<StatementEntry['card']>) => `${BRANDS[card.brand] ?? 'Card'} ending ${card.last4}`;

type StatementEntry = StatementDetail['entries'][number];

/** The entry's text, with the card it was paid with (a top-up) when there is one. */
const entryText = (entry: StatementEntry) => (entry.card ? `${entry.description} (${cardName(entry.card)})` : entry.description);

/** The statement's file name for Content-Disposition. */
export const statementFileName = (month: string) => `statement-${month}.pdf`;

/** Renders the statement; resolves to the whole file in memory. */
export function renderStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  const { statement, member, generatedAt } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    compress: input.compress ?? true,
    info: {
      Title: `Monthly statement ${monthTitle(statement.month)}`,
      Author: CLUB_NAME,
      Subject: `Wallet statement of ${member.name}`,
      Creator: CLUB_NAME,
      CreationDate: generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = header(doc, input);
  y = summary(doc, statement, y + 18);
  y = entries(doc, statement, y + 26);
  y = totals(doc, statement, y + 10);
  if (statement.cardEntries.length > 0) cardEntries(doc, statement, y + 24);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
    doc.text(`Amounts in Hong Kong dollars. Generated ${formatDate(hongKongDate(generatedAt))}.`, MARGIN, PAGE.height - 48, { lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN, PAGE.height - 48, { width: RIGHT - MARGIN, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}

function header(doc: Doc, { statement, member }: StatementPdfInput): number {
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(CLUB_NAME, MARGIN, MARGIN, { characterSpacing: 3, lineBreak: false });
  doc.font('Times-Bold').fontSize(24).fillColor(ACCENT).text('Monthly statement', MARGIN, MARGIN + 18, { lineBreak: false });
  doc.font('Times-Roman').fontSize(14).fillColor(INK).text(monthTitle(statement.month), MARGIN, MARGIN + 50, { lineBreak: false });

  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(member.name, MARGIN, MARGIN + 18, { width: RIGHT - MARGIN, align: 'right', lineBreak: false });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(`Member ID ${member.memberId ?? '—'}`, MARGIN, MARGIN + 34, { width: RIGHT - MARGIN, align: 'right', lineBreak: false });
  const last = new Date(Date.UTC(Number(statement.month.slice(0, 4)), Number(statement.month.slice(5, 7)), 0)).getUTCDate();
  doc.text(`${formatDate(`${statement.month}-01`)} – ${formatDate(`${statement.month}-${String(last).padStart(2, '0')}`)}`, MARGIN, MARGIN + 48, {
    width: RIGHT - MARGIN,
    align: 'right',
    lineBreak: false,
  });
  const y = MARGIN + 76;
  doc.lineWidth(1).moveTo(MARGIN, y).lineTo(RIGHT, y).stroke(ACCENT);
  return y;
}

/** Four figures across the page: opening, credits, debits, closing. */
function summary(doc: Doc, s: StatementDetail, top: number): number {
  const figures: [string, string][] = [
    ['Opening balance', formatHkd(s.openingBalance)],
    ['Total credits', `+${formatHkd(s.totalCredits)}`],
    ['Total debits', formatHkd(-s.totalDebits)],
    ['Closing balance', formatHkd(s.closingBalance)],
  ];
  const width = (RIGHT - MARGIN) / figures.length;
  figures.forEach(([label, value], i) => {
    const x = MARGIN + i * width;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, top, { width: width - 8, characterSpacing: 0.8, lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(value, x, top + 14, { width: width - 8, lineBreak: false });
  });
  return top + 36;
}

function tableHead(doc: Doc, y: number): number {
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
  doc.text('DATE', DATE_X, y, { lineBreak: false, characterSpacing: 0.8 });
  doc.text('DESCRIPTION', DESC_X, y, { lineBreak: false, characterSpacing: 0.8 });
  doc.text('AMOUNT', AMOUNT_X, y, { width: AMOUNT_W, align: 'right', lineBreak: false, characterSpacing: 0.8 });
  doc.lineWidth(0.5).moveTo(MARGIN, y + 14).lineTo(RIGHT, y + 14).stroke(RULE);
  return y + 22;
}

function entries(doc: Doc, s: StatementDetail, top: number): number {
  let y = tableHead(doc, top);
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  doc.text(formatDate(`${s.month}-01`), DATE_X, y, { lineBreak: false });
  doc.font('Helvetica-Oblique').text('Opening balance', DESC_X, y, { lineBreak: false });
  doc.font('Helvetica').text(formatHkd(s.openingBalance), AMOUNT_X, y, { width: AMOUNT_W, align: 'right', lineBreak: false });
  y += 20;
  if (s.entries.length === 0) {
    doc.font('Helvetica-Oblique').fontSize(9.5).fillColor(MUTED).text('No transactions this month.', DESC_X, y, { lineBreak: false });
    y += 20;
  }
  return entryRows(doc, s.entries, y);
}

/** Entries as table rows from `top`, a new page (with the table's head) when one is full. */
function entryRows(doc: Doc, rows: readonly StatementEntry[], top: number): number {
  let y = top;
  for (const entry of rows) {
    const text = entryText(entry);
    doc.font('Helvetica').fontSize(9.5);
    const height = Math.max(12, doc.heightOfString(text, { width: DESC_W }));
    if (y + height > BOTTOM) {
      doc.addPage();
      y = tableHead(doc, MARGIN);
    }
    doc.fillColor(INK).font('Helvetica').fontSize(9.5);
    doc.text(formatDate(hongKongDate(new Date(entry.createdAt))), DATE_X, y, { lineBreak: false });
    doc.text(text, DESC_X, y, { width: DESC_W });
    doc.fillColor(entry.amount < 0 ? INK : ACCENT).text(signed(entry.amount), AMOUNT_X, y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    y += height + 8;
    doc.lineWidth(0.3).moveTo(MARGIN, y - 4).lineTo(RIGHT, y - 4).stroke(RULE);
  }
  return y;
}

/** The month's card payments and refunds, apart from the wallet's account: they are not in its balance. */
function cardEntries(doc: Doc, s: StatementDetail, top: number): void {
  let y = top;
  if (y + 80 > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('Times-Bold').fontSize(13).fillColor(ACCENT).text('Card payments and refunds', MARGIN, y, { lineBreak: false });
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  doc.text('Paid by card or refunded to the card: not part of the wallet balance above.', MARGIN, y + 18, { lineBreak: false });
  entryRows(doc, s.cardEntries, tableHead(doc, y + 36));
}

function totals(doc: Doc, s: StatementDetail, top: number): number {
  const rows: [string, string, boolean][] = [
    ['Opening balance', formatHkd(s.openingBalance), false],
    [`Total credits (${s.entries.filter((e) => e.amount > 0).length})`, `+${formatHkd(s.totalCredits)}`, false],
    [`Total debits (${s.entries.filter((e) => e.amount < 0).length})`, formatHkd(-s.totalDebits), false],
    ['Closing balance', formatHkd(s.closingBalance), true],
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
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 11 : 9.5).fillColor(INK);
    doc.text(label, AMOUNT_X - 150, y, { width: 150, lineBreak: false });
    doc.text(value, AMOUNT_X, y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    y += 18;
  }
  return y;
}
