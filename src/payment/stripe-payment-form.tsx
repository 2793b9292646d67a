/**
 * The card step on Stripe: Stripe.js loaded with the publishable key GET /user/payment/config names, and
 * its Payment Element for the payment's client secret, in the app's language. The Element holds the card
 * (it never reaches our page's script or our API) and offers what the intent allows: cards with 3-D
 * Secure, Apple Pay and Google Pay. Pay hands the chart a `confirm` that confirms at Stripe.
 *
 * docs/PRODUCT.md §8's texts where they apply: Stripe.js not loading is 'Card payment provider
 * initialization failed'; the Element failing to load, 'Failed to create payment component'; Pay before
 * it is ready, 'Payment component not initialized'.
 */
import { useLingui } from '@lingui/react/macro';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import type { PaymentIntent } from '../../machines/payment.machine';
import { isLocale, DEFAULT_LOCALE } from '../../common/locales';
import { SubmitButton } from '../components/form';
import { Working } from '../booking/booking-step';
import { confirmSetupWithElement, confirmWithElement, resumeBankCheck, STRIPE_LOCALES } from './stripe-confirm';

// One Stripe.js per key for the page's life, as Stripe asks; a failed load is forgotten so Try again loads anew.
const loads = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = loads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey);
    loads.set(publishableKey, load);
    load.then(
      (stripe) => stripe || loads.delete(publishableKey),
      () => loads.delete(publishableKey),
    );
  }
  return load;
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; stripe: Stripe };

export interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  submitLabel: string;
  busy: boolean;
  /** Stripe's reason the last card was refused (already in the Element's language), or a field to fix. */
  refusal: { message: string; field?: string } | null;
  onConfirm: (confirm: () => Promise<PaymentIntent>) => void;
  /** `setup`: the client secret is a card guarantee's setup, confirmed with confirmSetup (nothing charged). */
  confirms?: 'payment' | 'setup';
  /** Said while the card is with Stripe ('Paying…' unless told). */
  busyLabel?: string;
}

export function StripePaymentForm(props: StripePaymentFormProps) {
  const { t, i18n } = useLingui();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    stripeFor(props.publishableKey).then(
      (stripe) => live && setLoaded(stripe ? { state: 'ready', stripe } : { state: 'failed' }),
      () => live && setLoaded({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [props.publishableKey, attempt]);

  if (loaded.state === 'loading') return <Working>{t`One moment…`}</Working>;
  if (loaded.state === 'failed') {
    return (
      <div>
        <p className="form-error" role="alert">
          {t`Card payment provider initialization failed`}
        </p>
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => {
            setLoaded({ state: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          {t`Try again`}
        </button>
      </div>
    );
  }
  const locale = STRIPE_LOCALES[isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE];
  return (
    // A new client secret (a fresh attempt after a refusal) is a new Element.
    <Elements key={props.clientSecret} stripe={loaded.stripe} options={{ clientSecret: props.clientSecret, locale }}>
      <ElementForm {...props} />
    </Elements>
  );
}

function ElementForm({ submitLabel, busy, refusal, onConfirm, confirms = 'payment', busyLabel }: StripePaymentFormProps) {
  const { t } = useLingui();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<'component' | 'not-initialized' | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || !ready) {
      setProblem('not-initialized');
      return;
    }
    setProblem(null);
    const confirm = confirms === 'setup' ? confirmSetupWithElement : confirmWithElement;
    onConfirm(() => confirm(stripe, elements, window.location.href));
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t`Card details`} aria-busy={!ready}>
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setReady(true)}
        onLoadError={() => setProblem('component')}
      />
      {!ready && problem === null && <Working>{t`One moment…`}</Working>}
      {problem && (
        <p className="form-error" role="alert">
          {problem === 'component' ? t`Failed to create payment component` : t`Payment component not initialized`}
        </p>
      )}
      {refusal?.message && (
        <p className="form-error" role="alert">
          {refusal.message}
        </p>
      )}
      <SubmitButton label={submitLabel} busyLabel={busyLabel ?? t`Paying…`} busy={busy} />
    </form>
  );
}

/**
 * The bank's check again for a payment a reload left in it (docs/PRODUCT.md §9, card payments): Stripe.js
 * is loaded with the same key and `resume` hands the chart a call that shows the check for this intent.
 */
export function StripeBankCheckButton({ publishableKey, clientSecret, label, onResume }: { publishableKey: string; clientSecret: string; label: string; onResume: (resume: () => Promise<PaymentIntent>) => void }) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  useEffect(() => {
    let live = true;
    stripeFor(publishableKey).then(
      (loaded) => live && setStripe(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  return (
    <button type="button" className="button button--primary" disabled={!stripe} onClick={() => stripe && onResume(() => resumeBankCheck(stripe, clientSecret))}>
      {label}
    </button>
  );
}
