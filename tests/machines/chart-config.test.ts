/**
 * Every chart's configuration is data that names its implementations, so a designer's import into
 * Stately's editor shows named conditions and actions only: a function written into the config (an
 * inline `assign`, guard, delay, invoked actor, or parameters computed by a closure) fails here, and so
 * does an implementation in `setup()` that the config never names (dead code the editor would list).
 *
 * Invoke `input` mappers are the one exception: XState v5 has no named inputs in `setup()` and resolves
 * an invoke's input only from a function or a fixed value, so they stay functions of context and event.
 */
import { readFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { CHARTS } from '../../scripts/statecharts-mermaid';

type Config = Record<string, unknown>;

const isNamed = (value: unknown) =>
  typeof value === 'string' ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    typeof (value as { params?: unknown }).params !== 'function');

const listOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Where the config holds a function, and every implementation name it refers to. */
function walk(machine: AnyStateMachine) {
  const inline: string[] = [];
  const named = { actions: new Set<string>(), guards: new Set<string>(), actors: new Set<string>(), delays: new Set<string>() };
  const nameOf = (value: unknown) => (typeof value === 'string' ? value : (value as { type: string }).type);

  const actions = (where: string, value: unknown) => {
    for (const action of listOf(value)) {
      if (isNamed(action)) named.actions.add(nameOf(action));
      else inline.push(`${where}: an inline action`);
    }
  };
  const transitions = (where: string, value: unknown) => {
    for (const transition of listOf(value)) {
      if (typeof transition === 'string' || transition === undefined) continue;
      const { guard, actions: list } = transition as Config;
      if (guard !== undefined) {
        if (isNamed(guard)) named.guards.add(nameOf(guard));
        else inline.push(`${where}: an inline guard`);
      }
      actions(where, list);
    }
  };
  const node = (path: string, config: Config) => {
    actions(`${path} entry`, config.entry);
    actions(`${path} exit`, config.exit);
    for (const [event, value] of Object.entries((config.on ?? {}) as Config)) transitions(`${path} on ${event}`, value);
    transitions(`${path} always`, config.always);
    for (const [delay, value] of Object.entries((config.after ?? {}) as Config)) {
      if (/^\d+$/.test(delay)) inline.push(`${path} after ${delay}: a delay in milliseconds rather than a named delay`);
      else named.delays.add(delay);
      transitions(`${path} after ${delay}`, value);
    }
    for (const invoke of listOf(config.invoke) as Config[]) {
      if (typeof invoke.src === 'string') named.actors.add(invoke.src);
      else inline.push(`${path} invoke: an inline actor`);
      for (const outcome of ['onDone', 'onError', 'onSnapshot']) transitions(`${path} invoke ${outcome}`, invoke[outcome]);
    }
    for (const [key, child] of Object.entries((config.states ?? {}) as Record<string, Config>)) node(`${path}.${key}`, child);
  };
  node(`#${machine.id}`, machine.config as Config);
  return { inline, named };
}

/** What `setup()` implements (XState's own combinators such as `and()` count as named guards). */
function implemented(machine: AnyStateMachine) {
  const { actions = {}, guards = {}, actors = {}, delays = {} } = machine.implementations as unknown as Record<string, Config | undefined>;
  return { actions: Object.keys(actions), guards: Object.keys(guards), actors: Object.keys(actors), delays: Object.keys(delays) };
}

/** Guards named only inside a named combinator (`and(['a', 'b'])`) are used through it. */
function guardsInCombinators(machine: AnyStateMachine): string[] {
  const guards = (machine.implementations.guards ?? {}) as Record<string, { guards?: unknown[] }>;
  return Object.values(guards).flatMap((guard) => (Array.isArray(guard.guards) ? guard.guards.filter((g) => typeof g === 'string') : []));
}

describe('chart configurations name their implementations', () => {
  for (const chart of CHARTS) {
    it(`${chart.name}: setup().createMachine() with no function in the config`, () => {
      const source = readFileSync(new URL(`../../${chart.file}`, import.meta.url), 'utf8');
      expect(source).toMatch(/export const \w+ = setup\(\{[\s\S]*\}\)\.createMachine\(\{/);
      expect(walk(chart.machine).inline).toEqual([]);
    });

    it(`${chart.name}: every implementation in setup() is named by the config, and every name is implemented`, () => {
      const { named } = walk(chart.machine);
      const usedGuards = new Set([...named.guards, ...guardsInCombinators(chart.machine)]);
      const has = implemented(chart.machine);
      expect(has.actions.filter((name) => !named.actions.has(name)), 'unused actions').toEqual([]);
      expect(has.guards.filter((name) => !usedGuards.has(name)), 'unused guards').toEqual([]);
      expect(has.actors.filter((name) => !named.actors.has(name)), 'unused actors').toEqual([]);
      expect(has.delays.filter((name) => !named.delays.has(name)), 'unused delays').toEqual([]);
      const missing = [
        ...[...named.actions].filter((name) => !has.actions.includes(name)),
        ...[...named.guards].filter((name) => !has.guards.includes(name)),
        ...[...named.actors].filter((name) => !has.actors.includes(name)),
        ...[...named.delays].filter((name) => !has.delays.includes(name)),
      ];
      expect(missing, 'names the config uses that setup() does not implement').toEqual([]);
    });
  }
});
