/**
 * A chart opens on its own: its relative imports (types included) never lead back to itself, and the
 * payment chart, which the booking chart invokes and the wallet page starts, reaches no other chart and
 * nothing of the app's screens.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHARTS } from '../../scripts/statecharts-mermaid';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs = [...source.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)].map((match) => match[1]!);
  return specs
    .map((spec) => normalize(join(dirname(file), spec)))
    .map((base) => ['.ts', '.tsx', '.d.ts'].map((ext) => base + ext).find(existsSync))
    .filter((found): found is string => found !== undefined);
}

/** Every module a file reaches through relative imports, itself excluded unless a cycle leads back. */
function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = importsOf(start);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

describe('chart imports', () => {
  for (const chart of CHARTS) {
    it(`${chart.name}: no import cycle through its modules`, () => {
      const file = join(ROOT, chart.file);
      const cycles = [...new Set([file, ...reachable(file)])].filter((module) => reachable(module).has(module)).map((m) => relative(ROOT, m));
      expect(cycles).toEqual([]);
    });
  }

  it('the payment chart reaches no other chart and none of the app but its API types, error catalogue and error class', () => {
    const reached = [...reachable(join(ROOT, 'machines/payment.machine.ts'))].map((m) => relative(ROOT, m)).sort();
    expect(reached).toEqual([
      'machines/actor-event.ts',
      'machines/call-error.ts',
      'src/api/api-error.ts',
      'src/api/schema.d.ts',
      'src/domain/error-codes.ts',
    ]);
  });
});
