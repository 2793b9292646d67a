/**
 * CSV as RFC 4180 writes it: CRLF between records, a field quoted when it holds a comma, a quote or a
 * line break (its quotes doubled), and a UTF-8 byte-order mark first so spreadsheet programs read
 * Chinese, Japanese, Korean and Thai text as UTF-8 rather than the system's code page. Every CSV the app
 * writes goes through `toCsv`, so no cell a guest typed can run as a spreadsheet formula (`spreadsheetSafe`).
 */

const BYTE_ORDER_MARK = '\uFEFF';

// What spreadsheet programs read as the start of a formula (or of a DDE call): =, +, -, @, a tab, a CR.
const FORMULA_START = /^[=+\-@\t\r]/;
// A plain number ('-12.50', '+852'): a spreadsheet reads it as a value, never runs it, so it stays a number.
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * A cell a spreadsheet shows as text rather than runs: one that starts like a formula gets a leading
 * apostrophe (OWASP's CSV-injection advice; spreadsheets hide it and keep the text), except a plain number.
 */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One field: made spreadsheet-safe, then quoted when it must be. */
export function csvField(value: string): string {
  const safe = spreadsheetSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
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
