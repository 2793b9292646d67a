/**
 * What an invoked actor's done or error event carries. Named guards and actions in `setup()` are typed
 * with the chart's own events only, so these check the event's kind at run time, as `assertEvent` does.
 */
import type { EventObject } from 'xstate';
import { toCallError, type CallError } from './call-error';

/** The output of an invoked actor's done event. */
export function outputOf<T>(event: EventObject): T {
  if (!event.type.startsWith('xstate.done.actor.') || !('output' in event)) {
    throw new Error(`Expected an actor's done event, got ${event.type}`);
  }
  return event.output as T;
}

/** The refusal of an invoked actor's error event. */
export function callErrorOf(event: EventObject): CallError {
  if (!event.type.startsWith('xstate.error.actor.') || !('error' in event)) {
    throw new Error(`Expected an actor's error event, got ${event.type}`);
  }
  return toCallError(event.error);
}
