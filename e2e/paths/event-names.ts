/** Naming a chart's browser events: generated paths carry copies of the event objects, so they are matched by value. */
import type { EventObject } from 'xstate';

/** `name(event)` gives the key under which `events` lists that event; an unknown event is an error. */
export function eventNamer<Name extends string>(events: Record<Name, EventObject>, chart: string): (event: EventObject) => Name {
  const nameOf = new Map(Object.entries(events).map(([name, event]) => [JSON.stringify(event), name as Name]));
  return (event) => {
    const name = nameOf.get(JSON.stringify(event));
    if (!name) throw new Error(`Not one of the ${chart} events: ${JSON.stringify(event)}`);
    return name;
  };
}
