/** Step 3: the time, grouped by service (lunch, dinner, supper...). */
import { Trans, useLingui } from '@lingui/react/macro';
import type { MembersOnlyTime } from '../../machines/booking/booking.machine';
import { BookingContext } from '../booking/booking-context';
import { BookingStep, Working } from '../booking/booking-step';
import { TimeButtons } from '../booking/time-buttons';
import { bookingPath } from '../../machines/booking-pages';
import { JoinWaitlist } from '../waitlist/join-waitlist';
import { useWaitlistRequest } from '../waitlist/use-waitlist-request';

const NO_MEMBERS_TIMES: readonly MembersOnlyTime[] = [];

export default function TimeslotPage() {
  const { t } = useLingui();
  const booking = BookingContext.useActorRef();
  const timeslots = BookingContext.useSelector((s) => s.context.timeslots);
  // A booking saved before member-only times has none: one shared empty list, so the selector's answer stays the same.
  const membersOnlyTimes = BookingContext.useSelector((s) => s.context.membersOnlyTimes ?? NO_MEMBERS_TIMES);
  const loggedIn = BookingContext.useSelector((s) => s.context.loggedIn);
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
        // Member-only times are marked only beside times to pick: a day of members' times alone is the chart's problem page.
        <TimeButtons
          timeslots={timeslots}
          onPick={(startTime) => booking.send({ type: 'slot.pick', startTime })}
          membersOnly={{ services: membersOnlyTimes, loggedIn, redirect: bookingPath('timeslot') }}
        />
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
