/**
 * What the development statechart page draws, read from a machine's state nodes: the hierarchy, which
 * nodes a snapshot's value makes active, and the transitions the active nodes offer. Pure, so it is
 * tested without a browser.
 */
import type { AnyStateMachine, StateValue } from 'xstate';

type StateNode = AnyStateMachine['root'];

/** One transition as the page lists it. */
export interface OfferedTransition {
  /** The state node that declares it (its dotted path, '' for the machine itself). */
  from: string;
  event: string;
  guard: string;
  /** Dotted paths of the targets; empty when the transition stays in place. */
  targets: string[];
}

/** A state node's dotted path ('' for the root). */
export const pathOf = (node: StateNode) => node.path.join('.');

/** The child nodes in definition order. */
export const childrenOf = (node: StateNode) => Object.values(node.states) as StateNode[];

/** Dotted paths of every active node for a snapshot value: `{ holding: { step: 'created' } }` -> holding, holding.step... */
export function activePaths(value: StateValue | undefined, prefix = ''): Set<string> {
  const active = new Set<string>();
  if (value === undefined) return active;
  if (typeof value === 'string') {
    active.add(prefix ? `${prefix}.${value}` : value);
    return active;
  }
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    active.add(path);
    if (child !== undefined) activePaths(child as StateValue, path).forEach((p) => active.add(p));
  }
  return active;
}

/** A delay by name, or in readable units when it is a number of milliseconds. */
export function delayName(delay: unknown): string {
  if (typeof delay === 'number') return delay % 60_000 === 0 ? `${delay / 60_000} min` : `${delay} ms`;
  return String(delay);
}

/** The event as a person reads it: a call's outcome, a timer, or the event's own name. */
export function eventName(eventType: string, delay?: unknown): string {
  if (eventType === '') return 'always';
  let match = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (match) return `${match[1]} done`;
  match = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (match) return `${match[1]} error`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  if (eventType.startsWith('xstate.after.')) return `after ${delayName(delay)}`;
  return eventType;
}

/** A guard by name, with plain parameters; `and`/`or`/`not` spelled out. */
export function guardName(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combined = guard as { check?: { name?: string }; guards?: unknown[] };
    if (Array.isArray(combined.guards)) {
      const op = combined.check?.name?.replace(/^(?:evaluate|check)/, '').toLowerCase() || 'and';
      const parts = combined.guards.map(guardName);
      return op === 'not' ? `not ${parts[0]}` : parts.join(` ${op} `);
    }
    return 'condition';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: Record<string, unknown> };
    const values = params && typeof params === 'object' ? Object.values(params).filter((v) => typeof v !== 'object') : [];
    return values.length > 0 ? `${type}(${values.join(', ')})` : type;
  }
  return 'condition';
}

interface TransitionLike {
  eventType: string;
  guard?: unknown;
  target?: readonly StateNode[];
  delay?: unknown;
}

/** Every transition a node declares, `always` included. */
function transitionsOf(node: StateNode): TransitionLike[] {
  const list = [...node.transitions.values()].flat() as unknown as TransitionLike[];
  return [...list, ...((node.always ?? []) as unknown as TransitionLike[])];
}

/** The transitions the active nodes (and the machine itself) offer, deepest first as XState tries them. */
export function offeredTransitions(machine: AnyStateMachine, active: Set<string>): OfferedTransition[] {
  const nodes: StateNode[] = [];
  const visit = (node: StateNode) => {
    if (node.path.length === 0 || active.has(pathOf(node))) {
      nodes.push(node);
      childrenOf(node).forEach(visit);
    }
  };
  visit(machine.root as StateNode);
  nodes.sort((a, b) => b.path.length - a.path.length);
  return nodes.flatMap((node) =>
    transitionsOf(node).map((t) => ({
      from: pathOf(node),
      event: eventName(t.eventType, t.delay),
      guard: guardName(t.guard),
      targets: (t.target ?? []).map((target) => pathOf(target)),
    })),
  );
}
