/**
 * Path generation for model-based tests: a shortest path to every state, extended by every event the
 * state accepts, so that together the paths take every transition of the chart.
 */
import { getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths, type StatePath } from 'xstate/graph';

type Path = StatePath<AnyMachineSnapshot, EventObject>;

export function transitionCoverPaths(
  machine: AnyStateMachine,
  options: {
    input?: unknown;
    events: EventObject[];
    /** What makes two snapshots different for the traversal; by default value and context. */
    serializeState?: (snapshot: AnyMachineSnapshot) => string;
  },
): Path[] {
  const statePaths = getShortestPaths(machine, {
    input: options.input,
    // An actor's answer sent while it does not run is an error no path can meet: it would mark the snapshot failed.
    events: (snapshot) => options.events.filter((event) => actorEventApplies(snapshot, event)),
    ...(options.serializeState ? { serializeState: options.serializeState } : {}),
  }) as Path[];
  const seen = new Set<string>();
  const paths: Path[] = [];
  for (const path of statePaths) {
    // A chart that reached its final state is done: it takes no more events, not even its root's.
    if (reachedFinal(machine, path.state)) continue;
    for (const event of options.events) {
      if (!path.state.can(event) && !declares(path.state, event)) continue;
      if (!actorEventApplies(path.state, event)) continue;
      const key = `${options.serializeState?.(path.state) ?? JSON.stringify(path.state.value)}|${JSON.stringify(event)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const next = getNextSnapshot(machine, path.state, event) as AnyMachineSnapshot;
      paths.push({ state: next, steps: [...path.steps, { event, state: next }], weight: path.weight + 1 });
    }
  }
  return paths;
}

/** Whether the chart is in one of its top-level final states (the traversal's snapshots keep status 'active'). */
function reachedFinal(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): boolean {
  return typeof snapshot.value === 'string' && machine.root.states[snapshot.value]?.type === 'final';
}

/** A done or error event of an invoked actor makes sense only while that actor runs. */
function actorEventApplies(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const match = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
  return !match || match[1]! in snapshot.children;
}

/** Whether an active state lists the event, even as a transition that changes nothing. */
function declares(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  return (snapshot as unknown as { _nodes: AnyStateMachine['root'][] })._nodes.some((n) => n.transitions.has(event.type));
}

/** `stateId:eventType` for every transition declared in the chart (`always` excluded). */
export function declaredTransitions(machine: AnyStateMachine): Set<string> {
  const edges = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const eventType of node.transitions.keys()) edges.add(`${node.id}:${eventType}`);
    Object.values(node.states).forEach((child) => visit(child as AnyStateMachine['root']));
  };
  visit(machine.root);
  return edges;
}

/** The declared transitions the paths take. */
export function takenTransitions(paths: Path[]): Set<string> {
  const taken = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      const before = i === 0 ? undefined : path.steps[i - 1]!.state;
      if (!before) return;
      for (const node of (before as unknown as { _nodes: AnyStateMachine['root'][] })._nodes) {
        if (node.transitions.has(step.event.type)) taken.add(`${node.id}:${step.event.type}`);
      }
    });
  }
  return taken;
}

/** The ids of the states the paths pass through. */
export function reachedStates(paths: Path[]): Set<string> {
  const reached = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) {
      (step.state as unknown as { _nodes: { id: string }[] })._nodes.forEach((n) => reached.add(n.id));
    }
  }
  return reached;
}
