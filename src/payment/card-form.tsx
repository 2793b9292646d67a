/**
 * The card form: cardholder name, number, expiry and security code with the browser's `cc-*`
 * autocomplete, checked with the processor's own rules before sending. The details go to the card
 * processor only (through the payment chart), never to our API or to storage.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { CardDetails } from '../../machines/payment.machine';
import { serverClock } from '../api/server-clock';
import { SubmitButton, TextField } from '../components/form';
import { cardProblem, groupCardNumber, normalizeCardNumber, parseCardExpiry, type CardField } from '../../common/validation/card-validation';
import { useMessageText } from '../i18n/message-text';

/** The input of each field the processor may refuse. */
const FIELD_INPUTS: Partial<Record<CardField, string>> = {
  cardholderName: 'cc-name',
  cardNumber: 'cc-number',
  expMonth: 'cc-exp',
  expYear: 'cc-exp',
  cvc: 'cc-csc',
};

export function CardForm({
  submitLabel,
  busyLabel,
  busy,
  refusal,
  cardholderName = '',
  onSubmit,
}: {
  submitLabel: string;
  /** Said while the card is with the processor ('Paying…' unless told). */
  busyLabel?: string;
  busy: boolean;
  /** The name typed for the last attempt: a refused card brings a fresh form, but the guest's name stays. */
  cardholderName?: string;
  /** The processor's refusal of the last attempt, put beside its field when it names one. */
  refusal: { message: string; field?: string } | null;
  onSubmit: (card: CardDetails) => void;
}) {
  const { t } = useLingui();
  const translate = useMessageText();
  const [values, setValues] = useState({ cardholderName, cardNumber: '', expiry: '', cvc: '' });
  const [error, setError] = useState<{ field: CardField | 'expiry'; message: string } | null>(null);
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setError(null);
  };
  // The number is grouped as it is typed; the caret stays after the same digit it followed.
  const caret = useRef<{ input: HTMLInputElement; digits: number } | null>(null);
  const typeNumber = (event: ChangeEvent<HTMLInputElement>) => {
    const { value, selectionStart } = event.target;
    caret.current = { input: event.target, digits: value.slice(0, selectionStart ?? value.length).replace(/\D/g, '').length };
    set('cardNumber')({ target: { value: groupCardNumber(value) } });
  };
  useLayoutEffect(() => {
    const at = caret.current;
    if (!at) return;
    caret.current = null;
    let position = 0;
    for (let seen = 0; position < at.input.value.length && seen < at.digits; position++) {
      if (/\d/.test(at.input.value[position]!)) seen++;
    }
    if (at.input === document.activeElement) at.input.setSelectionRange(position, position);
  }, [values.cardNumber]);
  const shown = error ?? (refusal?.field ? { field: refusal.field as CardField, message: refusal.message } : null);
  const errorFor = (...fields: (CardField | 'expiry')[]) =>
    shown && fields.includes(shown.field) ? translate(shown.message) : undefined;

  // A refused card brings a fresh form: keep keyboard and screen-reader users in it, on the refused field
  // (its error is described on it) or else on the reason, rather than on the page's start.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!refusal) return;
    const field = refusal.field ? FIELD_INPUTS[refusal.field as CardField] : undefined;
    form.current?.querySelector<HTMLElement>(field ? `[name="${field}"]` : '.form-error')?.focus();
  }, [refusal]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const card = {
      cardholderName: values.cardholderName.trim(),
      cardNumber: normalizeCardNumber(values.cardNumber),
      ...parseCardExpiry(values.expiry),
      cvc: values.cvc.trim(),
    };
    const problem = cardProblem(card, serverClock.now());
    if (problem) {
      setError(problem.field === 'expMonth' || problem.field === 'expYear' ? { field: 'expiry', message: problem.message } : problem);
      return;
    }
    onSubmit(card);
  }

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={t`Card details`}>
      <TextField label={t`Cardholder name`} name="cc-name" autoComplete="cc-name" value={values.cardholderName} error={errorFor('cardholderName')} onChange={set('cardholderName')} />
      <TextField label={t`Card number`} name="cc-number" autoComplete="cc-number" inputMode="numeric" value={values.cardNumber} error={errorFor('cardNumber')} onChange={typeNumber} />
      <div className="field-row field-row--even">
        <TextField label={t`Expiry (MM/YY)`} name="cc-exp" autoComplete="cc-exp" inputMode="numeric" placeholder="MM/YY" value={values.expiry} error={errorFor('expiry', 'expMonth', 'expYear')} onChange={set('expiry')} />
        <TextField label={t`Security code`} name="cc-csc" autoComplete="cc-csc" inputMode="numeric" maxLength={4} value={values.cvc} error={errorFor('cvc')} onChange={set('cvc')} />
      </div>
      {refusal && !refusal.field && refusal.message && (
        <p className="form-error" role="alert" tabIndex={-1}>
          {translate(refusal.message)}
        </p>
      )}
      <SubmitButton label={submitLabel} busyLabel={busyLabel ?? t`Paying…`} busy={busy} />
    </form>
  );
}
