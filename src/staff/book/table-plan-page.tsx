/**
 * The table plan at a chosen time on the shell's day, with the host stand's actions on the book: move a
 * booking from its table, take a phone booking, seat a walk-in. Each action, and each change the venue's
 * live stream reports, reads the plan again.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FormMessage } from '../../components/form';
import { href } from '../../navigation/navigator';
import { staffTablePlanKey, staffTablePlanPrefix, venueKey } from '../../api/query-keys';
import { serverClock } from '../../api/server-clock';
import { invalidate, useApiQuery } from '../../api/use-api-query';
import { clockTimeOf, serviceDayOf, serviceMinutesOf } from '../../../common/service-day';
import { daysBetween, serviceDateTime } from '../../../common/time';
import type { Venue } from '../../../common/venues';
import { useFailureText } from '../../i18n/message-text';
import { loadTablePlan, loadVenueAnswer, type TablePlanTable } from './book-calls';
import { MoveDialog } from './move-dialog';
import { PhoneBookingForm } from './phone-booking-form';
import { StaffDialog } from './staff-dialog';
import { WhyNotPanel } from '../why-not/why-not-panel';
import { TablePlanGrid } from './table-plan-grid';
import { useVenueEvents } from '../use-venue-events';
import { WalkInForm } from './walk-in-form';
import { WalkInQueuePanel } from '../host-stand/walk-in-queue/walk-in-queue-panel';
import './book.css';

type Open = { kind: 'move'; table: TablePlanTable } | { kind: 'phone' } | { kind: 'walk-in' } | { kind: 'why-not' } | null;

/** The clock time of now when `date` is the service day running (00:01 on Thursday is Wednesday's), else null. */
function nowOn(date: string): string | null {
  const running = serviceDayOf(serverClock.now());
  return running.date === date ? clockTimeOf(running.minutes) : null;
}

/** The clock time to open the plan at: now on the service day running, else the evening. */
const initialTime = (date: string): string => nowOn(date) ?? '19:00';

export function TablePlanPage({ venue, date }: { venue: Venue; date: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const [time, setTime] = useState(() => initialTime(date));
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  const minutes = serviceMinutesOf(time);
  const at = minutes === null ? null : serviceDateTime(date, minutes);
  // The failure shows on the page, not as a toast; the plan stays on screen while another time is read.
  const planRead = useApiQuery(at && staffTablePlanKey(venue.value, at), () => loadTablePlan(venue.value, at!), { showError: false, keepData: true });
  const detailRead = useApiQuery(venueKey(venue.domain), () => loadVenueAnswer(venue.domain), { showError: false });
  const plan = planRead.status === 'ready' ? planRead.data : null;
  const detail = detailRead.status === 'ready' ? detailRead.data.data : null;
  // Live: a booking made, moved or cancelled anywhere (a guest online, another host) shows without a reload,
  // at this time and at any other kept. (Bookings of the days around reach into this one after midnight.)
  const readAgain = () => {
    invalidate(staffTablePlanPrefix(venue.value));
    planRead.reload();
  };
  useVenueEvents(venue.value, { onReady: readAgain, onChange: (event) => Math.abs(daysBetween(date, event.date)) <= 1 && readAgain() });

  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
    // The change itself made the plans stale (book-calls.ts): this reads the one on screen again.
    planRead.reload();
  };
  // A walk-in is seated now: the plan moves to now, where its table shows seated.
  const seated = (message: string) => {
    const now = nowOn(date);
    if (now && now !== time) setTime(now);
    finish(message);
  };
  // Walk-ins are seated now, so only on the plan of the service day running.
  const walkInsHere = nowOn(date) !== null;

  return (
    <div className="table-plan">
      <div className="staff-scope" role="group" aria-label={t`Time and actions`}>
        <label className="staff-scope__field">
          <span>{t`Time`}</span>
          <input type="time" value={time} required onChange={(e) => setTime(e.target.value)} />
        </label>
        <button type="button" className="button" onClick={planRead.reload}>
          {t`Refresh`}
        </button>
        <button type="button" className="button" disabled={!detail} onClick={() => setOpen({ kind: 'phone' })}>
          {t`Phone booking`}
        </button>
        <button type="button" className="button" onClick={() => setOpen({ kind: 'walk-in' })}>
          {t`Walk-in`}
        </button>
        <button type="button" className="button" onClick={() => setOpen({ kind: 'why-not' })}>
          {t`Why not?`}
        </button>
      </div>
      <FormMessage error={planRead.status === 'error' ? failureText(planRead.error) : null} success={done} />
      {plan && <TablePlanGrid plan={plan} onMove={(table) => setOpen({ kind: 'move', table })} />}
      {walkInsHere && <WalkInQueuePanel venueId={venue.value} date={date} areas={plan?.areas ?? []} onSeated={readAgain} />}

      {open?.kind === 'move' && open.table.booking && (
        <MoveDialog booking={open.table.booking} venueId={venue.value} onClose={() => setOpen(null)} onMoved={finish} />
      )}
      {open?.kind === 'phone' && detail && (
        <StaffDialog title={t`Phone booking`} onClose={() => setOpen(null)}>
          <PhoneBookingForm venue={detail} plan={plan} date={date} time={time} onBooked={finish} />
        </StaffDialog>
      )}
      {open?.kind === 'why-not' && (
        <StaffDialog title={t`Why not?`} onClose={() => setOpen(null)}>
          <WhyNotPanel venueId={venue.value} experiences={detail?.experiences ?? []} initial={{ date, time, guests: '2', experienceId: detail?.experiences[0]?._id }} />
        </StaffDialog>
      )}
      {open?.kind === 'walk-in' && (
        <StaffDialog title={t`Walk-in`} onClose={() => setOpen(null)}>
          {walkInsHere ? (
            <WalkInForm venueId={venue.value} plan={plan} onSeated={seated} />
          ) : (
            <p>
              {t`A walk-in is seated now, so on the plan of the service running now, not of this day.`}{' '}
              <a href={href('staff-table-plan', { venue: venue.domain, date: serviceDayOf(serverClock.now()).date })}>{t`Open today's plan`}</a>
            </p>
          )}
        </StaffDialog>
      )}
    </div>
  );
}
