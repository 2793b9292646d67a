/**
 * The floor layout of one dining area, edited by dragging (pointer events: mouse, touch, pen) or from the
 * keyboard (each table is a button: arrow keys move it, Shift with an arrow moves it further, R turns it
 * by 15 degrees). The moves are the draft of one set-up edit (machines/setup-edit.machine.ts), checked,
 * previewed and published together, each table from the version it was read at.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { unwrap } from '../../../common/api/api-error';
import { FLOOR_SIZE } from '../../../common/validation/setup-validation';
import { staffApi } from '../staff-api';
import { clampToFloor, placementOf, type Placed } from './floor-placement';
import { SetupEditPanel } from './setup-edit-panel';
import { useSetupEdit } from './use-setup-edit';
import type { Floor, SetupTable } from './use-setup-reads';

const STEP = 10;
const BIG_STEP = 50;

interface Props {
  venueId: string;
  floor: Floor;
  areaId: string;
  onReload(): void;
}

export function FloorEditor({ venueId, floor, areaId, onReload }: Props) {
  const { t } = useLingui();
  const tables = floor.tables.filter((table) => table.seatingAreaId === areaId);
  const [moved, setMoved] = useState<Record<string, Placed>>({});
  const [said, setSaid] = useState('');
  const plan = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: string; x: number; y: number; from: Placed } | null>(null);
  const { actor, snapshot } = useSetupEdit(
    async ({ draft }, preview) => {
      const body = { tables: (draft.tables as (Placed & { tableId: string; version: number })[]) ?? [] };
      const { data } = await unwrap(staffApi.PUT('/admin/venue/{venueId}/floor', { params: { path: { venueId }, query: { preview: preview ? 'true' : 'false' } }, body }));
      return data;
    },
    { version: 0, draft: { tables: [] } },
  );
  const editable = snapshot.matches('draft');
  const placeOf = (table: SetupTable, index: number) => moved[table._id] ?? placementOf(table, index);

  function move(table: SetupTable, next: Placed) {
    const all = { ...moved, [table._id]: next };
    setMoved(all);
    actor.send({
      type: 'draft.change',
      draft: { tables: Object.entries(all).map(([tableId, p]) => ({ tableId, version: floor.tables.find((x) => x._id === tableId)!.version, ...p })) },
    });
  }
  const describe = (table: SetupTable, p: Placed) => t`Table ${table.name}: ${p.x} across, ${p.y} down, turned ${p.rotation} degrees`;

  function onKey(event: KeyboardEvent, table: SetupTable, index: number) {
    if (!editable) return;
    const p = placeOf(table, index);
    const step = event.shiftKey ? BIG_STEP : STEP;
    const shifts: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    let next: Placed | null = null;
    if (shifts[event.key]) {
      const [dx, dy] = shifts[event.key]!;
      next = { ...p, x: clampToFloor(p.x + dx, p.width), y: clampToFloor(p.y + dy, p.height) };
    } else if (event.key === 'r' || event.key === 'R') next = { ...p, rotation: (p.rotation + 15) % 360 };
    if (!next) return;
    event.preventDefault();
    move(table, next);
    setSaid(describe(table, next));
  }

  function onPointerDown(event: PointerEvent, table: SetupTable, index: number) {
    if (!editable) return;
    (event.target as Element).setPointerCapture?.(event.pointerId);
    drag.current = { id: table._id, x: event.clientX, y: event.clientY, from: placeOf(table, index) };
  }
  function onPointerMove(event: PointerEvent, table: SetupTable) {
    const start = drag.current;
    if (!start || start.id !== table._id || !plan.current) return;
    // Screen pixels to plan units: the plan is drawn FLOOR_SIZE units wide.
    const scale = FLOOR_SIZE / (plan.current.clientWidth || FLOOR_SIZE);
    move(table, {
      ...start.from,
      x: clampToFloor(start.from.x + (event.clientX - start.x) * scale, start.from.width),
      y: clampToFloor(start.from.y + (event.clientY - start.y) * scale, start.from.height),
    });
  }
  function onPointerUp(table: SetupTable, index: number) {
    if (drag.current?.id === table._id) setSaid(describe(table, placeOf(table, index)));
    drag.current = null;
  }

  return (
    <section aria-labelledby="floor-title" className="setup-floor">
      <h2 id="floor-title">
        <Trans>Floor plan</Trans>
      </h2>
      <p className="staff-hint" id="floor-help">
        <Trans>Drag a table to move it. With the keyboard: choose a table, move it with the arrow keys (Shift for bigger steps), turn it with R.</Trans>
      </p>
      <div className="setup-floor__plan" ref={plan} role="group" aria-label={t`Floor plan`}>
        {tables.map((table, index) => {
          const p = placeOf(table, index);
          return (
            <button
              key={table._id}
              type="button"
              className={`setup-floor__table setup-floor__table--${p.shape.toLowerCase()}${table.active ? '' : ' setup-floor__table--inactive'}`}
              style={{
                left: `${(p.x / FLOOR_SIZE) * 100}%`,
                top: `${(p.y / FLOOR_SIZE) * 100}%`,
                width: `${(p.width / FLOOR_SIZE) * 100}%`,
                height: `${(p.height / FLOOR_SIZE) * 100}%`,
                transform: `rotate(${p.rotation}deg)`,
              }}
              aria-label={describe(table, p)}
              aria-describedby="floor-help"
              aria-disabled={!editable}
              onKeyDown={(e) => onKey(e, table, index)}
              onPointerDown={(e) => onPointerDown(e, table, index)}
              onPointerMove={(e) => onPointerMove(e, table)}
              onPointerUp={() => onPointerUp(table, index)}
            >
              {table.name}
            </button>
          );
        })}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      <SetupEditPanel
        actor={actor}
        snapshot={snapshot}
        checkLabel={t`Check the new layout`}
        onReload={() => {
          setMoved({});
          onReload();
        }}
      />
    </section>
  );
}
