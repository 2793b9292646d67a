/**
 * The payment chart on the page, for a reservation (the wizard) or a wallet top-up (the wallet page):
 * choose how to pay, the card form, 3-D Secure, and the outcome.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Suspense, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { offeredSavedCards, offersWallet, type PaymentProblem, type paymentMachine } from '../../machines/payment.machine';
import { useMessageText } from '../i18n/message-text';
import { useFormats } from '../i18n/use-formats';
import { Working } from '../booking/booking-step';
import { CardForm } from './card-form';
import { CardFormBoundary } from './card-form-boundary';
import { BankCheckActions } from './bank-check-actions';
import { PaymentFailed } from './payment-failed';
import { StripePaymentForm } from './stripe-lazy';
import { PaymentProcessing } from './payment-processing';
import { SavedCardChoices } from './saved-card-choices';

type PaymentActor = ActorRefFrom<typeof paymentMachine>;


function useProblemText(): (problem: PaymentProblem) => string {
  const { t } = useLingui();
  return (problem) =>
    ({
      config: t`Failed to get payment configuration`,
      provider: t`Card payment provider initialization failed`,
      initialization: t`The initialization of the payment has failed.`,
      component: t`Failed to create payment component`,
      'not-initialized': t`Payment component not initialized`,
      during: t`An error occurred during payment`,
      abnormal: t`Payment status abnormal`,
    })[problem];
}

export function PaymentPanel({ actor }: { actor: PaymentActor }) {
  const { t } = useLingui();
  const translate = useMessageText();
  const problemText = useProblemText();
  const format = useFormats();
  const snapshot = useSelector(actor, (s) => s);
  const { amount, refusal, problem, config, payment } = snapshot.context;
  const total = format.money(amount);
  const walletOffered = offersWallet(snapshot.context);
  // Outlives the card form, which a refused card replaces: a declined card should not cost the guest their name.
  const cardholderName = useRef('');

  if (snapshot.matches('failed')) {
    return <PaymentFailed problem={problemText(problem ?? 'during')} refusal={refusal?.message} onRetry={() => actor.send({ type: 'retry' })} />;
  }
  if (snapshot.matches('choosingMethod')) {
    return (
      <div className="stack">
        {refusal && (
          <p className="form-error" role="alert">
            {translate(refusal.message)}
          </p>
        )}
        <button type="button" className="button button--primary button--block" onClick={() => actor.send({ type: 'method.card' })}>
          <Trans>Pay {total} by card</Trans>
        </button>
        <button type="button" className="button button--block" onClick={() => actor.send({ type: 'method.wallet' })}>
          <Trans>Pay {total} from my Club wallet</Trans>
        </button>
      </div>
    );
  }
  if (snapshot.matches('payingBySavedCard')) return <PaymentProcessing>{t`Processing your payment…`}</PaymentProcessing>;
  if (snapshot.matches('cardForm') || snapshot.matches('submitting')) {
    return (
      <>
        {problem && (
          <p className="form-error" role="alert">
            {problemText(problem)}
          </p>
        )}
        {snapshot.matches('cardForm') && (
          <SavedCardChoices
            cards={offeredSavedCards(snapshot.context)}
            total={total}
            onPay={(savedCardId) => actor.send({ type: 'card.saved', savedCardId })}
          />
        )}
        <CardFormBoundary>
          {config?.provider === 'stripe' ? (
            payment?.clientSecret ? (
              <Suspense fallback={<Working>{t`One moment…`}</Working>}>
                <StripePaymentForm
                  publishableKey={config.publishableKey}
                  clientSecret={payment.clientSecret}
                  submitLabel={t`Pay ${total}`}
                  busy={snapshot.matches('submitting')}
                  refusal={refusal}
                  onConfirm={(confirm) => actor.send({ type: 'card.submit', confirm })}
                />
              </Suspense>
            ) : (
              <p className="form-error" role="alert">
                {problemText('not-initialized')}
              </p>
            )
          ) : (
            <CardForm
              submitLabel={t`Pay ${total}`}
              busy={snapshot.matches('submitting')}
              refusal={refusal}
              cardholderName={cardholderName.current}
              onSubmit={(card) => {
                cardholderName.current = card.cardholderName;
                actor.send({ type: 'card.submit', card });
              }}
            />
          )}
        </CardFormBoundary>
        {snapshot.matches('submitting') && <PaymentProcessing>{t`Processing your payment…`}</PaymentProcessing>}
        {walletOffered && !snapshot.matches('submitting') && (
          <button type="button" className="button button--block" onClick={() => actor.send({ type: 'method.wallet' })}>
            <Trans>Pay from my Club wallet instead</Trans>
          </button>
        )}
      </>
    );
  }
  if (snapshot.matches('challenge')) {
    return (
      <section className="card" aria-labelledby="challenge-title">
        <h2 className="card__title" id="challenge-title">
          <Trans>Confirm with your bank</Trans>
        </h2>
        {problem && (
          <p className="form-error" role="alert">
            {problemText(problem)}
          </p>
        )}
        {config?.provider === 'stripe' ? (
          // Stripe's check ran in its own window, which a reload closed: it is shown again for the same intent.
          <p>
            <Trans>Your bank's check of this payment of {total} was not finished.</Trans>
          </p>
        ) : (
          <p>
            <Trans>Your bank asks you to confirm this payment of {total} (3-D Secure, test mode).</Trans>
          </p>
        )}
        <BankCheckActions
          config={config}
          clientSecret={payment?.clientSecret ?? null}
          approveLabel={t`Confirm payment`}
          onApprove={(resume) => actor.send({ type: 'challenge.approve', ...(resume ? { resume } : {}) })}
          onFail={() => actor.send({ type: 'challenge.fail' })}
        >
          <button type="button" className="button" onClick={() => actor.send({ type: 'card.another' })}>
            <Trans>Pay with another card</Trans>
          </button>
        </BankCheckActions>
      </section>
    );
  }
  if (snapshot.matches('confirming') || snapshot.matches('answeringChallenge')) {
    return <PaymentProcessing>{snapshot.matches('confirming') ? t`Confirming your payment…` : t`One moment…`}</PaymentProcessing>;
  }
  return <Working>{t`One moment…`}</Working>;
}
