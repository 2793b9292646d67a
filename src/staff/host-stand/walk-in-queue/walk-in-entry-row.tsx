/**
 * One party of the walk-in queue: its place, name, covers, the minutes waited against the minutes quoted
 * (marked once past the quote), whether it has been called, its notes, and the host's actions: "table
 * ready", seat, change the quote, or left with a reason.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { WalkInEntry, WalkInLeftReason } from './walk-in-queue-calls';
import { minutesSince } from './use-server-minute';

export interface EntryActions {
  ready(entry: WalkInEntry): void;
  seat(entry: WalkInEntry): void;
  quote(entry: WalkInEntry, minutes: number): void;
  left(entry: WalkInEntry, reason: WalkInLeftReason): void;
}

export function WalkInEntryRow({ entry, now, busy, actions }: { entry: WalkInEntry; now: Date; busy: boolean; actions: EntryActions }) {
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
