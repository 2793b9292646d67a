/**
 * The tests are shaped like the code (docs/ARCHITECTURE.md §4): a folder of tests small enough to read
 * through, and a helper that two test files share kept in tests/support/, where the next file looks for it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_FILES_PER_FOLDER = 40;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const files = filesUnder('tests');
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The test helpers (tests/ files that are not tests, outside tests/support/) each test file imports. */
function helpersImported(testFile: string): string[] {
  const specifiers = [...readFileSync(testFile, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*)'(\.\.?\/[^']+)'/g)].map((match) => match[1]!);
  return specifiers
    .map((specifier) => normalize(join(dirname(testFile), specifier)))
    .filter((path) => path.startsWith('tests/') && !path.startsWith('tests/support/') && !path.startsWith('tests/setup/'))
    .flatMap((path) => ['', '.ts', '.tsx'].map((ext) => path + ext).filter((candidate) => files.includes(candidate) && !isTest(candidate)));
}

describe('the test folders', () => {
  it(`hold at most ${MAX_FILES_PER_FOLDER} files each`, () => {
    const counts = new Map<string, number>();
    for (const file of files) counts.set(dirname(file), (counts.get(dirname(file)) ?? 0) + 1);
    expect([...counts].filter(([, count]) => count > MAX_FILES_PER_FOLDER)).toEqual([]);
  });

  it('keep every helper two test files share in tests/support/', () => {
    const importers = new Map<string, Set<string>>();
    for (const testFile of files.filter(isTest)) {
      for (const helper of helpersImported(testFile)) importers.set(helper, (importers.get(helper) ?? new Set()).add(testFile));
    }
    expect([...importers].filter(([, users]) => users.size > 1).map(([helper]) => helper)).toEqual([]);
  });
});
