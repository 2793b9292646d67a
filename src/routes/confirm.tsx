/** Step 6: the price, the venue's policies to agree to, and the confirmation. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { BookingContext } from '../booking/booking-context';
import { BookingStep } from '../booking/booking-step';
import { GuestSummary } from '../booking/guest-summary';
import { usePolicyAgreements, type AgreementKey } from '../booking/policy-agreements';
import { PriceBreakdown } from '../booking/price-breakdown';
import { PaymentProcessing } from '../payment/payment-processing';
import { DepositTierLine } from '../components/deposit-tier-line';

function ConfirmForm() {
  const { t } = useLingui();
  const booking = BookingContext.useActorRef();
  const venue = BookingContext.useSelector((s) => s.context.venue)!;
  const reservation = BookingContext.useSelector((s) => s.context.reservation);
  const previous = BookingContext.useSelector((s) => s.context.agreements);
  const needsPayment = (reservation?.payment.amountDue ?? 0) > 0;
  const needsCard = reservation?.payment.prePaymentType === 'GUARANTEE';
  const experienceId = BookingContext.useSelector((s) => s.context.draft.experienceId);
  const experience = venue.experiences.find((e) => e._id === experienceId);
  const agreements = usePolicyAgreements(venue, experienceId, { numberOfGuests: reservation?.numberOfGuests ?? 1, start: reservation ? { date: reservation.date, startTime: reservation.startTime } : null }, needsPayment);
  const [ticked, setTicked] = useState<Partial<Record<AgreementKey, boolean>>>(previous ?? {});
  const [errors, setErrors] = useState<Partial<Record<AgreementKey, string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing = Object.fromEntries(agreements.filter((a) => !ticked[a.key]).map((a) => [a.key, a.required]));
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      document.getElementById(`agree-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    booking.send({
      type: 'confirm.submit',
      agreements: { cancellationPolicy: true, ...Object.fromEntries(agreements.map((a) => [a.key, true])) },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <GuestSummary />
      {reservation && <PriceBreakdown payment={reservation.payment} />}
      {reservation && <DepositTierLine policy={experience} numberOfGuests={reservation.numberOfGuests} />}
      <fieldset className="field">
        <legend className="field__label">
          <Trans>The venue's policies</Trans>
        </legend>
        {agreements.map((agreement) => (
          <div key={agreement.key}>
            <label className="checkbox">
              <input
                id={`agree-${agreement.key}`}
                type="checkbox"
                checked={Boolean(ticked[agreement.key])}
                aria-invalid={errors[agreement.key] ? true : undefined}
                aria-describedby={errors[agreement.key] ? `agree-${agreement.key}-error` : undefined}
                onChange={(event) => {
                  setTicked((current) => ({ ...current, [agreement.key]: event.target.checked }));
                  setErrors((current) => ({ ...current, [agreement.key]: undefined }));
                }}
              />
              <span>{agreement.text}</span>
            </label>
            {errors[agreement.key] && (
              <p className="field__error" id={`agree-${agreement.key}-error`}>
                {errors[agreement.key]}
              </p>
            )}
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary button--block">
        {needsCard ? t`Continue to save a card` : needsPayment ? t`Continue to payment` : t`Confirm reservation`}
      </button>
    </form>
  );
}

export default function ConfirmPage() {
  const { t } = useLingui();
  const completing = BookingContext.useSelector((s) => s.matches('completing'));
  return (
    <BookingStep title={t`Review and confirm`}>
      {completing ? (
        <PaymentProcessing>
          <Trans>Confirming your reservation…</Trans>
        </PaymentProcessing>
      ) : (
        <ConfirmForm />
      )}
    </BookingStep>
  );
}
