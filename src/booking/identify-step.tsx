/**
 * The details step for a visitor not logged in (issue 25, point 3): log in or sign up, or continue as a
 * guest whose mobile a code is texted to. The time chosen stays held in the chart meanwhile.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { BookingContext } from './booking-context';
import { TextField, useForm } from '../components/form';
import { href } from '../navigation/navigator';
import { guestContactSchema } from '../../common/validation/guest-contact';
import { useMessageText } from '../i18n/message-text';

export function IdentifyStep() {
  const { t } = useLingui();
  const translate = useMessageText();
  const booking = BookingContext.useActorRef();
  const guest = BookingContext.useSelector((s) => s.context.guest);
  const form = useForm(
    guestContactSchema,
    {
      firstName: guest?.firstName ?? '',
      lastName: guest?.lastName ?? '',
      email: guest?.email ?? '',
      mobileCountryCode: guest?.mobileCountryCode ?? '852',
      mobileNumber: guest?.mobileNumber ?? '',
    },
    translate,
  );

  function continueAsGuest(event: FormEvent) {
    event.preventDefault();
    const contact = form.validate();
    if (!contact) {
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    booking.send({ type: 'identify.guest', contact });
  }

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
          <Trans>No account needed: we text a 6-digit code to your mobile to confirm it is you.</Trans>
        </p>
        <form onSubmit={continueAsGuest} noValidate>
          <TextField label={t`First name`} autoComplete="given-name" {...form.field('firstName')} />
          <TextField label={t`Last name`} autoComplete="family-name" {...form.field('lastName')} />
          <TextField label={t`E-mail`} type="email" autoComplete="email" {...form.field('email')} />
          <div className="field-row">
            <TextField label={t`Country code`} inputMode="tel" autoComplete="tel-country-code" {...form.field('mobileCountryCode')} />
            <TextField label={t`Mobile number`} type="tel" inputMode="tel" autoComplete="tel-national" {...form.field('mobileNumber')} />
          </div>
          <button type="submit" className="button button--block">
            <Trans>Text me a code</Trans>
          </button>
        </form>
      </section>
    </>
  );
}
