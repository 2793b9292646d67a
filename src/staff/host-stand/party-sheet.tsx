/**
 * A table's or a party's sheet at the stand (docs/PRODUCT.md §6): the party with its marks, allergies,
 * notes (the guest's requests and the staff note apart) and reconfirmation, the table's next booking, the
 * visit's actions the chart allows now (the day sheet's own, visit-actions.tsx), running late with the
 * minutes expected, how many of the party are here (partly arrived), and the drag's three moves from a
 * menu: seat at a table, move to a table, join another table.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useFormats } from '../../i18n/use-formats';
import { useNoteLabels } from '../book/note-labels';
import { StaffDialog } from '../book/staff-dialog';
import { useBookChange, type VisitNotice } from '../book-change';
import { VisitActions } from '../visit-actions';
import { PayLinkActions, PayLinkLine } from '../pay-link-status';
import { markArrivedCovers, markRunningLate, type HostStand, type StandParty, type StandTable } from './stand-calls';
import { useReconfirmationWords } from './reconfirmation-words';
import { useStateWords } from './stand-words';

const LATE_CHOICES = [5, 10, 15, 20, 30, 45, 60];

export type TableMove = { kind: 'seat' | 'join'; partyId: string; tableId: string };

function RunningLate({ party, disabled, onDone }: { party: StandParty; disabled: boolean; onDone(notice: VisitNotice): void }) {
  const { t } = useLingui();
  const [minutes, setMinutes] = useState(party.runningLateMinutes ?? 15);
  const change = useBookChange(onDone, () => undefined);
  const send = (value: number | null) =>
    change.send(async () => {
      await markRunningLate(party.booking.id, value);
      return { tone: 'ok', text: value ? t`${party.booking.guestName} is expected ${value} min late.` : t`Running late cleared for ${party.booking.guestName}.` };
    });
  return (
    <div className="stand-sheet__row">
      <label>
        {t`Running late`}{' '}
        <select value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
          {LATE_CHOICES.map((m) => (
            <option key={m} value={m}>
              {t`${m} min`}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button" disabled={disabled || change.sending} onClick={() => void send(minutes)}>
        {t`Mark running late`}
      </button>
      {party.runningLateMinutes !== null && (
        <button type="button" className="button" disabled={disabled || change.sending} onClick={() => void send(null)}>
          {t`Clear`}
        </button>
      )}
    </div>
  );
}

/** Some of the party here: how many, which arrives the party (partly) when it has not; all of them clears it. */
function CoversHere({ party, disabled, onDone }: { party: StandParty; disabled: boolean; onDone(notice: VisitNotice): void }) {
  const { t } = useLingui();
  const guests = party.booking.numberOfGuests;
  const [covers, setCovers] = useState(party.arrivedCovers ?? Math.max(1, guests - 1));
  const change = useBookChange(onDone, () => undefined);
  const name = party.booking.guestName;
  const send = () =>
    change.send(async () => {
      await markArrivedCovers(party.booking.id, covers);
      return { tone: 'ok', text: covers < guests ? t`${name}: ${covers} of ${guests} here.` : t`${name}: the whole party is here.` };
    });
  return (
    <div className="stand-sheet__row">
      <label>
        {t`Here now`}{' '}
        <select value={covers} onChange={(e) => setCovers(Number(e.target.value))}>
          {Array.from({ length: guests }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {t`${n} of ${guests}`}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button" disabled={disabled || change.sending} onClick={() => void send()}>
        {covers < guests ? t`Mark partly arrived` : t`All here`}
      </button>
    </div>
  );
}

function MoveMenu({ stand, party, disabled, onMove }: { stand: HostStand; party: StandParty; disabled: boolean; onMove(move: TableMove): void }) {
  const { t } = useLingui();
  const others = stand.tables.filter((tb) => tb.active && !party.tableIds.includes(tb._id));
  const [target, setTarget] = useState(others.find((tb) => tb.state === 'free')?._id ?? others[0]?._id ?? '');
  const seated = party.standStatus === 'seated';
  return (
    <div className="stand-sheet__row">
      <label>
        {t`Table`}{' '}
        <select value={target} onChange={(e) => setTarget(e.target.value)}>
          {others.map((tb) => (
            <option key={tb._id} value={tb._id}>
              {tb.name} ({tb.maxGuests})
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button" disabled={disabled || !target} onClick={() => onMove({ kind: 'seat', partyId: party.booking.id, tableId: target })}>
        {seated ? t`Move there` : t`Seat there`}
      </button>
      <button type="button" className="button" disabled={disabled || !target} onClick={() => onMove({ kind: 'join', partyId: party.booking.id, tableId: target })}>
        {t`Join that table`}
      </button>
    </div>
  );
}

export function PartySheet({
  stand,
  table,
  party,
  connected,
  onMove,
  onDone,
  onClose,
}: {
  stand: HostStand;
  table: StandTable | null;
  party: StandParty | null;
  connected: boolean;
  onMove(move: TableMove): void;
  onDone(notice: VisitNotice): void;
  onClose(): void;
}) {
  const { t } = useLingui();
  const { time } = useFormats();
  const words = useStateWords();
  const reconfirmationWords = useReconfirmationWords();
  const notes = useNoteLabels();
  const next = table?.next ? stand.parties.find((p) => p.booking.id === table.next!.partyId) : undefined;
  const title = party ? party.booking.guestName : t`Table ${table?.name ?? ''}`;
  const b = party?.booking;
  return (
    <StaffDialog title={title} onClose={onClose}>
      <div className="stand-sheet">
        {table && (
          <p>
            {t`Table ${table.name}`}: {words.table[table.state]}
            {table.next && ` · ${t`Needed ${time(table.next.startTime)}`}${next ? ` (${next.booking.guestName}, ${next.booking.numberOfGuests})` : ''}`}
          </p>
        )}
        {party && b && (
          <>
            <p>
              {time(b.startTime)} · {t`${b.numberOfGuests} guests`} · {b.table.name} · {words.party[party.standStatus]}
              {party.arrivedCovers ? ` · ${words.partly(party.arrivedCovers, b.numberOfGuests)}` : ''} · {b.uniqueId}
            </p>
            <ul className="stand-sheet__tags" aria-label={t`Tags`}>
              {b.guestType === 'member' && <li>{t`Member`}</li>}
              {party.vip && <li>{t`VIP`}</li>}
              {party.allergy && <li>{t`Allergy`}</li>}
              {b.occasion && <li>{b.occasion}</li>}
            </ul>
            {(b.guestAlerts ?? []).map((alert, i) => (
              <p key={i} className="stand-sheet__alert">
                {alert.kind === 'ALLERGY' ? t`Allergy` : t`Dietary`}: {alert.text ?? t`see the guest book`}
              </p>
            ))}
            {b.dietaryNote && <p className="stand-sheet__alert">{b.dietaryNote}</p>}
            {b.notes && (
              <p>
                {notes.guestRequests}: {b.notes}
              </p>
            )}
            {b.staffNotes && (
              <p>
                {notes.staffNotes}: {b.staffNotes}
              </p>
            )}
            {reconfirmationWords(party.reconfirmation, stand.date)?.lines.map((line) => (
              <p key={line} className="stand-sheet__reconfirm">
                {line}
              </p>
            ))}
            <PayLinkLine link={b.payLink} />
            {connected ? (
              <>
                <VisitActions booking={b} date={stand.date} policy={null} onDone={onDone} />
                <PayLinkActions booking={{ ...b, awaitingPayment: b.visitState === 'confirmed' && (b.payment.owed > 0 || b.payLink?.asks === 'GUARANTEE') }} onDone={onDone} />
                {party.standStatus === 'upcoming' || party.standStatus === 'late' ? <RunningLate party={party} disabled={!connected} onDone={onDone} /> : null}
                {['upcoming', 'late', 'arrived', 'seated'].includes(party.standStatus) && b.numberOfGuests > 1 && <CoversHere party={party} disabled={!connected} onDone={onDone} />}
                {['upcoming', 'late', 'arrived', 'seated'].includes(party.standStatus) && <MoveMenu stand={stand} party={party} disabled={!connected} onMove={onMove} />}
              </>
            ) : (
              <p role="alert">{t`No connection: changes are refused until it is back.`}</p>
            )}
          </>
        )}
      </div>
    </StaffDialog>
  );
}
