/** Step 7, for a card guarantee: the terms in words, then a card saved (nothing charged) to hold the table. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { cardGuaranteeMachine } from '../../machines/card-guarantee.machine';
import { BookingContext } from '../booking/booking-context';
import { BookingStep } from '../booking/booking-step';
import { useGuaranteeTerms } from '../booking/policy-agreements';
import { CardGuaranteePanel } from '../payment/card-guarantee-panel';

type CardGuaranteeActor = ActorRefFrom<typeof cardGuaranteeMachine>;

function CardStep({ actor }: { actor: CardGuaranteeActor }) {
  const venue = BookingContext.useSelector((s) => s.context.venue)!;
  const experienceId = BookingContext.useSelector((s) => s.context.draft.experienceId);
  const reservation = BookingContext.useSelector((s) => s.context.reservation);
  const terms = useGuaranteeTerms(venue, experienceId, reservation ? { date: reservation.date, startTime: reservation.startTime } : null);
  return <CardGuaranteePanel actor={actor} terms={terms} />;
}

export default function CardPage() {
  const { t } = useLingui();
  // The invoked card guarantee chart (id 'saveCard'); its children map is keyed by invoke id.
  const actor = BookingContext.useSelector((s) => s.children.saveCard as CardGuaranteeActor | undefined);
  const venue = BookingContext.useSelector((s) => s.context.venue);
  return (
    <BookingStep title={t`Save a card`}>
      {actor && venue ? (
        <CardStep actor={actor} />
      ) : (
        <p className="muted">
          <Trans>No card is asked for now.</Trans>
        </p>
      )}
    </BookingStep>
  );
}
