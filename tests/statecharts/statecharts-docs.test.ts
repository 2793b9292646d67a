/**
 * docs/statecharts/ follows the charts: each Markdown page is what `npm run statecharts` writes today,
 * and each SVG was drawn from today's Mermaid text (the hash it records). What keeps a chart importable
 * into Stately's editor (implementations named, never inline) is tests/machines/chart-config.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHARTS, stampedHash, statechartDocuments } from '../../scripts/statecharts-mermaid';

const DIR = new URL('../../docs/statecharts/', import.meta.url);
const read = (file: string) => {
  const url = new URL(file, DIR);
  return existsSync(url) ? readFileSync(url, 'utf8') : '';
};
const STALE = 'docs/statecharts is out of date: run `npm run statecharts` and commit the result';

describe('docs/statecharts', () => {
  for (const { chart, markdown, hash } of statechartDocuments()) {
    it(`${chart.name}.md is the current chart`, () => {
      expect(read(`${chart.name}.md`), STALE).toBe(markdown);
    });
    it(`${chart.name}.svg was drawn from the current chart`, () => {
      expect(stampedHash(read(`${chart.name}.svg`)), STALE).toBe(hash);
    });
  }

  it('the README lists every chart', () => {
    const readme = read('README.md');
    for (const { name } of CHARTS) {
      expect(readme).toContain(`(${name}.md)`);
      expect(readme).toContain(`(${name}.svg)`);
    }
  });
});
