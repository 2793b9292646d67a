/**
 * Where each table stands on its area's floor plan: as an admin placed it, or, not placed yet, in rows
 * of four, so a new venue's plan shows every table from the start.
 */
import { FLOOR_SIZE } from '../../../common/validation/setup-validation';

export interface Placed {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  shape: 'RECT' | 'ROUND';
}

const ROW = 4;
const STEP = FLOOR_SIZE / ROW;

/** The table's place: its own, or the `index`-th spot of the default rows. */
export function placementOf(table: { x: number | null; y: number | null; width: number; height: number; rotation: number; shape: 'RECT' | 'ROUND' }, index: number): Placed {
  if (table.x !== null && table.y !== null) return { ...table, x: table.x, y: table.y };
  return { ...table, x: (index % ROW) * STEP + 40, y: Math.floor(index / ROW) * STEP + 40 };
}

/** Keeps a table inside the plan. */
export const clampToFloor = (value: number, size: number) => Math.max(0, Math.min(FLOOR_SIZE - size, Math.round(value)));
