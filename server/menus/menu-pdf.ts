/**
 * Renders a venue's PDF menu (served at `/public/menu/{fileName}`) from `menu-content.ts` with pdfkit's
 * built-in fonts, so nothing has to be installed. The output is byte-for-byte the same for a file name on
 * every call, which lets the server cache it and send a stable ETag.
 */
import { venueByDomain, type VenueDomain } from '../../common/venues';
import { formatHkd } from '../../common/money';
import { menuContent, type MenuDocumentContent, type MenuItem, type MenuSection } from './menu-content';

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN_X = 72;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN_X;
const TOP = 72;
// Dishes stop here; the footnote may run a little lower, down to just above the address line.
const BOTTOM = PAGE.height - 84;
const FOOTNOTE_BOTTOM = PAGE.height - 72;
// A fixed date keeps the bytes (and pdfkit's file ID, derived from it) the same on every render.
const CREATION_DATE = new Date('2025-01-01T00:00:00Z');

const INK = '#2b2926';
const MUTED = '#7b746a';
const PAPER = '#fbf7ef';
const ACCENT: Record<VenueDomain, string> = {
  leclos: '#3f5b45',
  batard: '#6e2233',
  hopsze: '#9b2c23',
  obe: '#8a5a1f',
};
const CLUB_NAME = 'THE ALDRICH CLUB';

/**
 * The PDF for a menu file name, or null when no such menu exists. Resolves to the whole file in memory
 * (a few kilobytes).
 */
export function renderMenuPdf(fileName: string): Promise<Buffer> | null {
  const content = menuContent(fileName);
  if (!content) return null;
  const venue = venueByDomain(content.domain);
  if (!venue) return null;
  return renderDocument(content, { title: venue.title, desc: venue.desc, address: venue.address });
}

interface VenueHeader {
  title: string;
  desc: string;
  address: string;
}

async function renderDocument(content: MenuDocumentContent, venue: VenueHeader): Promise<Buffer> {
  // pdfkit loaded on the first menu: a server asked for none keeps it out of its memory (npm run bench:start).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: `${venue.title} – ${content.title}`,
      Author: venue.title,
      Subject: `${venue.desc} menu`,
      Creator: CLUB_NAME,
      CreationDate: CREATION_DATE,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const painter = new MenuPainter(doc, content, venue, ACCENT[content.domain]);
  painter.paint();

  // Footers last, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(7).fillColor(MUTED);
    centered(doc, venue.address, PAGE.height - 62, 0.5);
    if (range.count > 1) centered(doc, `${i - range.start + 1} / ${range.count}`, PAGE.height - 50, 1);
  }
  doc.end();
  return done;
}

/**
 * Lays a menu out top to bottom. Every measure is scaled by `spacing`: a menu that would spill a few
 * lines onto a second page is tightened to fit one, and a longer one keeps each section on one page.
 */
class MenuPainter {
  private spacing = 1;

  constructor(
    private readonly doc: Doc,
    private readonly content: MenuDocumentContent,
    private readonly venue: VenueHeader,
    private readonly accent: string,
  ) {}

  paint(): void {
    const { doc, content } = this;
    doc.on('pageAdded', () => this.paper());
    doc.addPage();
    this.spacing = this.fittingSpacing();

    let y = this.titleBlock(TOP, true);
    for (const section of content.sections) {
      const height = this.sectionHeight(section);
      // Start a section on a fresh page rather than split it, unless it is too long for any page.
      if (y + height > BOTTOM && TOP + 6 + height <= BOTTOM) y = this.newPage();
      y = this.sectionHead(section, y, this.headHeight(section) + this.firstItemHeight(section));
      for (const item of section.items) {
        if (y + this.itemHeight(item) > BOTTOM) y = this.newPage();
        y = this.item(item, y);
      }
      y += 14 * this.spacing;
    }
    if (y + this.footnoteHeight() > FOOTNOTE_BOTTOM) y = this.newPage();
    this.footnote(y);
  }

  /** The widest spacing, down to 0.7, that fits the whole menu on one page; 1 when none does. */
  private fittingSpacing(): number {
    for (let spacing = 1; spacing >= 0.7 - 1e-9; spacing -= 0.05) {
      this.spacing = spacing;
      let y = this.titleBlock(TOP, false);
      for (const section of this.content.sections) y += this.sectionHeight(section) + 14 * spacing;
      if (y <= BOTTOM && y + this.footnoteHeight() <= FOOTNOTE_BOTTOM) return spacing;
    }
    return 1;
  }

  /** Paper colour and a double frame, drawn on every page before anything else. */
  private paper(): void {
    const { doc, accent } = this;
    doc.rect(0, 0, PAGE.width, PAGE.height).fill(PAPER);
    doc.lineWidth(0.9).rect(24, 24, PAGE.width - 48, PAGE.height - 48).stroke(accent);
    doc.lineWidth(0.3).rect(29, 29, PAGE.width - 58, PAGE.height - 58).stroke(accent);
  }

  private newPage(): number {
    const { doc } = this;
    doc.addPage();
    // A running head so a loose second page still says whose menu it is.
    doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
    centered(doc, `${this.venue.title.toUpperCase()}  ·  ${this.content.title.toUpperCase()}`, TOP - 20, 2);
    return TOP + 6;
  }

  /** Club name, venue, ornament, menu title and subtitle; returns where the sections start. */
  private titleBlock(top: number, draw: boolean): number {
    const { doc, content, venue, accent } = this;
    const s = this.spacing;
    let y = top;
    if (draw) {
      doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
      centered(doc, CLUB_NAME, y, 3.5);
    }
    y += 24 * s;
    if (draw) {
      doc.font('Times-Bold').fontSize(36).fillColor(accent);
      centered(doc, venue.title, y, 1);
    }
    y += 34 + 10 * s;
    if (draw) {
      doc.font('Helvetica').fontSize(8.5).fillColor(INK);
      centered(doc, venue.desc.toUpperCase(), y, 2.5);
    }
    y += 22 * s;
    if (draw) ornament(doc, y, accent);
    y += 18 * s;
    if (draw) {
      doc.font('Times-Italic').fontSize(20).fillColor(INK);
      centered(doc, content.title, y, 0.3);
    }
    y += 28 * s;
    if (content.subtitle) {
      if (draw) {
        doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
        centered(doc, content.subtitle, y, 0.8);
      }
      y += 18 * s;
    }
    return y + 18 * s;
  }

  private headHeight(section: MenuSection): number {
    return (15 + (section.note ? 14 : 0) + 11) * this.spacing;
  }

  private firstItemHeight(section: MenuSection): number {
    const first = section.items[0];
    return first ? this.itemHeight(first) : 0;
  }

  private sectionHeight(section: MenuSection): number {
    return section.items.reduce((sum, item) => sum + this.itemHeight(item), this.headHeight(section));
  }

  /** Draws a section heading, first moving to a new page when the heading and `keep` would not fit. */
  private sectionHead(section: MenuSection, top: number, keep: number): number {
    const { doc, accent } = this;
    let y = top + keep > BOTTOM ? this.newPage() : top;
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(accent);
    centered(doc, section.title.toUpperCase(), y, 2.2);
    y += 15 * this.spacing;
    if (section.note) {
      doc.font('Times-Italic').fontSize(9).fillColor(MUTED);
      centered(doc, section.note, y, 0);
      y += 14 * this.spacing;
    }
    const mid = PAGE.width / 2;
    doc.lineWidth(0.5).moveTo(mid - 24, y).lineTo(mid + 24, y).stroke(accent);
    return y + 11 * this.spacing;
  }

  private get courses(): boolean {
    return this.content.style === 'courses';
  }

  /** The width of a dish's name and description: the full width less its price on a list. */
  private textWidth(item: MenuItem): number {
    if (this.courses || item.price === undefined) return CONTENT_WIDTH;
    this.doc.font('Times-Roman').fontSize(11);
    return CONTENT_WIDTH - this.doc.widthOfString(formatHkd(item.price)) - 18;
  }

  /** On a tasting menu a priced course is a supplement, said in its description line. */
  private descOf(item: MenuItem): string | undefined {
    if (!this.courses || item.price === undefined) return item.desc;
    const supplement = `supplement ${formatHkd(item.price)}`;
    return item.desc ? `${item.desc}  ·  ${supplement}` : supplement;
  }

  private itemHeight(item: MenuItem): number {
    const { doc } = this;
    const width = this.textWidth(item);
    const align = this.courses ? 'center' : 'left';
    doc.font('Times-Bold').fontSize(11.5);
    let height = doc.heightOfString(item.name, { width, align });
    const desc = this.descOf(item);
    if (desc) {
      doc.font('Times-Italic').fontSize(9.5);
      height += 2 + doc.heightOfString(desc, { width, align });
    }
    return height + 9 * this.spacing;
  }

  private item(item: MenuItem, top: number): number {
    const { doc } = this;
    const width = this.textWidth(item);
    const align = this.courses ? 'center' : 'left';
    doc.font('Times-Bold').fontSize(11.5).fillColor(INK);
    const nameHeight = doc.heightOfString(item.name, { width, align });
    doc.text(item.name, MARGIN_X, top, { width, align });
    if (!this.courses && item.price !== undefined) this.price(item.name, item.price, top, nameHeight);
    let y = top + nameHeight;
    const desc = this.descOf(item);
    if (desc) {
      doc.font('Times-Italic').fontSize(9.5).fillColor(MUTED);
      const descHeight = doc.heightOfString(desc, { width, align });
      doc.text(desc, MARGIN_X, y + 2, { width, align });
      y += 2 + descHeight;
    }
    return y + 9 * this.spacing;
  }

  /** The price flush right, with a dotted leader from a one-line name. */
  private price(name: string, amount: number, top: number, nameHeight: number): void {
    const { doc } = this;
    const price = formatHkd(amount);
    doc.font('Times-Roman').fontSize(11);
    const priceX = MARGIN_X + CONTENT_WIDTH - doc.widthOfString(price);
    doc.fillColor(INK).text(price, priceX, top + 0.5, { lineBreak: false });
    doc.font('Times-Bold').fontSize(11.5);
    const nameEnd = MARGIN_X + doc.widthOfString(name);
    if (nameHeight < 20 && priceX - nameEnd > 24) {
      const baseline = top + 10;
      doc.save().lineWidth(0.6).dash(0.6, { space: 2.6 })
        .moveTo(nameEnd + 6, baseline).lineTo(priceX - 6, baseline).stroke(MUTED).restore();
    }
  }

  private footnoteHeight(): number {
    this.doc.font('Times-Italic').fontSize(9);
    return 18 + this.doc.heightOfString(this.content.footnote, { width: CONTENT_WIDTH - 40, align: 'center' });
  }

  private footnote(y: number): void {
    const { doc } = this;
    ornament(doc, y + 4, this.accent);
    doc.font('Times-Italic').fontSize(9).fillColor(MUTED)
      .text(this.content.footnote, MARGIN_X + 20, y + 18, { width: CONTENT_WIDTH - 40, align: 'center' });
  }
}

/** A short rule, a small diamond and a short rule, centred at `y`. */
function ornament(doc: Doc, y: number, accent: string): void {
  const mid = PAGE.width / 2;
  doc.lineWidth(0.6).moveTo(mid - 70, y).lineTo(mid - 10, y).stroke(accent);
  doc.moveTo(mid + 10, y).lineTo(mid + 70, y).stroke(accent);
  doc.polygon([mid, y - 4], [mid + 4, y], [mid, y + 4], [mid - 4, y]).fill(accent);
}

/** One line of text centred across the page, without pdfkit's automatic paging. */
function centered(doc: Doc, text: string, y: number, characterSpacing: number): void {
  doc.text(text, 0, y, { width: PAGE.width, align: 'center', characterSpacing, lineBreak: false });
}
