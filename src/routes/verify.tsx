/**
 * Step 5b, where the venue asks for it: the 6-digit code sent to the guest's mobile (the phone
 * verification chart); for a guest continuing without an account, the code texted or mailed, as they chose.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { phoneVerificationMachine } from '../../machines/phone-verification.machine';
import { BookingContext } from '../booking/booking-context';
import { BookingStep, Working } from '../booking/booking-step';
import { useIdentitySelector } from '../booking/use-guest-identity';
import { TextField } from '../components/form';
import { formatPhoneNumber } from '../../common/validation/phone-number';

type VerificationActor = ActorRefFrom<typeof phoneVerificationMachine>;

export default function VerifyPage() {
  // The invoked phone verification chart (id 'verifyPhone'); its children map is keyed by invoke id.
  const held = BookingContext.useSelector((s) => s.children.verifyPhone as VerificationActor | undefined);
  // Before a table is held, the guest-identity chart runs the verification of a guest continuing without an account.
  const identifying = useIdentitySelector((s) => s?.children.verifyPhone as VerificationActor | undefined);
  const verification = held ?? identifying;
  const bookingGuest = BookingContext.useSelector((s) => s.context.guest);
  const identityGuest = useIdentitySelector((s) => s?.context.guest);
  const guest = identityGuest ?? bookingGuest;
  const number = (guest && formatPhoneNumber(guest.mobileCountryCode, guest.mobileNumber)) ?? '';
  // The code was accepted and the guest's session is being opened (continuing without an account).
  const opening = useIdentitySelector((s) => s?.matches('opening') ?? false);
  // Only a guest continuing without an account may have chosen e-mail; a held booking's check is by SMS.
  const byEmail = useIdentitySelector((s) => s?.context.codeBy === 'EMAIL' && (s.matches('verifying') || s.matches('opening')));
  const sentTo: SentTo = byEmail ? { by: 'EMAIL', to: guest?.email ?? '' } : { by: 'SMS', to: number };
  return verification ? <VerifyStep actor={verification} sentTo={sentTo} /> : <VerifyStepShell sentTo={sentTo} opening={opening} />;
}

/** Where the code went, as the page says it. */
type SentTo = { by: 'SMS' | 'EMAIL'; to: string };

/** The page's heading and lead for where the code went. */
function useSentToWords({ by, to }: SentTo) {
  const { t } = useLingui();
  if (by === 'EMAIL') {
    const address = to;
    return { title: t`Verify your e-mail address`, lead: t`We have sent a 6-digit code by e-mail to ${address}.` };
  }
  const number = to;
  return { title: t`Verify your mobile number`, lead: t`We have sent a 6-digit code by SMS to ${number}.` };
}

/** The page with no verification running (a moment between charts): the frame, and a word while a session opens. */
function VerifyStepShell({ sentTo, opening }: { sentTo: SentTo; opening: boolean }) {
  const { title, lead } = useSentToWords(sentTo);
  return (
    <BookingStep title={title} lead={lead}>
      {opening && (
        <Working>
          <Trans>One moment…</Trans>
        </Working>
      )}
    </BookingStep>
  );
}

function VerifyStep({ actor, sentTo }: { actor: VerificationActor; sentTo: SentTo }) {
  const { t } = useLingui();
  const { title, lead } = useSentToWords(sentTo);
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const checking = useSelector(actor, (s) => s.matches('checking'));
  const problem = useSelector(actor, (s) => s.context.problem);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t`Please enter the 6-digit code`);
      return;
    }
    setError(undefined);
    actor.send({ type: 'verify.submit', code });
  }

  return (
    <BookingStep
      title={title}
      lead={lead}
      problem={problem && { kind: 'call', message: problem.message }}
    >
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
            <button type="button" className="button" disabled={checking} onClick={() => actor.send({ type: 'verify.send' })}>
              <Trans>Send a new code</Trans>
            </button>
          </div>
        </form>
      )}
    </BookingStep>
  );
}
