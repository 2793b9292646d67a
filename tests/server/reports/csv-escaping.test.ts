/**
 * Every CSV the app writes (the staff report, a guest's data export) goes through server/lib/csv.ts:
 * a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR at its start) is written as text.
 */
import { describe, expect, it } from 'vitest';
import { csvField, spreadsheetSafe, toCsv } from '../../../server/lib/csv';

describe('CSV cells a spreadsheet would run', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+cmd|/C calc!A0', `'+cmd|/C calc!A0`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
  ])('writes %j as text', (given, written) => {
    expect(spreadsheetSafe(given)).toBe(written);
  });

  it.each(['Grace Chan', '12.50', '-12.50', '+852', '0', '', 'a=b', 'chan@example.com'])('leaves %j as it is', (given) => {
    expect(spreadsheetSafe(given)).toBe(given);
  });

  it('escapes before quoting, so a quoted formula is still text', () => {
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    expect(csvField('\r\n=1')).toBe(`"'\r\n=1"`);
  });

  it('escapes every cell of the file, header included', () => {
    const text = toCsv(['=title'], [['@x'], ['-1'], ['ok']]);
    expect(text).toBe("\uFEFF'=title\r\n'@x\r\n-1\r\nok\r\n");
  });
});
