/**
 * The card guarantee chart on the page (machines/card-guarantee.machine.ts): the terms in words, the card
 * form (the test processor's, or Stripe's Payment Element confirming the setup), the bank's 3-D Secure
 * check when it asks, and what went wrong. Nothing is charged: the card is saved for the policy's fee.
 * The booking wizard's card step shows it, and the pay link of a guaranteed phone booking (src/manage/save-card-by-link.tsx).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Suspense, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CardGuaranteeProblem, cardGuaranteeMachine } from '../../machines/card-guarantee.machine';
import type { PaymentConfig } from '../../machines/payment.machine';
import { useFormats } from '../i18n/use-formats';
import { guaranteeTermsText } from '../booking/policy-texts';
import { Working } from '../booking/booking-step';
import { CardForm } from './card-form';
import { CardFormBoundary } from './card-form-boundary';
import { BankCheckActions } from './bank-check-actions';
import { PaymentFailed } from './payment-failed';
import { StripePaymentForm } from './stripe-lazy';
import { PaymentProcessing } from './payment-processing';

type CardGuaranteeActor = ActorRefFrom<typeof cardGuaranteeMachine>;


function useProblemText(): (problem: CardGuaranteeProblem) => string {
  const { t } = useLingui();
  return (problem) =>
    ({
      initialization: t`Your card could not be saved.`,
      during: t`An error occurred while saving your card.`,
      abnormal: t`We could not confirm that your card is saved.`,
    })[problem];
}

/**
 * `config`: the payment configuration naming the processor that holds the card (null while it is read).
 * The terms are written from the server's answer for the booking (its fee a guest, until when a
 * cancellation is free), in the policy step's own words.
 */
export function CardGuaranteePanel({ actor, config: provider }: { actor: CardGuaranteeActor; config: PaymentConfig | null }) {
  const { t, i18n } = useLingui();
  const format = useFormats();
  const problemText = useProblemText();
  const snapshot = useSelector(actor, (s) => s);
  const { refusal, problem, guarantee } = snapshot.context;
  // Outlives the card form, which a refused card replaces.
  const cardholderName = useRef('');
  const clientSecret = guarantee?.clientSecret ?? null;
  const terms = guarantee ? guaranteeTermsText(i18n, { noShow: format.money(guarantee.feePerGuest), hours: 0, cancelBy: format.dateTime(guarantee.cancelBy) }) : '';

  const termsLine = (
    <p className="card-guarantee__terms" data-testid="card-guarantee-terms">
      {terms}
    </p>
  );

  if (snapshot.matches('failed')) {
    return (
      <PaymentFailed problem={problemText(problem ?? 'during')} refusal={refusal?.message} onRetry={() => actor.send({ type: 'retry' })}>
        {termsLine}
      </PaymentFailed>
    );
  }
  if (snapshot.matches('cardForm') || snapshot.matches('saving')) {
    const saving = snapshot.matches('saving');
    if (!provider) return <Working>{t`One moment…`}</Working>;
    return (
      <>
        {termsLine}
        {problem && (
          <p className="form-error" role="alert">
            {problemText(problem)}
          </p>
        )}
        <CardFormBoundary>
          {provider.provider === 'stripe' && clientSecret ? (
            <Suspense fallback={<Working>{t`One moment…`}</Working>}>
              <StripePaymentForm
                publishableKey={provider.publishableKey}
                clientSecret={clientSecret}
                confirms="setup"
                submitLabel={t`Save card`}
                busyLabel={t`Saving your card…`}
                busy={saving}
                refusal={refusal}
                onConfirm={(confirm) => actor.send({ type: 'card.submit', confirm })}
              />
            </Suspense>
          ) : (
            <CardForm
              submitLabel={t`Save card`}
              busyLabel={t`Saving your card…`}
              busy={saving}
              refusal={refusal}
              cardholderName={cardholderName.current}
              onSubmit={(card) => {
                cardholderName.current = card.cardholderName;
                actor.send({ type: 'card.submit', card });
              }}
            />
          )}
        </CardFormBoundary>
        {saving && <PaymentProcessing>{t`Saving your card…`}</PaymentProcessing>}
      </>
    );
  }
  if (snapshot.matches('challenge')) {
    return (
      <section className="card" aria-labelledby="card-challenge-title">
        <h2 className="card__title" id="card-challenge-title">
          <Trans>Confirm with your bank</Trans>
        </h2>
        <p>
          <Trans>Your bank asks you to confirm this card before it is saved (3-D Secure). Nothing is charged.</Trans>
        </p>
        <BankCheckActions
          config={provider}
          clientSecret={clientSecret}
          approveLabel={t`Confirm card`}
          onApprove={(resume) => actor.send({ type: 'challenge.approve', ...(resume ? { resume } : {}) })}
          onFail={() => actor.send({ type: 'challenge.fail' })}
        />
      </section>
    );
  }
  return <PaymentProcessing>{snapshot.matches('checking') ? t`Saving your card…` : t`One moment…`}</PaymentProcessing>;
}
