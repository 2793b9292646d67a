/**
 * Topping up the Club wallet by card: an amount (a preset, or one of the member's own from HK$100 to
 * HK$100,000), then the payment chart with `purpose: 'top-up'` — the same card form, 3-D Secure and
 * server confirmation as the booking wizard. The wallet is credited by the server once the processor says
 * the card paid; the page then reads the balance again.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { paymentMachine } from '../../machines/payment.machine';
import { PaymentPanel } from '../payment/payment-panel';
import { paymentActors } from '../payment/payment-actors';
import { FormMessage, SubmitButton, TextField } from '../components/form';
import { parseHkd, TOP_UP_MAX, TOP_UP_MIN } from '../../common/money';
import { useFormats } from '../i18n/use-formats';

/** The amounts offered at a tap, in minor units. */
export const TOP_UP_PRESETS = [100_000, 500_000, 1_000_000] as const;

const topUpPayment = paymentMachine.provide({ actors: paymentActors });

/** A fresh id for each top-up the member starts: its payment attempts are keyed by it. */
function newTopUpId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

type Step = { kind: 'amount'; done: number | null } | { kind: 'paying'; amount: number; topUpId: string };

export function WalletTopUp({ onToppedUp }: { onToppedUp: (amount: number) => void }) {
  const [step, setStep] = useState<Step>({ kind: 'amount', done: null });
  if (step.kind === 'paying') {
    return (
      <TopUpPayment
        key={step.topUpId}
        amount={step.amount}
        topUpId={step.topUpId}
        onSucceeded={() => {
          setStep({ kind: 'amount', done: step.amount });
          onToppedUp(step.amount);
        }}
        onBack={() => setStep({ kind: 'amount', done: null })}
      />
    );
  }
  return <AmountForm done={step.done} onChosen={(amount) => setStep({ kind: 'paying', amount, topUpId: newTopUpId() })} />;
}

function AmountForm({ done, onChosen }: { done: number | null; onChosen: (amount: number) => void }) {
  const { t } = useLingui();
  const format = useFormats();
  const [preset, setPreset] = useState<number | null>(TOP_UP_PRESETS[0]);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const min = format.money(TOP_UP_MIN);
  const max = format.money(TOP_UP_MAX);
  const added = done === null ? null : format.money(done);

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = preset ?? parseHkd(other);
    if (amount === null || amount < TOP_UP_MIN || amount > TOP_UP_MAX) {
      setError(t`Please enter an amount from ${min} to ${max}`);
      return;
    }
    onChosen(amount);
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t`Top-up amount`}>
      {added && <FormMessage success={t`${added} has been added to your wallet.`} />}
      <div className="actions" role="group" aria-label={t`Amount`}>
        {TOP_UP_PRESETS.map((amount) => (
          <button
            key={amount}
            type="button"
            className="button"
            aria-pressed={preset === amount}
            onClick={() => {
              setPreset(amount);
              setOther('');
              setError(null);
            }}
          >
            {format.money(amount)}
          </button>
        ))}
      </div>
      <TextField
        label={t`Other amount (HK$)`}
        name="amount"
        inputMode="decimal"
        hint={t`From ${min} to ${max}`}
        value={other}
        error={error ?? undefined}
        onChange={(e) => {
          setOther(e.target.value);
          // Typing an amount of one's own sets the presets aside; clearing it brings none back.
          setPreset(null);
          setError(null);
        }}
      />
      <SubmitButton label={t`Continue to payment`} busyLabel={t`One moment…`} busy={false} />
    </form>
  );
}

function TopUpPayment({
  amount,
  topUpId,
  onSucceeded,
  onBack,
}: {
  amount: number;
  topUpId: string;
  onSucceeded: () => void;
  onBack: () => void;
}) {
  const format = useFormats();
  const actor = useActorRef(topUpPayment, { input: { purpose: 'top-up', topUpId, amount } });
  const done = useSelector(actor, (s) => s.status === 'done');
  // Going back is safe until the card is with the processor; after that, the outcome must be waited for.
  const canLeave = useSelector(actor, (s) => s.matches('cardForm') || s.matches('failed'));
  const total = format.money(amount);
  useEffect(() => {
    if (done) onSucceeded();
    // Once, when the chart reaches its end.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);
  return (
    <div className="stack">
      <p>
        <Trans>Top up {total} by card.</Trans>
      </p>
      <PaymentPanel actor={actor} />
      {canLeave && (
        <button type="button" className="button button--block" onClick={onBack}>
          <Trans>Choose another amount</Trans>
        </button>
      )}
    </div>
  );
}
