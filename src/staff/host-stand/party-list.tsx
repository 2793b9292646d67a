/**
 * The stand's party list (docs/PRODUCT.md §6): one line per booking (time; name with member, VIP and
 * allergy marks; covers; table; status; money owed; a staff-note mark; reconfirmed or not), filters by status with their
 * counts, and a search. Each line's handle drags the party onto a table (by keyboard too); its name
 * opens the party's sheet.
 */
import { useDraggable } from '@dnd-kit/core';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useFormats } from '../../i18n/use-formats';
import type { HostStand, StandParty, StandStatus } from './stand-calls';
import { useReconfirmationWords } from './reconfirmation-words';
import { PARTLY_ICON, STATE_ICON, useStateWords } from './stand-words';

export type PartyFilter = 'all' | Exclude<StandStatus, 'held'>;
const FILTERS: readonly PartyFilter[] = ['all', 'upcoming', 'late', 'arrived', 'seated', 'finished', 'noShow', 'cancelled'];

const DONE: readonly StandStatus[] = ['finished', 'noShow', 'cancelled'];

const matches = (party: StandParty, filter: PartyFilter, search: string) =>
  (filter === 'all' || party.standStatus === filter) &&
  (!search || [party.booking.guestName, party.booking.uniqueId, party.booking.table.name, party.booking.mobile ?? ''].some((s) => s.toLowerCase().includes(search)));

function PartyLine({ party, date, onOpen, disabled }: { party: StandParty; date: string; onOpen(): void; disabled: boolean }) {
  const { t } = useLingui();
  const { time, money } = useFormats();
  const words = useStateWords();
  const reconfirmation = useReconfirmationWords()(party.reconfirmation, date);
  const { booking } = party;
  const movable = party.standStatus !== 'finished' && party.standStatus !== 'noShow' && party.standStatus !== 'cancelled' && party.standStatus !== 'held';
  const drag = useDraggable({ id: `party:${booking.id}`, disabled: disabled || !movable, data: { partyId: booking.id } });
  const partly = party.arrivedCovers ? words.partly(party.arrivedCovers, booking.numberOfGuests) : null;
  const status =
    party.standStatus === 'late'
      ? t`Late ${party.lateMinutes ?? 0} min`
      : party.standStatus === 'seated'
        ? `${words.party.seated} ${party.seatedMinutes ?? 0}′${party.overdue ? ` ${t`Overdue`}` : ''}${partly ? ` · ${partly}` : ''}`
        : party.standStatus === 'arrived'
          ? (partly ?? words.party.arrived)
          : words.party[party.standStatus];
  // Arrived and partly arrived each have a word and a sign (docs/PRODUCT.md §6: never colour alone).
  const sign = party.standStatus === 'arrived' ? (partly ? PARTLY_ICON : STATE_ICON.arrived) : null;
  return (
    <li className={`stand-party stand-party--${party.standStatus}${party.overdue ? ' stand-party--overdue' : ''}${partly ? ' stand-party--partly' : ''}`} data-party={booking.guestName}>
      <button
        type="button"
        ref={drag.setNodeRef}
        {...drag.listeners}
        {...drag.attributes}
        className="stand-party__handle"
        disabled={disabled || !movable}
        aria-label={t`Drag ${booking.guestName} to a table`}
      >
        ⠿
      </button>
      <span className="stand-party__time">{time(booking.startTime)}</span>
      <button type="button" className="stand-party__name" onClick={onOpen}>
        {booking.guestName}
        {booking.guestType === 'member' && <abbr title={t`Member`}> ★</abbr>}
        {party.vip && <abbr title={t`VIP`}> VIP</abbr>}
        {party.allergy && <abbr title={t`Allergy`}> ⚕</abbr>}
      </button>
      <span className="stand-party__covers">{t`${booking.numberOfGuests} p`}</span>
      <span className="stand-party__table">{booking.table.name}</span>
      <span className="stand-party__status">
        {sign && <span aria-hidden="true">{sign} </span>}
        {status}
        {party.runningLateMinutes ? ` · ${t`expected +${party.runningLateMinutes} min`}` : ''}
      </span>
      <span className="stand-party__owed">{booking.payment.owed > 0 ? money(booking.payment.owed) : ''}</span>
      <span className="stand-party__note">{party.staffNote ? <abbr title={t`Staff note`}>✎</abbr> : ''}</span>
      <span className="stand-party__reconfirm">
        {reconfirmation && (
          <span title={reconfirmation.lines.join('. ')} aria-label={`${reconfirmation.short}. ${reconfirmation.lines.join('. ')}`} role="img">
            {reconfirmation.sign}
          </span>
        )}
      </span>
    </li>
  );
}

export function PartyList({ stand, onOpen, disabled }: { stand: HostStand; onOpen(party: StandParty): void; disabled: boolean }) {
  const { t } = useLingui();
  const [filter, setFilter] = useState<PartyFilter>('all');
  const [search, setSearch] = useState('');
  const label: Record<PartyFilter, string> = {
    all: t`All`,
    upcoming: t`Upcoming`,
    late: t`Late`,
    arrived: t`Arrived`,
    seated: t`Seated`,
    finished: t`Finished`,
    noShow: t`No-show`,
    cancelled: t`Cancelled`,
  };
  const query = search.trim().toLowerCase();
  // The parties still to seat or sitting come first; those done with (finished, no-show, cancelled) after them, each in time order.
  const shown = useMemo(() => [...stand.parties.filter((p) => matches(p, filter, query))].sort((a, b) => Number(DONE.includes(a.standStatus)) - Number(DONE.includes(b.standStatus))), [stand, filter, query]);
  return (
    <section className="stand-list" aria-label={t`Parties`}>
      <div className="stand-list__filters" role="group" aria-label={t`Show parties`}>
        {FILTERS.map((f) => (
          <button key={f} type="button" className="stand-filter" aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {label[f]} <span className="stand-filter__count">{stand.counts[f]}</span>
          </button>
        ))}
      </div>
      <input type="search" className="stand-list__search" aria-label={t`Search parties`} placeholder={t`Name, reference, table or phone`} value={search} onChange={(e) => setSearch(e.target.value)} />
      {shown.length === 0 ? (
        <p className="muted">{t`No parties here.`}</p>
      ) : (
        <ul className="stand-list__rows" aria-label={t`Parties`}>
          {shown.map((party) => (
            <PartyLine key={party.booking.id} party={party} date={stand.date} onOpen={() => onOpen(party)} disabled={disabled} />
          ))}
        </ul>
      )}
    </section>
  );
}
