/** Where a chart's state is shown: the app keeps the address on it, and browser tests check it. */
import type { AnyMachineSnapshot } from 'xstate';

/** The route of the deepest active state that names one in its `meta.route`. */
export function routeOf(snapshot: AnyMachineSnapshot): string | undefined {
  const metas = snapshot.getMeta() as Record<string, { route?: string } | undefined>;
  let best: { depth: number; route: string } | undefined;
  for (const [id, meta] of Object.entries(metas)) {
    const depth = id.split('.').length;
    if (meta?.route && (!best || depth > best.depth)) best = { depth, route: meta.route };
  }
  return best?.route;
}
