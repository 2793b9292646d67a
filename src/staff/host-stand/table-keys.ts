/**
 * The keyboard's drag at the stand (dnd-kit's keyboard sensor): the arrow keys step the party from table to
 * table in the floor's name order, from before the first, instead of a few pixels at a time, so a host
 * seats by keyboard as surely as by hand.
 */
import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

const FORWARD = ['ArrowRight', 'ArrowDown'];
const BACK = ['ArrowLeft', 'ArrowUp'];

/** `order()` names the drop targets (`table:{id}`) the arrows step through; `reset()` at each drag's start. */
export function tableStepper(order: () => readonly string[]): { getter: KeyboardCoordinateGetter; reset(): void } {
  let at = -1;
  const getter: KeyboardCoordinateGetter = (event, { context }) => {
    const { droppableRects, collisionRect } = context;
    if (!collisionRect || (!FORWARD.includes(event.code) && !BACK.includes(event.code))) return undefined;
    const ids = order().filter((id) => droppableRects.has(id));
    if (ids.length === 0) return undefined;
    event.preventDefault();
    at = FORWARD.includes(event.code) ? (at + 1) % ids.length : at <= 0 ? ids.length - 1 : at - 1;
    const rect = droppableRects.get(ids[at]!)!;
    return { x: rect.left + rect.width / 2 - collisionRect.width / 2, y: rect.top + rect.height / 2 - collisionRect.height / 2 };
  };
  return { getter, reset: () => (at = -1) };
}
