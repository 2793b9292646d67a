/**
 * Reads the text back out of a PDF made by pdfkit, for tests: inflates each content stream and joins
 * the strings of every text-showing operator (`[<hex> kern <hex>] TJ`, `<hex> Tj`, `(literal) Tj`), one
 * line per operator. Enough for pdfkit's standard-font output; not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

// WinAnsiEncoding (pdfkit's standard fonts) is Latin-1 but for 0x80–0x9F; the characters we write there.
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };

const decodeBytes = (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

const decodeHex = (hex: string) => decodeBytes(Buffer.from(hex.replace(/\s+/g, ''), 'hex'));

const decodeLiteral = (text: string) =>
  text.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) => {
    const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return map[c] ?? String.fromCharCode(parseInt(c, 8));
  });

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf('stream', from, 'latin1');
    if (start < 0) return out;
    // 'endstream' also contains 'stream': skip it.
    if (pdf.toString('latin1', start - 3, start) === 'end') {
      from = start + 6;
      continue;
    }
    let dataStart = start + 'stream'.length;
    if (pdf[dataStart] === 0x0d) dataStart++;
    if (pdf[dataStart] === 0x0a) dataStart++;
    const end = pdf.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) return out;
    const data = pdf.subarray(dataStart, end);
    try {
      out.push(inflateSync(data).toString('latin1'));
    } catch {
      out.push(data.toString('latin1'));
    }
    from = end + 'endstream'.length;
  }
}

/** The text of every text-showing operator in the PDF, one per line, in drawing order. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const content of streams(pdf)) {
    const ops = /\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj|\(((?:[^)\\]|\\.)*)\)\s*Tj/g;
    for (const match of content.matchAll(ops)) {
      if (match[1] !== undefined) {
        const parts = [...match[1].matchAll(/<([0-9a-fA-F\s]*)>|\(((?:[^)\\]|\\.)*)\)/g)];
        lines.push(parts.map((p) => (p[1] !== undefined ? decodeHex(p[1]) : decodeLiteral(p[2] ?? ''))).join(''));
      } else if (match[2] !== undefined) {
        lines.push(decodeHex(match[2]));
      } else {
        lines.push(decodeLiteral(match[3] ?? ''));
      }
    }
  }
  return lines.join('\n');
}
