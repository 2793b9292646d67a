import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the API contract', () => {
  it('common/api/schema.d.ts is what `npm run gen:api` makes of openapi.yaml', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'schema-')), 'schema.d.ts');
    execFileSync(process.execPath, ['node_modules/openapi-typescript/bin/cli.js', 'openapi.yaml', '-o', out], {
      stdio: 'pipe',
    });
    expect(readFileSync('common/api/schema.d.ts', 'utf8'), 'run `npm run gen:api` and commit the result').toBe(
      readFileSync(out, 'utf8'),
    );
  });
});
