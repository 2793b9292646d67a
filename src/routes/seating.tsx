/** Step 4, when there is a choice: the dining area. */
import { Trans, useLingui } from '@lingui/react/macro';
import { BookingContext } from '../booking/booking-context';
import { BookingStep } from '../booking/booking-step';

export default function SeatingPage() {
  const { t } = useLingui();
  const booking = BookingContext.useActorRef();
  const options = BookingContext.useSelector(
    (s) => s.context.timeslots.find((slot) => slot.startTime === s.context.draft.startTime)?.seatingOptions ?? [],
  );
  return (
    <BookingStep title={t`Choose a dining area`}>
      <ul className="list stack">
        <li>
          <button type="button" className="card choice" onClick={() => booking.send({ type: 'seating.pick', seatingAreaId: null })}>
            <span className="card__title">
              <Trans>No preference</Trans>
            </span>
            <span className="card__meta">
              <Trans>We will seat you at the best table available.</Trans>
            </span>
          </button>
        </li>
        {options.map((area) => (
          <li key={area._id}>
            <button
              type="button"
              className="card choice"
              onClick={() => booking.send({ type: 'seating.pick', seatingAreaId: area._id })}
            >
              <span className="card__title">{area.name}</span>
              <span className="card__meta">{area.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </BookingStep>
  );
}
