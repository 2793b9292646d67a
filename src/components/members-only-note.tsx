/**
 * Where something is for members only (docs/PRODUCT.md §6: experiences and services members may book), a
 * guest reads it at once: what membership offers, a link to Membership and, before logging in, to log in
 * as a member. The experience step and the times step mark members-only choices with it alike.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { MEMBERSHIP_BENEFITS } from '../content/membership';
import { href } from '../navigation/navigator';

/** The benefits a booking guest is told of: the two about booking and paying at the venues. */
const BOOKING_BENEFITS = MEMBERSHIP_BENEFITS.slice(0, 2);

export function MembersOnlyNote({ loggedIn, redirect }: { loggedIn: boolean; redirect: string }) {
  const { i18n } = useLingui();
  return (
    <div className="members-note">
      <p>
        <Trans>For club members. What membership offers:</Trans>
      </p>
      <ul>
        {BOOKING_BENEFITS.map((benefit) => (
          <li key={benefit.id}>{i18n._(benefit)}</li>
        ))}
      </ul>
      <p>
        <a href={href('membership')}>
          <Trans>About membership</Trans>
        </a>
        {!loggedIn && (
          <>
            {' · '}
            <a href={href('login', { redirect })}>
              <Trans>Members, log in</Trans>
            </a>
          </>
        )}
      </p>
    </div>
  );
}

/** The "Members only" mark of a choice only members may take. */
export function MembersOnlyBadge() {
  return (
    <span className="badge">
      <Trans>Members only</Trans>
    </span>
  );
}
