/**
 * The details step for a visitor not logged in (issue 25, point 3): log in or sign up, or continue as a
 * guest whose mobile a code is texted to. The time chosen stays held in the chart meanwhile.
 */
import { Trans } from '@lingui/react/macro';
import { BookingContext } from './booking-context';
import { GuestContactFields } from './guest-contact-fields';
import { useGuestDetailsPrefill } from './use-guest-details-prefill';
import { href } from '../navigation/navigator';
import { guestContactSchema } from '../../common/validation/guest-contact';

export function IdentifyStep() {
  const booking = BookingContext.useActorRef();
  const { form, onSubmit } = useGuestDetailsPrefill(guestContactSchema);
  const continueAsGuest = onSubmit((contact) => booking.send({ type: 'identify.guest', contact }));

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
          <GuestContactFields form={form} />
          <button type="submit" className="button button--block">
            <Trans>Text me a code</Trans>
          </button>
        </form>
      </section>
    </>
  );
}
