/**
 * The host stand (docs/PRODUCT.md §6): the floor and the party list of a venue's service day, side by side
 * on a tablet in landscape and one at a time with a switch on a phone; the covers per 15 minutes against
 * the pacing limit; drags (pointer or keyboard) and the sheets' menus that seat, move and join; the
 * walk-in queue on the service day running, whose parties are dragged onto a table (or seated from their
 * menu) as a booked party is; live from the venue's one stream and by the minute; a banner, and no action,
 * while the connection is lost.
 */
import { closestCenter, DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { FormMessage } from '../../components/form';
import { useFailureText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import { serverClock } from '../../api/server-clock';
import { serviceDayOf } from '../../../common/service-day';
import { useBookChange, type VisitNotice } from '../book-change';
import { FloorMap } from './floor-map';
import { PartyList } from './party-list';
import { PartySheet, type TableMove } from './party-sheet';
import { seatAt, type HostStand, type StandParty, type StandTable } from './stand-calls';
import { seatFromWalkInQueue } from './walk-in-queue/walk-in-queue-calls';
import { WalkInQueuePanel } from './walk-in-queue/walk-in-queue-panel';
import { tableStepper } from './table-keys';
import { useHostStand } from './use-host-stand';
import { useStandPaintedMark } from './stand-marks';
import './host-stand.css';

type Open = { table: StandTable | null; partyId: string | null } | null;

/** The tables a move gives the party: the one dropped on, or, joining, its own and that one. */
export function tablesFor(stand: HostStand, move: TableMove): string[] {
  const party = stand.parties.find((p) => p.booking.id === move.partyId);
  return move.kind === 'join' && party ? [...party.tableIds, move.tableId] : [move.tableId];
}

function CoversStrip({ stand }: { stand: HostStand }) {
  const { t } = useLingui();
  const { time } = useFormats();
  if (stand.covers.length === 0) return null;
  return (
    <ul className="stand-covers" aria-label={t`Covers per 15 minutes`}>
      {stand.covers.map((q) => {
        const over = q.limit !== null && q.covers > q.limit;
        return (
          <li key={q.startTime} className={over ? 'stand-covers--over' : undefined}>
            {time(q.startTime)} <strong>{q.limit === null ? q.covers : `${q.covers}/${q.limit}`}</strong>
            {over && ` ⚠ ${t`over the limit`}`}
          </li>
        );
      })}
    </ul>
  );
}

/** Side by side, the panes reach down to the foot of the screen and no further: the whole floor and the list's first screen in view. */
function useFitToScreen(panes: RefObject<HTMLDivElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const fit = () => {
      const el = panes.current;
      if (!el) return;
      const sideBySide = window.matchMedia?.('(min-width: 1024px) and (orientation: landscape)').matches ?? false;
      el.style.height = sideBySide ? `${Math.max(420, window.innerHeight - el.getBoundingClientRect().top - window.scrollY - 8)}px` : '';
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [panes, shown]);
}

function useAnnouncements(stand: HostStand | null): Announcements {
  const { t } = useLingui();
  const nameOf = ({ id, data }: { id: string | number; data?: { current?: { name?: string } } }) => {
    const [kind, key] = String(id).split(':');
    if (kind === 'party') return stand?.parties.find((p) => p.booking.id === key)?.booking.guestName ?? '';
    // A party of the walk-in queue names itself: the stand's read does not carry the queue.
    if (kind === 'walk-in') return data?.current?.name ?? '';
    return stand?.tables.find((tb) => tb._id === key)?.name ?? '';
  };
  return {
    onDragStart: ({ active }) => t`Picked up ${nameOf(active)}. Arrow keys go from table to table; Space drops, Escape cancels.`,
    onDragOver: ({ active, over }) => (over ? t`${nameOf(active)} over table ${nameOf(over)}.` : t`${nameOf(active)} is over no table.`),
    onDragEnd: ({ active, over }) => (over ? t`${nameOf(active)} dropped on table ${nameOf(over)}.` : t`${nameOf(active)} put back.`),
    onDragCancel: ({ active }) => t`${nameOf(active)} put back.`,
  };
}

export function HostStandPage({ venueId, date }: { venueId: string; date: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const { stand, error, reload, connected } = useHostStand(venueId, date);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<VisitNotice | null>(null);
  const [view, setView] = useState<'floor' | 'parties'>('floor');
  const [dragging, setDragging] = useState<string | null>(null);
  const [draggingWalkIn, setDraggingWalkIn] = useState('');
  const order = useRef<string[]>([]);
  order.current = stand?.tables.map((tb) => `table:${tb._id}`) ?? [];
  const [stepper] = useState(() => tableStepper(() => order.current));
  const panes = useRef<HTMLDivElement>(null);
  useFitToScreen(panes, stand !== null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepper.getter, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );
  const announcements = useAnnouncements(stand);
  const done = (next: VisitNotice) => {
    setNotice(next);
    setOpen(null);
    void reload();
  };
  const change = useBookChange(done, () => undefined);
  const parties = useMemo(() => new Map(stand?.parties.map((p) => [p.booking.id, p]) ?? []), [stand]);
  useStandPaintedMark(stand);

  const move = (m: TableMove) => {
    if (!stand) return;
    if (!connected) {
      setNotice({ tone: 'error', text: t`No connection: the change was not made. Try again once it is back.` });
      return;
    }
    const party = parties.get(m.partyId);
    void change.send(async () => {
      // The server may join the table dropped on with others of its combination: its answer says which.
      const { data } = await seatAt(m.partyId, tablesFor(stand, m));
      const names = data.tableIds.map((id) => stand.tables.find((tb) => tb._id === id)?.name ?? '').join(' + ');
      return { tone: 'ok', text: t`${party?.booking.guestName ?? ''} at ${names}.` };
    });
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    stepper.reset();
    setDragging(String(active.id));
    setDraggingWalkIn((active.data.current?.name as string | undefined) ?? '');
  };
  /** A party of the walk-in queue dropped on a table (or seated there from its menu) is seated there as a walk-in. */
  const seatWalkIn = (entryId: string, name: string, tableId: string) => {
    if (!connected) {
      setNotice({ tone: 'error', text: t`No connection: the change was not made. Try again once it is back.` });
      return;
    }
    const table = stand?.tables.find((tb) => tb._id === tableId)?.name ?? '';
    void change.send(async () => {
      const visit = await seatFromWalkInQueue(venueId, entryId, tableId);
      return { tone: 'ok', text: t`${name} at ${table}: ${visit.uniqueId}.` };
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over || !stand) return;
    const [kind, key] = String(active.id).split(':');
    const tableId = String(over.id).slice('table:'.length);
    if (kind === 'walk-in') {
      seatWalkIn(key!, (active.data.current?.name as string | undefined) ?? '', tableId);
      return;
    }
    const partyId = kind === 'party' ? key! : (active.data.current?.partyId as string | undefined);
    if (!partyId || (kind === 'join' && key === tableId)) return;
    move({ kind: kind === 'join' ? 'join' : 'seat', partyId, tableId });
  };

  if (!stand) {
    return error ? <FormMessage error={failureText(error)} /> : <p className="muted">{t`Loading the stand…`}</p>;
  }
  const openParty = open?.partyId ? (parties.get(open.partyId) ?? null) : null;
  const openTable = open?.table ? (stand.tables.find((tb) => tb._id === open.table!._id) ?? null) : null;
  const draggedName = dragging
    ? dragging.startsWith('walk-in:')
      ? draggingWalkIn
      : (parties.get(dragging.startsWith('party:') ? dragging.slice(6) : (stand.tables.find((tb) => `join:${tb._id}` === dragging)?.partyId ?? ''))?.booking.guestName ?? '')
    : '';
  // Walk-ins are seated now: the queue is on the stand of the service day running.
  const walkInsHere = serviceDayOf(serverClock.now()).date === date;
  const freeTables = stand.tables.filter((tb) => tb.active && tb.state === 'free');

  return (
    <div className={`host-stand host-stand--${view}`}>
      {!connected && (
        <p className="stand-banner" role="alert">
          {t`Connection lost: what you see may be out of date, and changes are refused until it is back.`}
        </p>
      )}
      {notice && (
        <p className={`stand-notice stand-notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <CoversStrip stand={stand} />
      <div className="stand-switch" role="group" aria-label={t`Show`}>
        <button type="button" className="stand-filter" aria-pressed={view === 'floor'} onClick={() => setView('floor')}>
          {t`Floor`}
        </button>
        <button type="button" className="stand-filter" aria-pressed={view === 'parties'} onClick={() => setView('parties')}>
          {t`Parties`} <span className="stand-filter__count">{stand.counts.all}</span>
        </button>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t`To seat a party, press Space, step to a table with the arrow keys and press Space again.` } }}
      >
        <div className="host-stand__panes" ref={panes}>
          <FloorMap stand={stand} disabled={!connected || change.sending} onOpen={(table) => setOpen({ table, partyId: table.partyId })} />
          <PartyList stand={stand} disabled={!connected || change.sending} onOpen={(party: StandParty) => setOpen({ table: null, partyId: party.booking.id })} />
        </div>
        {walkInsHere && (
          <WalkInQueuePanel venueId={venueId} date={date} areas={stand.areas} tables={freeTables} onSeated={() => void reload()} />
        )}
        <DragOverlay>{draggedName ? <span className="stand-drag">{draggedName}</span> : null}</DragOverlay>
      </DndContext>
      {open && (
        <PartySheet stand={stand} table={openTable} party={openParty} connected={connected} onMove={move} onDone={done} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}
