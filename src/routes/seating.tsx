/** Step 4, when there is a choice: the dining area. */
import { useLingui } from '@lingui/react/macro';
import { DiningAreaChoices } from '../components/dining-area-choices';
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
      <DiningAreaChoices areas={options} onPick={(seatingAreaId) => booking.send({ type: 'seating.pick', seatingAreaId })} />
    </BookingStep>
  );
}
