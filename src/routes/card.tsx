/** Step 7, for a card guarantee: the terms in words, then a card saved (nothing charged) to hold the table. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { cardGuaranteeMachine } from '../../machines/card-guarantee.machine';
import { BookingContext } from '../booking/booking-context';
import { BookingStep } from '../booking/booking-step';
import { CardGuaranteePanel } from '../payment/card-guarantee-panel';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { useApiQuery } from '../api/use-api-query';
import { paymentConfigKey } from '../api/query-keys';

type CardGuaranteeActor = ActorRefFrom<typeof cardGuaranteeMachine>;

function CardStep({ actor }: { actor: CardGuaranteeActor }) {
  // Which processor holds the card: the payment configuration names it (the same read the payment step makes).
  const config = useApiQuery(paymentConfigKey(), () => unwrap(api.GET('/user/payment/config')), { showError: false });
  return <CardGuaranteePanel actor={actor} config={config.status === 'ready' ? config.data.data : null} />;
}

export default function CardPage() {
  const { t } = useLingui();
  // The invoked card guarantee chart (id 'saveCard'); its children map is keyed by invoke id.
  const actor = BookingContext.useSelector((s) => s.children.saveCard as CardGuaranteeActor | undefined);
  return (
    <BookingStep title={t`Save a card`}>
      {actor ? (
        <CardStep actor={actor} />
      ) : (
        <p className="muted">
          <Trans>No card is asked for now.</Trans>
        </p>
      )}
    </BookingStep>
  );
}
