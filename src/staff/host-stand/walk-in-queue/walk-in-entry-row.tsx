/**
 * One party of the walk-in queue: its place, name, covers, the minutes waited against the minutes quoted
 * (marked once past the quote), whether it has been called, its notes, and the host's actions: "table
 * ready", seat, change the quote, or left with a reason. On the host stand a handle drags the party onto a
 * table of the floor (pointer or keyboard), and a menu of the free tables seats it at one.
 */
import { useDraggable } from '@dnd-kit/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { WalkInEntry, WalkInLeftReason } from './walk-in-queue-calls';
import { minutesSince } from './use-server-minute';

export interface EntryActions {
  ready(entry: WalkInEntry): void;
  /** At the table chosen (the host stand's menu), else the smallest free one that fits. */
  seat(entry: WalkInEntry, tableId?: string): void;
  quote(entry: WalkInEntry, minutes: number): void;
  left(entry: WalkInEntry, reason: WalkInLeftReason): void;
}

/** A table the host stand offers to seat a party at: its name and seats. */
export interface SeatChoice {
  _id: string;
  name: string;
  minGuests: number;
  maxGuests: number;
}

/** The drag's handle (only inside the host stand's drag context): the party dropped on a table is seated there. */
function DragHandle({ entry, disabled }: { entry: WalkInEntry; disabled: boolean }) {
  const { t } = useLingui();
  const drag = useDraggable({ id: `walk-in:${entry._id}`, disabled, data: { name: entry.name } });
  return (
    <button type="button" ref={drag.setNodeRef} {...drag.listeners} {...drag.attributes} className="stand-party__handle" disabled={disabled} aria-label={t`Drag ${entry.name} to a table`}>
      ⠿
    </button>
  );
}

/** The menu's way to the same seat: a free table chosen from a list. */
function SeatAtMenu({ entry, tables, busy, onSeat }: { entry: WalkInEntry; tables: readonly SeatChoice[]; busy: boolean; onSeat(tableId: string): void }) {
  const { t } = useLingui();
  // A walk-in is given one table that seats it (the walk-in's rule, staff-bookings.ts).
  const fitting = tables.filter((tb) => tb.minGuests <= entry.numberOfGuests && entry.numberOfGuests <= tb.maxGuests);
  const [tableId, setTableId] = useState(fitting[0]?._id ?? '');
  if (fitting.length === 0) return null;
  return (
    <span className="walk-in-entry__seat-at">
      <label>
        {t`Table`}{' '}
        <select value={tableId} onChange={(e) => setTableId(e.target.value)}>
          {fitting.map((tb) => (
            <option key={tb._id} value={tb._id}>
              {tb.name} ({tb.maxGuests})
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button" disabled={busy || !tableId} onClick={() => onSeat(tableId)}>
        {t`Seat there`}
      </button>
    </span>
  );
}

export function WalkInEntryRow({
  entry,
  now,
  busy,
  actions,
  tables,
}: {
  entry: WalkInEntry;
  now: Date;
  busy: boolean;
  actions: EntryActions;
  /** On the host stand: the free tables to seat at, by the menu or by dragging. */
  tables?: readonly SeatChoice[];
}) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<'quote' | 'left' | null>(null);
  const [quote, setQuote] = useState(String(entry.quotedMinutes));
  const [reason, setReason] = useState<WalkInLeftReason>('WAIT_TOO_LONG');
  const waited = minutesSince(entry.arrivedAt, now);
  const over = waited > entry.quotedMinutes;
  const reasons: Record<WalkInLeftReason, string> = {
    WAIT_TOO_LONG: t`The wait was too long`,
    NO_ANSWER: t`Did not come back when called`,
    CHANGED_PLANS: t`Changed their plans`,
    OTHER: t`Another reason`,
  };

  return (
    <li className={`walk-in-entry${over ? ' walk-in-entry--over' : ''}`} aria-label={t`${entry.name}, ${entry.numberOfGuests} guests`}>
      <div className="walk-in-entry__who">
        {tables && <DragHandle entry={entry} disabled={busy} />}
        <span className="walk-in-entry__place">{entry.place}</span>
        <strong>{entry.name}</strong> <span>{t`${entry.numberOfGuests} guests`}</span>
        {entry.status === 'NOTIFIED' && <span className="walk-in-entry__called">{t`Called`}</span>}
      </div>
      <div className="walk-in-entry__wait">
        {t`Waited ${waited} min of ${entry.quotedMinutes} quoted`}
        {over && <strong className="walk-in-entry__over">{t`Over the quote by ${waited - entry.quotedMinutes} min`}</strong>}
      </div>
      {(entry.notes || entry.mobile) && <div className="walk-in-entry__notes">{[entry.mobile, entry.notes].filter(Boolean).join(' · ')}</div>}
      <div className="walk-in-entry__actions" role="group" aria-label={t`Actions for ${entry.name}`}>
        <button type="button" className="button" disabled={busy} onClick={() => actions.ready(entry)}>
          {entry.status === 'NOTIFIED' ? t`Call again` : t`Table ready`}
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => actions.seat(entry)}>
          {t`Seat`}
        </button>
        {tables && <SeatAtMenu entry={entry} tables={tables} busy={busy} onSeat={(tableId) => actions.seat(entry, tableId)} />}
        <button type="button" className="button" disabled={busy} aria-expanded={editing === 'quote'} onClick={() => setEditing(editing === 'quote' ? null : 'quote')}>
          {t`Change quote`}
        </button>
        <button type="button" className="button" disabled={busy} aria-expanded={editing === 'left'} onClick={() => setEditing(editing === 'left' ? null : 'left')}>
          {t`Left`}
        </button>
      </div>
      {editing === 'quote' && (
        <form
          className="walk-in-entry__edit"
          onSubmit={(e) => {
            e.preventDefault();
            setEditing(null);
            actions.quote(entry, Number(quote));
          }}
        >
          <label>
            {t`New quote (minutes)`}
            <input type="number" min={0} max={600} value={quote} onChange={(e) => setQuote(e.target.value)} />
          </label>
          <button type="submit" className="button" disabled={busy}>
            {t`Save quote`}
          </button>
        </form>
      )}
      {editing === 'left' && (
        <form
          className="walk-in-entry__edit"
          onSubmit={(e) => {
            e.preventDefault();
            setEditing(null);
            actions.left(entry, reason);
          }}
        >
          <label>
            {t`Why did they leave?`}
            <select value={reason} onChange={(e) => setReason(e.target.value as WalkInLeftReason)}>
              {Object.entries(reasons).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button" disabled={busy}>
            {t`Remove from the queue`}
          </button>
        </form>
      )}
    </li>
  );
}
