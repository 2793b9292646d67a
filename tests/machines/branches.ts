/**
 * Coverage per guarded branch: every (state, event, guard outcome → target) of a chart, which of them a
 * generated path takes, and a covering set of paths picked from candidates so that a 2-core CI runs few.
 */
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InspectionEvent } from 'xstate';
import type { StatePath } from 'xstate/graph';

type Path = StatePath<AnyMachineSnapshot, EventObject>;
type StateNode = AnyStateMachine['root'];
type Transition = NonNullable<StateNode['always']>[number];

/** `${state} · ${event} [guard] → target`; the event of an eventless (`always`) transition is shown as `always`. */
export type Branch = string;

const eventName = (eventType: string) => (eventType === '' ? 'always' : eventType);

/** A guard as the chart names it: `isChangeable`, `visits(/pages/book)`, `and(wantsCancel, isCancellable)`. */
function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[]; guard?: unknown }).guards ?? [(guard as { guard?: unknown }).guard];
    return `${(guard as { check?: { name?: string } }).check?.name || guard.name}(${inner.map(guardName).join(', ')})`;
  }
  const named = guard as { type: string; params?: unknown };
  return named.params === undefined ? named.type : `${named.type}(${Object.values(named.params as object).join(', ')})`;
}

function branchOf(transition: Transition): Branch {
  const targets = transition.target?.map((node) => node.id).join(', ') ?? '(stays)';
  const guard = transition.guard === undefined ? '' : ` [${guardName(transition.guard)}]`;
  return `${transition.source.id} · ${eventName(transition.eventType)}${guard} → ${targets}`;
}

/** The branch taken when an event reaches `node` and none of its guards passes. */
const noGuardPasses = (node: StateNode, eventType: string): Branch => `${node.id} · ${eventName(eventType)} [no guard passes] → (ignored here)`;

function groupsOf(node: StateNode): [eventType: string, transitions: Transition[]][] {
  return [...node.transitions.entries(), ...(node.always?.length ? ([['', node.always]] as [string, Transition[]][]) : [])];
}

/** Every branch of the chart: each transition of each state, and "no guard passes" where all of an event's are guarded. */
export function listBranches(machine: AnyStateMachine): Branch[] {
  const branches: Branch[] = [];
  const visit = (node: StateNode) => {
    for (const [eventType, transitions] of groupsOf(node)) {
      branches.push(...transitions.map(branchOf));
      if (transitions.every((t) => t.guard !== undefined)) branches.push(noGuardPasses(node, eventType));
    }
    Object.values(node.states).forEach((child) => visit(child as StateNode));
  };
  visit(machine.root);
  return branches;
}

/** Runs `machine.transition` with a scope that reports each microstep's transitions (xstate's inspection). */
function recordingStep(machine: AnyStateMachine) {
  let taken: Transition[] = [];
  const self = createActor(machine, {
    inspect: (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep') taken.push(...((event as unknown as { _transitions: Transition[] })._transitions ?? []));
    },
  });
  const scope = { self, defer: () => {}, id: '', logger: () => {}, sessionId: '', stopChild: () => {}, system: self.system, emit: () => {}, actionExecutor: () => {} };
  return (snapshot: AnyMachineSnapshot, event: EventObject) => {
    taken = [];
    (self as unknown as { _snapshot: AnyMachineSnapshot })._snapshot = snapshot;
    const next = machine.transition(snapshot, event, scope as never) as AnyMachineSnapshot;
    return { next, taken };
  };
}

const nodesOf = (snapshot: AnyMachineSnapshot) => (snapshot as unknown as { _nodes: StateNode[] })._nodes;
const isWithin = (node: StateNode, ancestor: StateNode) => node.id === ancestor.id || node.id.startsWith(`${ancestor.id}.`);

/** The branches a path takes, step by step (its recorded snapshots are not trusted: each step is recomputed). */
export function branchesTaken(machine: AnyStateMachine, path: Path): Set<Branch> {
  const step = recordingStep(machine);
  const taken = new Set<Branch>();
  let snapshot = path.steps[0]!.state;
  for (const { event } of path.steps.slice(1)) {
    const result = step(snapshot, event);
    result.taken.forEach((t) => taken.add(branchOf(t)));
    // An event handled by no transition at (or under) a state whose transitions for it are all guarded.
    for (const node of nodesOf(snapshot)) {
      const candidates = node.transitions.get(event.type);
      if (!candidates?.length || candidates.some((t) => t.guard === undefined)) continue;
      if (!result.taken.some((t) => t.eventType === event.type && isWithin(t.source, node))) taken.add(noGuardPasses(node, event.type));
    }
    snapshot = result.next;
  }
  return taken;
}

/**
 * A few paths that together take every branch the candidates take: greedily the one adding the most
 * branches, shorter first on ties.
 */
export function coveringPaths(
  machine: AnyStateMachine,
  candidates: Path[],
  /** Branches other paths already take: only paths adding to them are picked. */
  alreadyTaken: Iterable<Branch> = [],
): { paths: Path[]; covered: Set<Branch> } {
  const remaining = candidates.map((path) => ({ path, branches: branchesTaken(machine, path) }));
  const covered = new Set<Branch>(alreadyTaken);
  const paths: Path[] = [];
  for (;;) {
    let best: (typeof remaining)[number] | undefined;
    let bestGain = 0;
    for (const candidate of remaining) {
      const gain = [...candidate.branches].filter((b) => !covered.has(b)).length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && candidate.path.steps.length < best!.path.steps.length)) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) return { paths, covered };
    paths.push(best.path);
    best.branches.forEach((b) => covered.add(b));
  }
}

/**
 * What a coverage test asserts: the branches no path takes and not listed as unreachable (with why), and
 * listed ones that a path takes after all or that the chart no longer has.
 */
export function branchGaps(machine: AnyStateMachine, covered: Set<Branch>, unreachable: Record<Branch, string>) {
  const all = listBranches(machine);
  return {
    missed: all.filter((b) => !covered.has(b) && !(b in unreachable)),
    listedButTaken: Object.keys(unreachable).filter((b) => covered.has(b)),
    listedButUnknown: Object.keys(unreachable).filter((b) => !all.includes(b)),
  };
}
