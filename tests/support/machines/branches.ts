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

/** An actor scope that reports each microstep's transitions (xstate's inspection) to `record`. */
function recordingScope(machine: AnyStateMachine, record: (transitions: Transition[]) => void) {
  const self = createActor(machine, {
    inspect: (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep') record((event as unknown as { _transitions: Transition[] })._transitions ?? []);
    },
  });
  return { self, defer: () => {}, id: '', logger: () => {}, sessionId: '', stopChild: () => {}, system: self.system, emit: () => {}, actionExecutor: () => {} };
}

/** Runs `machine.transition` with a scope that reports each microstep's transitions. */
function recordingStep(machine: AnyStateMachine) {
  let taken: Transition[] = [];
  const scope = recordingScope(machine, (transitions) => taken.push(...transitions));
  return (snapshot: AnyMachineSnapshot, event: EventObject) => {
    taken = [];
    (scope.self as unknown as { _snapshot: AnyMachineSnapshot })._snapshot = snapshot;
    const next = machine.transition(snapshot, event, scope as never) as AnyMachineSnapshot;
    return { next, taken };
  };
}

/** The eventless branches the chart takes on starting with `input` (a path's first snapshot is already past them). */
export function initialBranches(machine: AnyStateMachine, input: unknown): Set<Branch> {
  const taken = new Set<Branch>();
  const scope = recordingScope(machine, (transitions) => transitions.forEach((t) => taken.add(branchOf(t))));
  machine.getInitialSnapshot(scope as never, input);
  return taken;
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
 * A few candidates that together take every branch the candidates take: greedily the one adding the most
 * branches, shorter first on ties.
 */
export function coveringSet<Candidate>(
  candidates: Candidate[],
  branchesOf: (candidate: Candidate) => Set<Branch>,
  lengthOf: (candidate: Candidate) => number,
  /** Branches other candidates already take: only candidates adding to them are picked. */
  alreadyTaken: Iterable<Branch> = [],
): { chosen: Candidate[]; covered: Set<Branch> } {
  const remaining = candidates.map((candidate) => ({ candidate, branches: branchesOf(candidate) }));
  const covered = new Set<Branch>(alreadyTaken);
  const chosen: Candidate[] = [];
  for (;;) {
    let best: (typeof remaining)[number] | undefined;
    let bestGain = 0;
    for (const entry of remaining) {
      const gain = [...entry.branches].filter((b) => !covered.has(b)).length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && lengthOf(entry.candidate) < lengthOf(best!.candidate))) {
        best = entry;
        bestGain = gain;
      }
    }
    if (!best) return { chosen, covered };
    chosen.push(best.candidate);
    best.branches.forEach((b) => covered.add(b));
  }
}

/** A few paths that together take every branch the candidates take (see coveringSet). */
export function coveringPaths(
  machine: AnyStateMachine,
  candidates: Path[],
  alreadyTaken: Iterable<Branch> = [],
): { paths: Path[]; covered: Set<Branch> } {
  const { chosen, covered } = coveringSet(candidates, (path) => branchesTaken(machine, path), (path) => path.steps.length, alreadyTaken);
  return { paths: chosen, covered };
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
