/**
 * The floor as the set-up drew it (docs/PRODUCT.md §6): each table its shape, size, turn and place, filled
 * by its state with a word and a sign beside the colour, the guest's name and covers written on it, the
 * minutes seated against the turn time, and when the next party needs it.
 * The whole floor fits the pane; the zoom buttons look closer. A table is a drop target for a party, and
 * a table with a party on it can be dragged onto another to join them (tables joined are outlined as one
 * combination); tapping one opens its sheet.
 */
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { Placed } from '../setup/floor-placement';
import { useFormats } from '../../i18n/use-formats';
import { floorLayout, joinedOutlines } from './floor-layout';
import type { HostStand, StandParty, StandTable } from './stand-calls';
import { PARTLY_ICON, STATE_ICON, useStateWords } from './stand-words';

const ZOOMS = [1, 1.5, 2, 3];

/** The guest's family name, or the whole name when it is one word: what fits on a table. */
export const shortName = (name: string) => name.trim().split(/\s+/).at(-1) ?? name;

function useTableText() {
  const { t } = useLingui();
  const { time } = useFormats();
  const words = useStateWords();
  return (table: StandTable, party: StandParty | undefined) => {
    const needed = table.next ? t`Needed ${time(table.next.startTime)}` : '';
    const detail =
      table.state === 'seated' || table.state === 'overdue'
        ? t`${table.seatedMinutes ?? 0} of ${party?.booking.duration ?? table.turnMinutes} min`
        : table.state === 'late'
          ? t`${table.lateMinutes ?? 0} min late`
          : needed;
    // A name and a number: no words to translate.
    const who = party ? `${shortName(party.booking.guestName)} · ${party.booking.numberOfGuests}` : '';
    // Some of the party here, the rest to come: its own word and sign, not the colour alone.
    const partly = party?.arrivedCovers ? words.partly(party.arrivedCovers, party.booking.numberOfGuests) : null;
    const word = partly && table.state === 'arrived' ? partly : words.table[table.state];
    const icon = partly && table.state === 'arrived' ? PARTLY_ICON : STATE_ICON[table.state];
    const shownDetail = partly && table.state !== 'arrived' ? [partly, detail].filter(Boolean).join(' ') : detail;
    // A table with a party on it says on its own line when the next one needs it ("Needed 8:30 pm").
    return { word, icon, detail: shownDetail, who, next: detail !== needed ? needed : '' };
  };
}

function TableShape({ table, place, party, joined, onOpen, disabled }: { table: StandTable; place: Placed; party?: StandParty; joined: boolean; onOpen(): void; disabled: boolean }) {
  const { t } = useLingui();
  const text = useTableText()(table, party);
  // Its name is what it shows: the table, the guest and covers, the state (axe: the visible text is the name).
  const drop = useDroppable({ id: `table:${table._id}`, disabled });
  const drag = useDraggable({ id: `join:${table._id}`, disabled: disabled || !party, data: { partyId: party?.booking.id } });
  const cx = place.x + place.width / 2;
  const cy = place.y + place.height / 2;
  // A fourth line ("Needed 8:30 pm") lifts the other three, so all four stay on a 70-unit table.
  const lift = text.next ? 8 : 0;
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen();
      return;
    }
    drag.listeners?.onKeyDown?.(event);
  };
  return (
    <g
      ref={(node) => {
        drop.setNodeRef(node as unknown as HTMLElement);
        drag.setNodeRef(node as unknown as HTMLElement);
      }}
      {...drag.attributes}
      {...drag.listeners}
      onKeyDown={onKeyDown}
      onClick={onOpen}
      role="button"
      tabIndex={0}
      aria-roledescription={t`table`}
      className={`stand-table stand-table--${table.state}${joined ? ' stand-table--joined' : ''}${drop.isOver ? ' stand-table--over' : ''}`}
      data-table={table.name}
      data-state={table.state}
    >
      <g transform={`rotate(${place.rotation} ${cx} ${cy})`}>
        {place.shape === 'ROUND' ? (
          <ellipse cx={cx} cy={cy} rx={place.width / 2} ry={place.height / 2} className="stand-table__top" />
        ) : (
          <rect x={place.x} y={place.y} width={place.width} height={place.height} rx={8} className="stand-table__top" />
        )}
      </g>
      <text x={cx} y={cy - 14 - lift} className="stand-table__name">
        <tspan aria-hidden="true">{text.icon} </tspan>
        {table.name}
      </text>
      <text x={cx} y={cy + 4 - lift} className="stand-table__who">
        {text.who || text.word}
      </text>
      <text x={cx} y={cy + 20 - lift} className="stand-table__detail">
        {/* "22 min late" says the state itself. */}
        {text.who && table.state !== 'late' ? text.word : ''}
        {text.detail ? `${text.who && table.state !== 'late' ? ' ' : ''}${text.detail}` : ''}
      </text>
      {text.next && (
        <text x={cx} y={cy + 28} className="stand-table__next">
          {text.next}
        </text>
      )}
    </g>
  );
}

export function FloorMap({ stand, onOpen, disabled }: { stand: HostStand; onOpen(table: StandTable): void; disabled: boolean }) {
  const { t } = useLingui();
  const [zoom, setZoom] = useState(0);
  const layout = useMemo(() => floorLayout(stand), [stand]);
  const outlines = useMemo(() => joinedOutlines(stand, layout), [stand, layout]);
  const parties = useMemo(() => new Map(stand.parties.map((p) => [p.booking.id, p])), [stand]);
  const scale = ZOOMS[zoom]!;
  return (
    <section className="stand-floor" aria-label={t`Floor`}>
      <div className="stand-floor__zoom" role="group" aria-label={t`Zoom`}>
        <button type="button" className="button" onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0} aria-label={t`Zoom out`}>
          −
        </button>
        <button type="button" className="button" onClick={() => setZoom(0)} disabled={zoom === 0}>
          {t`Fit`}
        </button>
        <button type="button" className="button" onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoom === ZOOMS.length - 1} aria-label={t`Zoom in`}>
          +
        </button>
      </div>
      <div className="stand-floor__pane">
        <svg
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          preserveAspectRatio="xMidYMin meet"
          style={{ width: `${scale * 100}%`, height: `${scale * 100}%` }}
          role="group"
          aria-label={t`Floor plan`}
        >
          {layout.areas.map((area) => (
            <g key={area.id}>
              <rect x={area.x} y={area.y} width={area.width} height={area.height} rx={12} className="stand-area" />
              <text x={area.x + 16} y={area.y + 30} className="stand-area__name">
                {area.name}
              </text>
            </g>
          ))}
          {/* Tables joined for one party: one outline round them, named, beneath the tables (each table says its own state). */}
          {outlines.map((o) => (
            <g key={o.key} className="stand-joined" data-joined={o.names}>
              <rect x={o.x} y={o.y} width={o.width} height={o.height} rx={14} className="stand-joined__outline" />
              <text x={o.x + 8} y={o.y - 4} className="stand-joined__name">
                {t`Joined ${o.names}`}
              </text>
            </g>
          ))}
          {stand.tables.map((table) => {
            const place = layout.tables.get(table._id);
            if (!place) return null;
            return (
              <TableShape
                key={table._id}
                table={table}
                place={place}
                party={table.partyId ? parties.get(table.partyId) : undefined}
                joined={table.joinedWith.length > 0}
                onOpen={() => onOpen(table)}
                disabled={disabled}
              />
            );
          })}
        </svg>
      </div>
    </section>
  );
}
