/** Step 1: the experience (menu, seating style) at the chosen venue. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { PageProps } from '../navigation/routes';
import { BookingContext } from '../booking/booking-context';
import { BookingStep, Working } from '../booking/booking-step';
import { PaymentPolicyLine } from '../payment/payment-policy-line';
import { useStartFromQuery } from '../booking/use-start-from-query';
import { MembersOnlyBadge, MembersOnlyNote } from '../components/members-only-note';
import { bookingPath } from '../../machines/booking-pages';

export default function ExperiencePage({ query }: PageProps) {
  const { t } = useLingui();
  useStartFromQuery(query.domain);
  const booking = BookingContext.useActorRef();
  const loading = BookingContext.useSelector((s) => s.matches('loadingVenue'));
  const venue = BookingContext.useSelector((s) => s.context.venue);
  const selected = BookingContext.useSelector((s) => s.context.draft.experienceId);
  // Members only, up front (docs/PRODUCT.md §6): anyone but a member reads so on the experience, which does not lead on.
  const member = BookingContext.useSelector((s) => s.context.member);
  const loggedIn = BookingContext.useSelector((s) => s.context.loggedIn);

  return (
    <BookingStep title={t`Choose your experience`} summary={false}>
      {loading || !venue ? (
        <Working>
          <Trans>Loading the venue…</Trans>
        </Working>
      ) : (
        <>
          <p className="page__lead">
            {venue.title} · {venue.desc}
          </p>
          <ul className="list stack">
            {venue.experiences.map((experience) => (
              <li key={experience._id}>
                {experience.membersOnly && !member ? (
                  <article className="card" aria-label={experience.name}>
                    <span className="card__title">{experience.name}</span> <MembersOnlyBadge />
                    <span className="card__meta">{experience.description}</span>
                    <MembersOnlyNote loggedIn={loggedIn} redirect={bookingPath('experience')} />
                  </article>
                ) : (
                  <button
                    type="button"
                    className="card choice"
                    aria-pressed={selected === experience._id}
                    onClick={() => booking.send({ type: 'experience.pick', experienceId: experience._id })}
                  >
                    <span className="card__title">{experience.name}</span>
                    {experience.membersOnly && <MembersOnlyBadge />}
                    <span className="card__meta">{experience.description}</span>
                    <PaymentPolicyLine experience={experience} />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </BookingStep>
  );
}
