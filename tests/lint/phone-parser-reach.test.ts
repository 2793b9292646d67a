/**
 * The phone number parser (libphonenumber-js, about 30 KB gzipped) is loaded only by the pages that parse
 * a number: the account pages, the log-in page first, reach none of the modules that import it. Walked
 * through the source's imports as the bundler follows them, the route table's lazy pages left out (each
 * page is its own chunk); `npm run size` shows what each page loads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importChain, importedBy } from '../support/fixtures/import-graph';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROUTE_TABLE = join(ROOT, 'src/navigation/routes.ts');
const PAGES_WITHOUT_A_NUMBER = ['login', 'sign-up', 'forgot-password', 'reset-password', 'change-password'];

const importsParser = (file: string) => /from\s+'libphonenumber-js[^']*'|import\(\s*'libphonenumber-js/.test(readFileSync(file, 'utf8'));

describe('the phone number parser', () => {
  it.each(PAGES_WITHOUT_A_NUMBER)('is not loaded by the %s page', (page) => {
    const reached = importedBy([join(ROOT, `src/routes/${page}.tsx`)], (from) => from !== ROUTE_TABLE);
    const loaders = [...reached.keys()].filter(importsParser).map((file) => importChain(reached, file).map((f) => f.slice(ROOT.length)).join(' → '));
    expect(loaders).toEqual([]);
  });

  it('is still loaded where a number is parsed: the details step of a booking', () => {
    const reached = importedBy([join(ROOT, 'src/routes/profile.tsx')], (from) => from !== ROUTE_TABLE);
    expect([...reached.keys()].some(importsParser)).toBe(true);
  });
});
