/**
 * The wizard's times: a group of buttons per service (lunch, dinner, supper...), and the services only
 * members may book headed with their mark and a note saying why their times are missing (member-only
 * times, docs/PRODUCT.md §6). The time step and the manage page's change form show the same component, so
 * a change is asked as a booking is.
 */
import { useLingui } from '@lingui/react/macro';
import type { MembersOnlyTime } from '../../machines/booking/booking.machine';
import { MembersOnlyBadge, MembersOnlyNote } from '../components/members-only-note';
import { timesByService } from '../components/times-by-service';
import { useFormats } from '../i18n/use-formats';
import { useMembersTimesList } from './members-times-text';

interface Slot {
  startTime: number;
  titleStr: string;
}

interface TimeButtonsProps {
  timeslots: readonly Slot[];
  onPick: (startTime: number) => void;
  /** The change form's picked time, marked pressed; the time step has none (a pick moves on). */
  selected?: number | null;
  disabled?: boolean;
  /** The services' heading level: under the step's title (h1) or the change form's (h2). */
  level?: 2 | 3;
  /** The services of the day only members may book, and where a member logging in comes back to. */
  membersOnly?: { services: readonly MembersOnlyTime[]; loggedIn: boolean; redirect: string };
}

export function TimeButtons({ timeslots, onPick, selected, disabled, level = 2, membersOnly }: TimeButtonsProps) {
  const format = useFormats();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      {timesByService(timeslots).map(([title, slots]) => (
        <section key={title} aria-label={title}>
          <Heading>{title}</Heading>
          <div className="slot-grid">
            {slots.map((slot) => (
              <button
                key={slot.startTime}
                type="button"
                className="button slot"
                aria-pressed={selected === undefined ? undefined : selected === slot.startTime}
                disabled={disabled}
                onClick={() => onPick(slot.startTime)}
              >
                {/* The server's startTimeStr is English (docs/PRODUCT.md §9); the time is written in the reader's language. */}
                {format.time(slot.startTime)}
              </button>
            ))}
          </div>
        </section>
      ))}
      {membersOnly && membersOnly.services.length > 0 && <MembersOnlyServices {...membersOnly} level={level} />}
    </>
  );
}

/**
 * Member-only times: the guest learns why a service of the day is missing from the list, each members'
 * service marked as a members-only experience is (src/components/members-only-note.tsx).
 */
function MembersOnlyServices({ services, loggedIn, redirect, level }: NonNullable<TimeButtonsProps['membersOnly']> & { level: 2 | 3 }) {
  const { t } = useLingui();
  const membersTimes = useMembersTimesList();
  const Heading = level === 2 ? 'h2' : 'h3';
  // Named `times` in the message the catalogs translate.
  const times = membersTimes(services);
  return (
    <>
      {/* Headed as the guest's services are, but no region of times: there are none to pick. */}
      {services.map((service) => (
        <Heading key={service.name}>
          {service.name} <MembersOnlyBadge />
        </Heading>
      ))}
      <p className="muted" role="note">
        {t`Members can also book ${times} on this day: log in as a member to see those times.`}
      </p>
      <MembersOnlyNote loggedIn={loggedIn} redirect={redirect} />
    </>
  );
}
