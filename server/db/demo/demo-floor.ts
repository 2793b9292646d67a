/**
 * Where the demo venues' tables stand on their area's floor plan, so a first start shows a real floor on
 * the table plan and the host stand (docs/PRODUCT.md §9): each area's tables in rows, the small ones
 * round, the larger ones long, every other four-top turned as a diamond. Plan units are the set-up's
 * (`FLOOR_SIZE` square per area); x and y are a table's top-left corner, as the floor editor keeps them.
 */
import { FLOOR_SIZE, type TABLE_SHAPES } from '../../../common/validation/setup-validation';

export interface DemoLayout {
  shape: (typeof TABLE_SHAPES)[number];
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

/** The plan units a table takes, with its gap, in the demo rows. */
const CELL = 170;
const MARGIN = 40;

/** A table's size and shape by the most guests it seats. */
function sizeFor(maxGuests: number): Pick<DemoLayout, 'shape' | 'width' | 'height'> {
  if (maxGuests <= 2) return { shape: 'ROUND', width: 70, height: 70 };
  if (maxGuests <= 4) return { shape: 'RECT', width: 90, height: 90 };
  if (maxGuests <= 6) return { shape: 'RECT', width: 130, height: 80 };
  return { shape: 'RECT', width: 150, height: 100 };
}

/** The layout of the `index`-th of an area's `count` tables, in rows as near square as the area allows. */
export function demoLayout(index: number, count: number, maxGuests: number): DemoLayout {
  const columns = Math.min(Math.floor((FLOOR_SIZE - MARGIN) / CELL), Math.max(1, Math.ceil(Math.sqrt(count * 1.5))));
  const column = index % columns;
  const row = Math.floor(index / columns);
  const size = sizeFor(maxGuests);
  // Centred in its cell, so tables of different sizes line up.
  const x = MARGIN + column * CELL + Math.round((CELL - MARGIN - size.width) / 2);
  const y = MARGIN + row * CELL + Math.round((CELL - MARGIN - size.height) / 2);
  const diamond = size.shape === 'RECT' && maxGuests <= 4 && (row + column) % 2 === 1;
  return { ...size, x, y, rotation: diamond ? 45 : 0 };
}
