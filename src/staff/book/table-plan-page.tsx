/**
 * The table plan at a chosen time on the shell's day, with the host stand's actions on the book: move a
 * booking from its table, take a phone booking, seat a walk-in. Each action, and each change the venue's
 * live stream reports, reads the plan again.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FormMessage } from '../../components/form';
import { serverClock } from '../../api/server-clock';
import { clockTimeOf, serviceMinutesOf } from '../../domain/service-day';
import { daysBetween, hongKongDate, hongKongMinutes, serviceDateTime } from '../../domain/time';
import type { Venue } from '../../domain/venues';
import { useFailureText } from '../../i18n/message-text';
import { loadTablePlan, loadVenueDetail, type TablePlanTable } from './book-calls';
import { MoveDialog } from './move-dialog';
import { PhoneBookingForm } from './phone-booking-form';
import { StaffDialog } from './staff-dialog';
import { TablePlanGrid } from './table-plan-grid';
import { useLoaded } from './use-loaded';
import { useVenueEvents } from '../use-venue-events';
import { WalkInForm } from './walk-in-form';
import './book.css';

type Open = { kind: 'move'; table: TablePlanTable } | { kind: 'phone' } | { kind: 'walk-in' } | null;

/** The clock time to open the plan at: now on the day that is today, else the evening. */
function initialTime(date: string): string {
  const now = serverClock.now();
  return hongKongDate(now) === date ? clockTimeOf(hongKongMinutes(now)) : '19:00';
}

export function TablePlanPage({ venue, date }: { venue: Venue; date: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const [time, setTime] = useState(() => initialTime(date));
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  const minutes = serviceMinutesOf(time);
  const at = minutes === null ? null : serviceDateTime(date, minutes);
  const plan = useLoaded(() => (at ? loadTablePlan(venue.value, at) : Promise.resolve(null)), `${venue.value}|${at?.toISOString()}`);
  const detail = useLoaded(() => loadVenueDetail(venue.domain), venue.domain);
  // Live: a booking made, moved or cancelled anywhere (a guest online, another host) shows without a reload.
  // (Bookings of the days around reach into this one after midnight.)
  useVenueEvents(venue.value, { onReady: plan.reload, onChange: (event) => Math.abs(daysBetween(date, event.date)) <= 1 && plan.reload() });

  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
    plan.reload();
  };

  return (
    <div className="table-plan">
      <div className="staff-scope" role="group" aria-label={t`Time and actions`}>
        <label className="staff-scope__field">
          <span>{t`Time`}</span>
          <input type="time" value={time} required onChange={(e) => setTime(e.target.value)} />
        </label>
        <button type="button" className="button" onClick={plan.reload}>
          {t`Refresh`}
        </button>
        <button type="button" className="button" disabled={!detail.data} onClick={() => setOpen({ kind: 'phone' })}>
          {t`Phone booking`}
        </button>
        <button type="button" className="button" onClick={() => setOpen({ kind: 'walk-in' })}>
          {t`Walk-in`}
        </button>
      </div>
      <FormMessage error={plan.error ? failureText(plan.error) : null} success={done} />
      {plan.data && <TablePlanGrid plan={plan.data} onMove={(table) => setOpen({ kind: 'move', table })} />}

      {open?.kind === 'move' && open.table.booking && (
        <MoveDialog booking={open.table.booking} venueId={venue.value} onClose={() => setOpen(null)} onMoved={finish} />
      )}
      {open?.kind === 'phone' && detail.data && (
        <StaffDialog title={t`Phone booking`} onClose={() => setOpen(null)}>
          <PhoneBookingForm venue={detail.data} plan={plan.data} date={date} onBooked={finish} />
        </StaffDialog>
      )}
      {open?.kind === 'walk-in' && (
        <StaffDialog title={t`Walk-in`} onClose={() => setOpen(null)}>
          <WalkInForm venueId={venue.value} plan={plan.data} onSeated={finish} />
        </StaffDialog>
      )}
    </div>
  );
}
