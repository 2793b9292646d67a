/**
 * The house's rules that a newcomer relies on to find their way (docs/ARCHITECTURE.md): the server and
 * the charts never reach into the browser app, no folder of the server grows past twenty files, no chart file past 500 lines,
 * migrations sit in the folder of their number, and what the code cites is in the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_PER_FOLDER } from '../../server/db/migrate';

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);

describe('the house', () => {
  it('server/, machines/ and common/ import nothing from src/', () => {
    const crossing = tracked
      .filter((file) => /^(server|machines|common)\/.*\.tsx?$/.test(file))
      .filter((file) => /from '(\.\.\/)+src\//.test(readFileSync(file, 'utf8')));
    expect(crossing).toEqual([]);
  });

  it('no folder of server/ holds more than 20 files', () => {
    const counts = new Map<string, number>();
    for (const file of tracked.filter((f) => f.startsWith('server/'))) counts.set(dirname(file), (counts.get(dirname(file)) ?? 0) + 1);
    expect([...counts].filter(([, count]) => count > 20)).toEqual([]);
  });

  it('no chart file is over 500 lines: a chart that grows gives its updates and guards to modules beside it', () => {
    const long = tracked
      .filter((file) => /^machines\/.*\.machine\.ts$/.test(file))
      .map((file) => [file, readFileSync(file, 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > 500);
    expect(long).toEqual([]);
  });

  it('each migration sits in the folder of twenty that its number falls in', () => {
    const misplaced = tracked
      .filter((file) => file.startsWith('server/db/migrations/'))
      .filter((file) => {
        const number = Number(basename(file).slice(0, 4));
        const first = Math.floor((number - 1) / MIGRATIONS_PER_FOLDER) * MIGRATIONS_PER_FOLDER + 1;
        const folder = `${String(first).padStart(4, '0')}-${String(first + MIGRATIONS_PER_FOLDER - 1).padStart(4, '0')}`;
        return basename(dirname(file)) !== folder;
      });
    expect(misplaced).toEqual([]);
  });

  it('keeps its documents: the architecture, the product, the threat model, the decisions', () => {
    for (const doc of ['docs/ARCHITECTURE.md', 'docs/PRODUCT.md', 'docs/SECURITY.md', 'docs/decisions/README.md']) expect(existsSync(doc), doc).toBe(true);
  });

  it('cites no document outside the repository', () => {
    // Spelt in pieces so this file does not cite them itself.
    const outside = new RegExp([...['SPEC', 'DESIGN'].flatMap((name) => [`${name} §`, `${name}\\.md`]), '\\.\\./shared/'].join('|'));
    const citing = tracked
      .filter((file) => !file.startsWith('locales/') && !/\.(png|svg|pdf|webp|avif|ico|woff2?)$/.test(file))
      .filter((file) => existsSync(file) && outside.test(readFileSync(file, 'utf8')));
    expect(citing).toEqual([]);
  });
});
