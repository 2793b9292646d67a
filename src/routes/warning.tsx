/** Where the guest can act when the booking cannot go on: a large party, a members-only experience, limits, an expired hold. */
import { Trans, useLingui } from '@lingui/react/macro';
import { BookingContext } from '../booking/booking-context';
import { BookingStep } from '../booking/booking-step';
import { MAX_PARTY_SIZE } from '../../common/venues';
import { href } from '../navigation/navigator';

function Contact({ phone, email }: { phone: string; email: string }) {
  return (
    <ul className="list stack">
      <li>
        <a className="button button--block" href={`tel:${phone.replace(/\s/g, '')}`}>
          <Trans>Call {phone}</Trans>
        </a>
      </li>
      <li>
        <a className="button button--block" href={`mailto:${email}`}>
          <Trans>E-mail {email}</Trans>
        </a>
      </li>
    </ul>
  );
}

export default function WarningPage() {
  const { t } = useLingui();
  const booking = BookingContext.useActorRef();
  const warning = BookingContext.useSelector((s) => s.context.warning);
  const expired = BookingContext.useSelector((s) => s.matches('expired'));
  const venue = BookingContext.useSelector((s) => s.context.venue);
  const restart = (
    <button type="button" className="button button--primary button--block" onClick={() => booking.send({ type: 'booking.restart' })}>
      <Trans>Make a new reservation</Trans>
    </button>
  );

  if (expired) {
    return (
      // Why it expired (a completion refused) is the step's own alert, not repeated here.
      <BookingStep title={t`Reservation expired`} summary={false}>
        <p>
          <Trans>The table was held for 15 minutes and has been released. Your choices are kept: pick a time again.</Trans>
        </p>
        {restart}
      </BookingStep>
    );
  }
  if (!warning) {
    return (
      <BookingStep title={t`Booking`}>
        <p>
          <Trans>Nothing needs your attention.</Trans>
        </p>
      </BookingStep>
    );
  }
  const contact = warning.contact ?? (venue ? { phone: venue.reservationsPhone, email: venue.reservationsEmail } : undefined);
  const online = venue?.onlineMaxGuests ?? MAX_PARTY_SIZE;
  return (
    <BookingStep title={t`We need to help you personally`} summary={false}>
      {warning.kind === 'party-too-large' && (
        <>
          <p>
            <Trans>
              Online bookings are for up to {online} guests. For a larger party, or a private room, our reservations team
              will arrange everything for you.
            </Trans>
          </p>
          {contact && <Contact {...contact} />}
        </>
      )}
      {warning.kind === 'members-only' && (
        <>
          <p>
            <Trans>This experience is reserved for Club members.</Trans>
          </p>
          <a className="button button--block" href={href('membership')}>
            <Trans>About membership</Trans>
          </a>
        </>
      )}
      {warning.kind === 'overlap' && (
        <p>
          <Trans>You have an overlapping Reservation at another venue</Trans>
        </p>
      )}
      {warning.kind === 'active-limit' && (
        <p>
          <Trans>You have reached your limit of active Reservations</Trans>
        </p>
      )}
      {warning.kind === 'annual-limit' && (
        <p>
          <Trans>You have reached your annual limit of Reservations</Trans>
        </p>
      )}
      {warning.kind !== 'party-too-large' && warning.kind !== 'members-only' && (
        <a className="button button--block" href={href('order')}>
          <Trans>View my reservations</Trans>
        </a>
      )}
      <div className="actions">{restart}</div>
    </BookingStep>
  );
}
