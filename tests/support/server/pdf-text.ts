/**
 * Reads the text back out of a PDF made by pdfkit, for tests: inflates each object's stream and joins
 * the strings of every text-showing operator (`[<hex> kern <hex>] TJ`, `<hex> Tj`, `(literal) Tj`), one
 * line per operator. A string in a standard font is WinAnsi bytes; one in an embedded font (Chinese,
 * Japanese, Korean, Thai) is glyph codes, read through that font's ToUnicode map, following the `Tf`
 * operators that pick the font. Enough for pdfkit's output; not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

// WinAnsiEncoding (pdfkit's standard fonts) is Latin-1 but for 0x80–0x9F; the characters we write there.
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };

const decodeBytes = (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

const hexBytes = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex');

const decodeLiteral = (text: string) =>
  text.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) => {
    const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return map[c] ?? String.fromCharCode(parseInt(c, 8));
  });

interface PdfObject {
  dict: string;
  /** The stream's bytes, inflated, as Latin-1 text; null when the object has none. */
  stream: string | null;
}

/** Every `n 0 obj … endobj` of the file by number. */
function objects(pdf: Buffer): Map<number, PdfObject> {
  const out = new Map<number, PdfObject>();
  const text = pdf.toString('latin1');
  const head = /(\d+) 0 obj\b/g;
  const bodyEnd = /\bstream\r?\n|\bendobj\b/g;
  for (let match = head.exec(text); match; match = head.exec(text)) {
    const start = match.index + match[0].length;
    // The stream's bytes are skipped by its /Length: compressed data may hold "endobj" or "n 0 obj" by chance.
    bodyEnd.lastIndex = start;
    const keyword = bodyEnd.exec(text);
    if (!keyword) break;
    const streamKeyword = keyword[0].startsWith('stream');
    const dict = text.slice(start, keyword.index);
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    const dataStart = keyword.index + keyword[0].length;
    const end = text.indexOf('endobj', streamKeyword && length ? dataStart + Number(length[1]) : start);
    if (end < 0) break;
    let stream: string | null = null;
    if (streamKeyword) {
      const dataEnd = length ? dataStart + Number(length[1]) : text.lastIndexOf('endstream', end);
      const data = pdf.subarray(dataStart, dataEnd);
      try {
        stream = /\/FlateDecode/.test(dict) ? inflateSync(data).toString('latin1') : data.toString('latin1');
      } catch {
        stream = data.toString('latin1');
      }
    }
    out.set(Number(match[1]), { dict, stream });
    head.lastIndex = end;
  }
  return out;
}

/** A ToUnicode CMap's code → text, from its bfchar and bfrange sections. */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => hexBytes(hex).swap16().toString('utf16le');
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of section[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(src!, 16), utf16(dst!));
  }
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, list, single] of section[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F\s]+)>)/g)) {
      const first = parseInt(lo!, 16);
      const last = parseInt(hi!, 16);
      if (list !== undefined) {
        // A glyph for several characters (a ligature: 'fl') is one string of several, spaces between.
        [...list.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach(([, dst], i) => map.set(first + i, utf16(dst!)));
      } else {
        const base = hexBytes(single!).swap16();
        for (let code = first; code <= last; code++) {
          const text = Buffer.from(base);
          text.writeUInt16LE(text.readUInt16LE(text.length - 2) + (code - first), text.length - 2);
          map.set(code, text.toString('utf16le'));
        }
      }
    }
  }
  return map;
}

/** Font resource name (F1, F2, …) → its ToUnicode map, for the fonts that have one (embedded fonts). */
function unicodeMaps(all: Map<number, PdfObject>): Map<string, Map<number, string>> {
  const maps = new Map<string, Map<number, string>>();
  for (const { dict } of all.values()) {
    for (const fonts of dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const [, name, ref] of fonts[1]!.matchAll(/\/([\w.-]+)\s+(\d+)\s+0\s+R/g)) {
        const toUnicode = /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(all.get(Number(ref))?.dict ?? '');
        const cmap = toUnicode && all.get(Number(toUnicode[1]))?.stream;
        if (cmap) maps.set(name!, parseToUnicode(cmap));
      }
    }
  }
  return maps;
}

/**
 * The text of the PDF, one line per text object (`BT … ET`, which pdfkit writes per line of text), in
 * drawing order. Within one object every text-showing operator is joined: pdfkit splits a line where it
 * positions a glyph on its own (a Thai vowel or tone mark above its consonant).
 */
export function pdfText(pdf: Buffer): string {
  const all = objects(pdf);
  const maps = unicodeMaps(all);
  const lines: string[] = [];
  for (const { dict, stream } of all.values()) {
    // Content streams only: fonts, ToUnicode maps and images are streams too.
    if (stream === null || /\/(Subtype|Type|Length1)\b/.test(dict) || /begincmap/.test(stream)) continue;
    let font: Map<number, string> | undefined;
    let line: string | null = null;
    const decodeHex = (hex: string) => {
      if (!font) return decodeBytes(hexBytes(hex));
      const bytes = hexBytes(hex);
      let text = '';
      for (let i = 0; i + 1 < bytes.length; i += 2) text += font.get(bytes.readUInt16BE(i)) ?? '\uFFFD';
      return text;
    };
    const show = (text: string) => {
      if (line === null) lines.push(text);
      else line += text;
    };
    const ops = /\bBT\b|\bET\b|\/([\w.-]+)\s+[\d.]+\s+Tf|\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj|\(((?:[^)\\]|\\.)*)\)\s*Tj/g;
    for (const match of stream.matchAll(ops)) {
      if (match[0] === 'BT') {
        line = '';
      } else if (match[0] === 'ET') {
        if (line) lines.push(line);
        line = null;
      } else if (match[1] !== undefined) {
        font = maps.get(match[1]);
      } else if (match[2] !== undefined) {
        const parts = [...match[2].matchAll(/<([0-9a-fA-F\s]*)>|\(((?:[^)\\]|\\.)*)\)/g)];
        show(parts.map((p) => (p[1] !== undefined ? decodeHex(p[1]) : decodeLiteral(p[2] ?? ''))).join(''));
      } else if (match[3] !== undefined) {
        show(decodeHex(match[3]));
      } else {
        show(decodeLiteral(match[4] ?? ''));
      }
    }
  }
  return lines.join('\n');
}

/** The fonts the PDF names (`/BaseFont`), subset tags removed: 'Helvetica', 'NotoSansCJKjp-Regular'. */
export function pdfFontNames(pdf: Buffer): string[] {
  const names = [...pdf.toString('latin1').matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([\w.-]+)/g)].map((m) => m[1]!);
  return [...new Set(names)];
}

/** Whether the PDF embeds a font file (FontFile, FontFile2 or FontFile3) for the font named `name`. */
export function embedsFont(pdf: Buffer, name: string): boolean {
  for (const { dict } of objects(pdf).values()) {
    const fontName = /\/FontName\s*\/(?:[A-Z]{6}\+)?([\w.-]+)/.exec(dict);
    if (fontName?.[1] === name && /\/FontFile[23]?\s+\d+\s+0\s+R/.test(dict)) return true;
  }
  return false;
}
