/**
 * Where the stand draws each dining area and table: each area's tables as the set-up placed them
 * (unplaced ones in the set-up's default rows), cropped to what they take, and the areas set side by
 * side in rows as wide as the widest area, so the whole floor fits one pane.
 */
import { placementOf, type Placed } from '../setup/floor-placement';
import type { HostStand } from './stand-calls';

export interface AreaBox {
  id: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FloorLayout {
  areas: AreaBox[];
  /** Each table's place on the whole floor, by id. */
  tables: Map<string, Placed>;
  width: number;
  height: number;
}

const PAD = 24;
const LABEL = 44;
const GAP = 24;

/** The corners a table reaches, turned as it stands. */
function reach(p: Placed) {
  const turn = (p.rotation * Math.PI) / 180;
  const halfW = (Math.abs(Math.cos(turn)) * p.width + Math.abs(Math.sin(turn)) * p.height) / 2;
  const halfH = (Math.abs(Math.sin(turn)) * p.width + Math.abs(Math.cos(turn)) * p.height) / 2;
  const cx = p.x + p.width / 2;
  const cy = p.y + p.height / 2;
  return { left: cx - halfW, right: cx + halfW, top: cy - halfH, bottom: cy + halfH };
}

export function floorLayout(stand: Pick<HostStand, 'areas' | 'tables'>): FloorLayout {
  const boxes = stand.areas
    .map((area) => {
      const placed = stand.tables.filter((t) => t.areaId === area._id).map((t, i) => ({ id: t._id, p: placementOf(t, i) }));
      if (placed.length === 0) return null;
      const reaches = placed.map(({ p }) => reach(p));
      const left = Math.min(...reaches.map((r) => r.left)) - PAD;
      const top = Math.min(...reaches.map((r) => r.top)) - PAD;
      const width = Math.max(...reaches.map((r) => r.right)) + PAD - left;
      const height = Math.max(...reaches.map((r) => r.bottom)) + PAD - top + LABEL;
      return { area, placed, left, top, width, height };
    })
    .filter((b) => b !== null);
  const rowWidth = Math.max(0, ...boxes.map((b) => b.width)) * 1.1;
  const areas: AreaBox[] = [];
  const tables = new Map<string, Placed>();
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const box of boxes) {
    if (x > 0 && x + box.width > rowWidth) {
      x = 0;
      y += rowHeight + GAP;
      rowHeight = 0;
    }
    areas.push({ id: box.area._id, name: box.area.name, x, y, width: box.width, height: box.height });
    for (const { id, p } of box.placed) tables.set(id, { ...p, x: p.x - box.left + x, y: p.y - box.top + y + LABEL });
    x += box.width + GAP;
    rowHeight = Math.max(rowHeight, box.height);
  }
  const width = Math.max(1, ...areas.map((a) => a.x + a.width));
  const height = Math.max(1, ...areas.map((a) => a.y + a.height));
  return { areas, tables, width, height };
}

/** A combination's outline: the box round the tables joined for one party, and their names. */
export interface JoinedOutline {
  key: string;
  names: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const OUTLINE_PAD = 10;

/** One outline per set of tables joined on the floor now (each table carries the others it is joined with). */
export function joinedOutlines(stand: Pick<HostStand, 'tables'>, layout: FloorLayout): JoinedOutline[] {
  const seen = new Map<string, JoinedOutline>();
  for (const table of stand.tables) {
    if (table.joinedWith.length === 0) continue;
    const ids = [table._id, ...table.joinedWith].sort();
    const key = ids.join('+');
    const places = ids.map((id) => layout.tables.get(id)).filter((p) => p !== undefined);
    if (seen.has(key) || places.length < 2) continue;
    const reaches = places.map(reach);
    const left = Math.min(...reaches.map((r) => r.left)) - OUTLINE_PAD;
    const top = Math.min(...reaches.map((r) => r.top)) - OUTLINE_PAD;
    const names = stand.tables
      .filter((t) => ids.includes(t._id))
      .map((t) => t.name)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .join(' + ');
    seen.set(key, { key, names, x: left, y: top, width: Math.max(...reaches.map((r) => r.right)) + OUTLINE_PAD - left, height: Math.max(...reaches.map((r) => r.bottom)) + OUTLINE_PAD - top });
  }
  return [...seen.values()];
}
