/**
 * The table plan's grid: per dining area, each table with its seats and its state, told in words as well
 * as colour (free, held, booked, seated) with the booking on it; a confirmed party not yet arrived can be moved.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { TablePlan, TablePlanTable } from './book-calls';
import { TablePlanMap } from './table-plan-map';
import { GuestAlerts } from '../guests/guest-alerts';

type State = TablePlanTable['state'];

export function useStateLabels(): Record<State, string> {
  const { t } = useLingui();
  return { free: t`Free`, held: t`Held`, booked: t`Booked`, seated: t`Seated` };
}

function BookingLine({ table }: { table: TablePlanTable }) {
  const { t } = useLingui();
  const booking = table.booking;
  if (!booking) return null;
  const name = [booking.firstName, booking.lastName].filter(Boolean).join(' ') || booking.uniqueId;
  const guests = booking.numberOfGuests;
  return (
    <>
      <p className="table-card__booking">
        {`${booking.startTimeStr} · `}
        {plural(guests, { one: '# guest', other: '# guests' })}
        {` · ${name}`}
        {booking.visitStatus === 'ARRIVED' && <> · {t`Arrived`}</>}
        {booking.visitStatus === 'FINISHED' && <> · {t`Finished`}</>}
      </p>
      <GuestAlerts alerts={booking.guestAlerts} />
    </>
  );
}

export function TablePlanGrid({ plan, onMove }: { plan: TablePlan; onMove: (table: TablePlanTable) => void }) {
  const { t } = useLingui();
  const labels = useStateLabels();
  return (
    <>
      <ul className="table-plan__legend" aria-label={t`Table states`}>
        {(Object.keys(labels) as State[]).map((state) => (
          <li key={state} className={`table-state table-state--${state}`}>
            {labels[state]}
          </li>
        ))}
      </ul>
      {plan.areas.map((area) => (
        <section key={area._id} className="table-plan__area" aria-labelledby={`area-${area._id}`}>
          <h2 id={`area-${area._id}`}>{area.name}</h2>
          <TablePlanMap area={area} labels={labels} />
          <ul className="table-plan__grid">
            {area.tables.map((table) => {
              const min = table.minGuests;
              const max = table.maxGuests;
              const movable = table.state === 'booked' && table.booking?.status === 'CONFIRMED' && !table.booking.visitStatus;
              const reference = table.booking?.uniqueId ?? '';
              return (
                <li key={table._id} className={`table-card table-card--${table.state}`}>
                  <p className="table-card__head">
                    <strong>{table.name}</strong>
                    <span className={`table-state table-state--${table.state}`}>{labels[table.state]}</span>
                  </p>
                  <p className="table-card__seats">{t`Seats ${min}–${max}`}</p>
                  <BookingLine table={table} />
                  {movable && (
                    <button type="button" className="button" onClick={() => onMove(table)}>
                      {t`Move ${reference}`}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}
