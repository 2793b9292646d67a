/**
 * Reads a CSV the app wrote (server/lib/csv.ts) back into its records, for tests, strictly as RFC 4180
 * says: quoted fields may hold doubled quotes, commas and line breaks; every record ends with CRLF. A bare
 * LF outside quotes, or a last record without its CRLF, throws: the file is not what spreadsheets expect.
 * Give it the text after the byte-order mark.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') record.push(field), (field = '');
    else if (ch === '\r' && text[i + 1] === '\n') record.push(field), records.push(record), (record = []), (field = ''), i++;
    else if (ch === '\n') throw new Error('a bare LF ends no RFC 4180 record');
    else field += ch;
  }
  if (field || record.length) throw new Error('the last record has no CRLF');
  return records;
}
