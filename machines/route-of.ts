/** Where a chart's state is shown: the app keeps the address on it, and browser tests check it. */
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';

/**
 * The route of the deepest active state that names one in its `meta.route`; an invoked chart that names
 * one is deeper than the state that invoked it (the booking chart's guest-identity step runs three pages).
 */
export function routeOf(snapshot: AnyMachineSnapshot): string | undefined {
  for (const child of Object.values(snapshot.children ?? {}) as (AnyActorRef | undefined)[]) {
    const inner = child?.getSnapshot() as AnyMachineSnapshot | undefined;
    const route = inner && typeof inner.getMeta === 'function' && inner.status === 'active' ? routeOf(inner) : undefined;
    if (route) return route;
  }
  const metas = snapshot.getMeta() as Record<string, { route?: string } | undefined>;
  let best: { depth: number; route: string } | undefined;
  for (const [id, meta] of Object.entries(metas)) {
    const depth = id.split('.').length;
    if (meta?.route && (!best || depth > best.depth)) best = { depth, route: meta.route };
  }
  return best?.route;
}
