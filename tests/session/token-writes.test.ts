/**
 * The session chart is the only writer of the stored tokens: a store's writer is imported only where a
 * session chart is wired to it (the guest's src/session/session-actor.ts, the console's
 * src/staff/staff-session.ts), it is written only by the chart's actions (src/session/session-wiring.ts),
 * and no other app file writes a token store.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = [...sourceFiles('src'), ...sourceFiles('machines')].map((path) => ({
  path: relative(ROOT, join(ROOT, path)),
  text: readFileSync(join(ROOT, path), 'utf8'),
}));

/** Where a session chart is wired to its store: the app's, and the staff console's own session. */
const WIRINGS = ['src/session/session-actor.ts', 'src/staff/staff-session.ts'];
/** The chart's actions, which write the store they are given. */
const ACTIONS = 'src/session/session-wiring.ts';
/** Where a token store is made (each exports a read-only view and a writer for its chart alone). */
const STORES = ['src/api/session-store.ts', 'src/staff/staff-api.ts'];

describe('who writes the tokens', () => {
  it('imports a token writer only where a session chart is wired to its store', () => {
    const importers = files.filter((f) => /import\s*\{[^}]*\b(\w+T|t)okenWriter\b[^}]*\}\s*from/.test(f.text)).map((f) => f.path);
    expect(importers.filter((path) => !WIRINGS.includes(path))).toEqual([]);
    expect(importers).toEqual(expect.arrayContaining(WIRINGS));
  });

  it('writes a token store nowhere else (no save, saveUser or clear on a store; no other store)', () => {
    const writes = files
      .filter((f) => f.path !== ACTIONS && f.path !== 'src/api/token-store.ts')
      .filter((f) =>
        /\b(\w*[tT]okens|(\w+T|t)okenWriter|writer)\.(save|saveUser|clear)\(|\.setItem\((ACCESS_TOKEN_KEY|REFRESH_TOKEN_KEY|USER_INFO_KEY|'access_token'|'refresh_token')/.test(f.text),
      )
      .map((f) => f.path);
    expect(writes).toEqual([]);
    const stores = files.filter((f) => /new TokenStore\(/.test(f.text)).map((f) => f.path);
    expect(stores.filter((path) => !STORES.includes(path))).toEqual([]);
  });
});
