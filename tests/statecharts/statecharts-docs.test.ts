/**
 * docs/statecharts/ follows the charts: each Markdown page is what `npm run statecharts` writes today,
 * and each SVG was drawn from today's Mermaid text (the hash it records). Also checks what keeps a
 * chart importable into the Stately visualizer: `setup(...).createMachine(...)` and every guard,
 * invoked actor, delay and custom action referred to by name.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
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

type Node = AnyStateMachine['root'];
interface Transition {
  eventType: string;
  guard?: unknown;
  actions: unknown[];
  delay?: unknown;
}

/** Why a guard is not one the visualizer can name, or null when it is. */
function unnamedGuard(guard: unknown): string | null {
  if (guard === undefined || typeof guard === 'string') return null;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return null;
  if (typeof guard === 'function') {
    const combined = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(combined)) return combined.map(unnamedGuard).find((reason) => reason !== null) ?? null;
  }
  return 'an inline guard function';
}

/** Why an action is an unnamed implementation, or null when it is named or one of XState's own. */
function unnamedAction(action: unknown): string | null {
  if (typeof action === 'string') return null;
  if (typeof action === 'object' && action !== null && 'type' in action) return null;
  const type = (action as { type?: unknown }).type;
  return typeof type === 'string' && type.startsWith('xstate.') ? null : 'an inline action function';
}

function problems(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    const transitions = [...node.transitions.values()].flat() as unknown as Transition[];
    for (const t of [...transitions, ...((node.always ?? []) as unknown as Transition[])]) {
      const where = `#${node.id} on ${t.eventType || 'always'}`;
      const guard = unnamedGuard(t.guard);
      if (guard) found.push(`${where}: ${guard}`);
      for (const action of t.actions) {
        const reason = unnamedAction(action);
        if (reason) found.push(`${where}: ${reason}`);
      }
      if (typeof t.delay === 'function') found.push(`${where}: an inline delay`);
    }
    for (const action of [...node.entry, ...node.exit]) {
      const reason = unnamedAction(action);
      if (reason) found.push(`#${node.id} entry/exit: ${reason}`);
    }
    for (const invoke of node.invoke) {
      if (String(invoke.src).startsWith('xstate.invoke.')) found.push(`#${node.id}: an inline invoked actor`);
    }
    Object.values(node.states).forEach((child) => visit(child as Node));
  };
  visit(machine.root);
  return found;
}

describe('charts importable into the Stately visualizer', () => {
  for (const chart of CHARTS) {
    it(`${chart.name}: setup().createMachine() with named implementations`, () => {
      const source = readFileSync(new URL(`../../${chart.file}`, import.meta.url), 'utf8');
      expect(source).toMatch(/export const \w+ = setup\(\{[\s\S]*\}\)\.createMachine\(\{/);
      expect(problems(chart.machine)).toEqual([]);
    });
  }
});
