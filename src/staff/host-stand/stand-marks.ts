/**
 * Performance marks around the host stand's render (scripts/bench-stand-render.ts reads them): when a read
 * of the stand answered, and when the floor and the list drawn from it were painted. A mark costs next to
 * nothing, so they stay on in production, where a browser's profiler shows them too.
 */
import { useEffect } from 'react';

export const STAND_MARKS = { data: 'host-stand:data', painted: 'host-stand:painted', render: 'host-stand:render' } as const;

/** The stand's read has answered: its render starts. */
export const markStandData = () => performance.mark?.(STAND_MARKS.data);

/**
 * After each new read is on screen: the mark, and the measure from the answer to it. The next frame's
 * callback runs before that frame paints, so the mark waits one task more, until it has.
 */
export function useStandPaintedMark(stand: unknown): void {
  useEffect(() => {
    if (!stand || typeof requestAnimationFrame !== 'function' || typeof performance.measure !== 'function') return;
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => {
        performance.mark(STAND_MARKS.painted);
        if (performance.getEntriesByName(STAND_MARKS.data).length > 0) performance.measure(STAND_MARKS.render, STAND_MARKS.data, STAND_MARKS.painted);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [stand]);
}
