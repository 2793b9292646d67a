/** Step 3: the time, grouped by service (lunch, dinner, supper...). */
import { Trans, useLingui } from '@lingui/react/macro';
import { BookingContext } from '../booking/booking-context';
import { BookingStep, Working } from '../booking/booking-step';
import { useFormats } from '../i18n/use-formats';
import { JoinWaitlist } from '../waitlist/join-waitlist';
import { useWaitlistRequest } from '../waitlist/use-waitlist-request';

export default function TimeslotPage() {
  const { t } = useLingui();
  const format = useFormats();
  const booking = BookingContext.useActorRef();
  const timeslots = BookingContext.useSelector((s) => s.context.timeslots);
  const busy = BookingContext.useSelector(
    (s) => s.matches({ draft: 'creating' }) || s.matches({ draft: 'loadingSlots' }) || s.matches('releasing'),
  );
  const waitlist = useWaitlistRequest();
  const groups = new Map<string, typeof timeslots>();
  for (const slot of timeslots) groups.set(slot.titleStr, [...(groups.get(slot.titleStr) ?? []), slot]);

  return (
    <BookingStep title={t`Choose a time`}>
      {busy ? (
        <Working>
          <Trans>One moment…</Trans>
        </Working>
      ) : timeslots.length === 0 ? (
        <p>
          <Trans>No time slot available</Trans>
        </p>
      ) : (
        [...groups].map(([title, slots]) => (
          <section key={title} aria-label={title}>
            <h2>{title}</h2>
            <div className="slot-grid">
              {slots.map((slot) => (
                <button
                  key={slot.startTime}
                  type="button"
                  className="button slot"
                  onClick={() => booking.send({ type: 'slot.pick', startTime: slot.startTime })}
                >
                  {/* The server's startTimeStr is English (docs/PRODUCT.md §9); the time is written in the reader's language. */}
                  {format.time(slot.startTime)}
                </button>
              ))}
            </div>
          </section>
        ))
      )}
      {!busy && timeslots.length > 0 && waitlist && (
        // None of the free times suits the guest: they may wait for one that does.
        <details className="waitlist-more">
          <summary>
            <Trans>None of these times suits you? Join the waitlist</Trans>
          </summary>
          <JoinWaitlist request={waitlist} />
        </details>
      )}
    </BookingStep>
  );
}
