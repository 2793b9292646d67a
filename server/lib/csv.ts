/**
 * CSV as RFC 4180 writes it: CRLF between records, a field quoted when it holds a comma, a quote or a
 * line break (its quotes doubled), and a UTF-8 byte-order mark first so spreadsheet programs read
 * Chinese, Japanese, Korean and Thai text as UTF-8 rather than the system's code page.
 */

const BYTE_ORDER_MARK = '\uFEFF';

/** One field, quoted when it must be. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The whole file: the header row, then each record. */
export function toCsv(header: readonly string[], records: readonly (readonly string[])[]): string {
  const lines = [header, ...records].map((fields) => fields.map(csvField).join(','));
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** HK cents as decimal HKD with two places ('1234.50'), as spreadsheets read numbers. */
export function decimalHkd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
