/**
 * `npm start` builds only when the sources changed since the last build (scripts/build-if-changed.ts):
 * every file a build may read counts, a new top-level folder of sources too; tests, docs, outputs and
 * data do not; a failed build leaves no stamp, so the next start builds again.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIfChanged, buildInputs, stampFile } from '../../scripts/build-if-changed';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function write(root: string, file: string, text = file) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** A project with sources, tests, docs, data and installed packages, as a checkout has them. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
  made.push(root);
  for (const file of [
    'index.html', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'lingui.config.ts',
    'src/main.tsx', 'common/time.ts', 'machines/booking/booking.machine.ts', 'server/main.ts', 'locales/ja.po', 'scripts/build-server.ts',
    'tests/ui/a.test.tsx', 'e2e/smoke.spec.ts', 'docs/statecharts/booking.md', 'README.md', '.ci/run',
    'node_modules/react/index.js', 'src/node_modules/x.js', 'dist/web/assets/app.js', '.data/db', '.data.test-1/db', 'test-results/run-1/trace.zip',
  ]) write(root, file);
  return root;
}

/** A build that writes the outputs `npm start` needs, counting its runs. */
function fakeBuild(root: string, succeed = true) {
  const runs = { count: 0 };
  const build = () => {
    runs.count++;
    if (!succeed) return false;
    write(root, 'dist/web/index.html');
    write(root, 'dist/server/main.js');
    return true;
  };
  return { runs, build };
}

describe('building only when the sources changed', () => {
  it('reads every file a build may read, and none of the tests, docs, outputs, data or packages', () => {
    expect(buildInputs(project())).toEqual([
      'common/time.ts', 'index.html', 'lingui.config.ts', 'locales/ja.po', 'machines/booking/booking.machine.ts', 'package-lock.json',
      'package.json', 'scripts/build-server.ts', 'server/main.ts', 'src/main.tsx', 'tsconfig.json', 'vite.config.ts',
    ]);
  });

  it('builds the first time, not again for the same sources, and again after any of them changed', () => {
    const root = project();
    const { runs, build } = fakeBuild(root);
    expect(buildIfChanged(root, build)).toBe('built');
    expect(buildIfChanged(root, build)).toBe('up-to-date');
    // Tests, docs and data change all the time without a build.
    write(root, 'tests/ui/a.test.tsx', 'changed');
    write(root, 'docs/statecharts/booking.md', 'changed');
    write(root, '.data/db', 'changed');
    expect(buildIfChanged(root, build)).toBe('up-to-date');
    expect(runs.count).toBe(1);

    for (const change of ['common/time.ts', 'locales/ja.po', 'package-lock.json', 'index.html', 'vite.config.ts', 'server/main.ts']) {
      write(root, change, 'changed');
      expect(buildIfChanged(root, build), change).toBe('built');
      expect(buildIfChanged(root, build), change).toBe('up-to-date');
    }
    // A new top-level folder (shared code moved out of src), and a file added to it.
    write(root, 'shared/time.ts');
    expect(buildIfChanged(root, build)).toBe('built');
    write(root, 'shared/money.ts');
    expect(buildIfChanged(root, build)).toBe('built');
    // A file removed, or renamed with the same contents.
    rmSync(join(root, 'shared/money.ts'));
    expect(buildIfChanged(root, build)).toBe('built');
    rmSync(join(root, 'shared/time.ts'));
    write(root, 'shared/times.ts', 'shared/time.ts');
    expect(buildIfChanged(root, build)).toBe('built');
    expect(runs.count).toBe(11);
  });

  it('builds again when an output is missing, or when the last build failed', () => {
    const root = project();
    const { build } = fakeBuild(root);
    expect(buildIfChanged(root, build)).toBe('built');
    rmSync(join(root, 'dist/server'), { recursive: true });
    expect(buildIfChanged(root, build)).toBe('built');

    write(root, 'src/main.tsx', 'broken');
    const failing = fakeBuild(root, false);
    expect(buildIfChanged(root, failing.build)).toBe('failed');
    expect(() => rmSync(stampFile(root))).toThrow();
    // The outputs of the build before are still there, but they are not of these sources.
    expect(buildIfChanged(root, failing.build)).toBe('failed');
    expect(failing.runs.count).toBe(2);
    expect(buildIfChanged(root, build)).toBe('built');
  });
});
