/**
 * A chart opens on its own: its relative imports (types included) never lead back to itself, and the
 * payment chart, which the booking chart invokes and the wallet page starts, reaches no other chart and
 * nothing of the app's screens.
 */
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHARTS } from '../../scripts/statecharts-mermaid';
import { importedBy, importsOf } from '../support/fixtures/import-graph';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every module a file reaches through relative imports, itself excluded unless a cycle leads back. */
const reachable = (start: string): Set<string> => new Set(importedBy(importsOf(start)).keys());

describe('chart imports', () => {
  for (const chart of CHARTS) {
    it(`${chart.name}: no import cycle through its modules`, () => {
      const file = join(ROOT, chart.file);
      const cycles = [...new Set([file, ...reachable(file)])].filter((module) => reachable(module).has(module)).map((m) => relative(ROOT, m));
      expect(cycles).toEqual([]);
    });
  }

  it('the payment chart reaches no other chart and nothing but the API types, error catalogue and error class of common/', () => {
    const reached = [...reachable(join(ROOT, 'machines/payment.machine.ts'))].map((m) => relative(ROOT, m)).sort();
    expect(reached).toEqual([
      'common/api/api-error.ts',
      'common/api/error-codes.ts',
      'common/api/schema.d.ts',
      'common/api/schemas.ts',
      'machines/actor-event.ts',
      'machines/call-error.ts',
    ]);
  });
});
