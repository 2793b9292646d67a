/** Step 5b, where the venue asks for it: the 6-digit code sent to the guest's mobile. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { BookingContext } from '../booking/booking-context';
import { BookingStep, Working } from '../booking/booking-step';
import { TextField } from '../components/form';
import { formatPhoneNumber } from '../domain/phone-number';

export default function VerifyPage() {
  const { t } = useLingui();
  const booking = BookingContext.useActorRef();
  const sending = BookingContext.useSelector((s) => s.matches({ holding: { step: { created: { verify: 'sending' } } } }));
  const checking = BookingContext.useSelector((s) => s.matches({ holding: { step: { created: { verify: 'checking' } } } }));
  const guest = BookingContext.useSelector((s) => s.context.guest);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const number = (guest && formatPhoneNumber(guest.mobileCountryCode, guest.mobileNumber)) ?? '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t`Please enter the 6-digit code`);
      return;
    }
    setError(undefined);
    booking.send({ type: 'verify.submit', code });
  }

  return (
    <BookingStep title={t`Verify your mobile number`} lead={t`We have sent a 6-digit code by SMS to ${number}.`}>
      {sending ? (
        <Working>
          <Trans>Sending the code…</Trans>
        </Working>
      ) : (
        <form onSubmit={submit} noValidate>
          <TextField
            label={t`Verification code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={error}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={checking}>
              {checking ? t`Checking…` : t`Verify`}
            </button>
            <button type="button" className="button" disabled={checking} onClick={() => booking.send({ type: 'verify.send' })}>
              <Trans>Send a new code</Trans>
            </button>
          </div>
        </form>
      )}
    </BookingStep>
  );
}
