/**
 * Reads the msgid → msgstr pairs of a gettext PO file as `lingui extract` writes them (the server's
 * catalogs use the English text as the id). Obsolete (`#~`) entries and the header are skipped.
 */
export function readPoMessages(text: string): Map<string, string> {
  const messages = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | 'other' | null = null;
  let msgid = '';
  let msgstr = '';
  const flush = () => {
    if (msgid) messages.set(msgid, msgstr);
    msgid = msgstr = '';
    field = null;
  };
  for (const line of text.split(/\r?\n/)) {
    const keyword = /^(msgid|msgstr|msgctxt|msgid_plural|msgstr\[\d+\])\s+(".*")$/.exec(line);
    if (keyword) {
      if (keyword[1] === 'msgid') flush();
      field = keyword[1] === 'msgid' ? 'msgid' : keyword[1] === 'msgstr' ? 'msgstr' : 'other';
      append(field, keyword[2]!);
    } else if (line.startsWith('"') && field) {
      append(field, line);
    } else if (!line.trim()) {
      flush();
    }
  }
  flush();
  return messages;

  function append(to: 'msgid' | 'msgstr' | 'other', quoted: string) {
    const value = unquote(quoted);
    if (to === 'msgid') msgid += value;
    else if (to === 'msgstr') msgstr += value;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' };

function unquote(quoted: string): string {
  return quoted.slice(1, -1).replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);
}
