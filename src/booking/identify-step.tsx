/**
 * The details step for a visitor not logged in (docs/PRODUCT.md §6, decision 0018): log in or sign up, or continue as a
 * guest verified by a code texted to their mobile or mailed to their e-mail, as they choose. The time
 * chosen stays held in the chart meanwhile.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CodeChannel } from '../../machines/phone-verification.machine';
import { BookingContext } from './booking-context';
import { useIdentitySelector } from './use-guest-identity';
import { GuestContactFields } from './guest-contact-fields';
import { useGuestDetailsPrefill } from './use-guest-details-prefill';
import { href } from '../navigation/navigator';
import { guestContactSchema } from '../../common/validation/guest-contact';

export function IdentifyStep() {
  const booking = BookingContext.useActorRef();
  const { t } = useLingui();
  const [sendBy, setSendBy] = useState<CodeChannel>(useIdentitySelector((s) => s?.context.codeBy) ?? 'SMS');
  const { form, onSubmit } = useGuestDetailsPrefill(guestContactSchema);
  const continueAsGuest = onSubmit((contact) => booking.send({ type: 'identify.guest', contact, sendBy }));

  return (
    <>
      <section aria-labelledby="identify-account">
        <h2 id="identify-account">
          <Trans>Have an account?</Trans>
        </h2>
        <p>
          <Trans>Log in to book with your saved details, and as a member further ahead.</Trans>
        </p>
        <div className="actions">
          <button type="button" className="button button--primary" onClick={() => booking.send({ type: 'identify.login' })}>
            <Trans>Log in</Trans>
          </button>
          <a className="button" href={href('sign-up')}>
            <Trans>Sign up</Trans>
          </a>
        </div>
      </section>
      <section aria-labelledby="identify-guest">
        <h2 id="identify-guest">
          <Trans>Continue as a guest</Trans>
        </h2>
        <p>
          <Trans>No account needed: we send a 6-digit code to your mobile or your e-mail to confirm it is you.</Trans>
        </p>
        <form onSubmit={continueAsGuest} noValidate>
          <GuestContactFields form={form} />
          <fieldset className="field choice-group">
            <legend className="field__label">{t`Send my code by`}</legend>
            <div className="choice-group__options">
              <label className="checkbox">
                <input type="radio" name="send-code-by" value="SMS" checked={sendBy === 'SMS'} onChange={() => setSendBy('SMS')} />
                <span>{t`Text message (SMS)`}</span>
              </label>
              <label className="checkbox">
                <input type="radio" name="send-code-by" value="EMAIL" checked={sendBy === 'EMAIL'} onChange={() => setSendBy('EMAIL')} />
                <span>{t`Mail to the address above`}</span>
              </label>
            </div>
          </fieldset>
          <button type="submit" className="button button--block">
            {sendBy === 'EMAIL' ? <Trans>E-mail me a code</Trans> : <Trans>Text me a code</Trans>}
          </button>
        </form>
      </section>
    </>
  );
}
