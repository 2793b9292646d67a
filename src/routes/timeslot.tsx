/** Step 3: the time, grouped by service (lunch, dinner, supper...). */
import { Trans, useLingui } from '@lingui/react/macro';
import type { MembersOnlyTime } from '../../machines/booking/booking.machine';
import { BookingContext } from '../booking/booking-context';
import { BookingStep, Working } from '../booking/booking-step';
import { useFormats } from '../i18n/use-formats';
import { timesByService } from '../components/times-by-service';
import { useMembersTimesList } from '../booking/members-times-text';
import { MembersOnlyBadge, MembersOnlyNote } from '../components/members-only-note';
import { bookingPath } from '../../machines/booking-pages';
import { JoinWaitlist } from '../waitlist/join-waitlist';
import { useWaitlistRequest } from '../waitlist/use-waitlist-request';

const NO_MEMBERS_TIMES: readonly MembersOnlyTime[] = [];

export default function TimeslotPage() {
  const { t } = useLingui();
  const format = useFormats();
  const booking = BookingContext.useActorRef();
  const timeslots = BookingContext.useSelector((s) => s.context.timeslots);
  // A booking saved before member-only times has none: one shared empty list, so the selector's answer stays the same.
  const membersOnlyTimes = BookingContext.useSelector((s) => s.context.membersOnlyTimes ?? NO_MEMBERS_TIMES);
  const membersTimes = useMembersTimesList();
  const loggedIn = BookingContext.useSelector((s) => s.context.loggedIn);
  const times = membersTimes(membersOnlyTimes);
  const busy = BookingContext.useSelector(
    (s) => s.matches({ draft: 'creating' }) || s.matches({ draft: 'loadingSlots' }) || s.matches('releasing'),
  );
  const waitlist = useWaitlistRequest();

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
        timesByService(timeslots).map(([title, slots]) => (
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
      {!busy && timeslots.length > 0 && membersOnlyTimes.length > 0 && (
        // Member-only times: the guest learns why a service of the day is missing from the list, each
        // members' service marked as a members-only experience is (src/components/members-only-note.tsx).
        <>
          {/* Headed as the guest's services are, but no region of times: there are none to pick. */}
          {membersOnlyTimes.map((service) => (
            <h2 key={service.name}>
              {service.name} <MembersOnlyBadge />
            </h2>
          ))}
          <p className="muted" role="note">
            {t`Members can also book ${times} on this day: log in as a member to see those times.`}
          </p>
          <MembersOnlyNote loggedIn={loggedIn} redirect={bookingPath('timeslot')} />
        </>
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
