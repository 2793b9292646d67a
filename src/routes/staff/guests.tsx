/**
 * The guest book's search results (/pages/staff/guests?q=…): the guests a name, mobile number, e-mail or
 * booking reference finds, best match first, each opening the guest's profile. The box is in the bar.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../common/api/api-error';
import { MIN_SEARCH_LENGTH } from '../../../common/validation/guest-book-validation';
import { staffGuestKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { LoadFailure, Loading } from '../../components/read-status';
import { useFailureText } from '../../i18n/message-text';
import { href } from '../../navigation/navigator';
import type { PageProps } from '../../navigation/routes';
import { staffApi } from '../../staff/staff-api';
import { StaffShell } from '../../staff/staff-shell';

function SearchResults({ q }: { q: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const found = useApiQuery(staffGuestKey('search', q), () => unwrap(staffApi.GET('/admin/guest', { params: { query: { q } } })).then((r) => r.data));
  if (found.status === 'loading') return <Loading>{t`Searching…`}</Loading>;
  if (found.status === 'error') return <LoadFailure message={failureText(found.error)} retry={found.reload} />;
  const count = found.data.length;
  return (
    <>
      <p role="status">{count === 0 ? t`No guest matches “${q}”.` : plural(count, { one: `# guest matches “${q}”.`, other: `# guests match “${q}”.` })}</p>
      <ul className="guest-results">
        {found.data.map(({ memberId, matchedReference, ...guest }) => (
          <li key={guest._id} className="guest-results__item">
            <a href={href('staff-guest', { id: guest._id })}>
              <strong>{`${guest.firstName} ${guest.lastName}`}</strong>
            </a>{' '}
            <span className="staff-badge">{guest.guestType === 'member' ? memberId ? t`Member ${memberId}` : t`Member` : t`Guest`}</span>
            <div className="muted">{[guest.mobile, guest.email].filter(Boolean).join(' · ')}</div>
            {matchedReference && <div>{t`Booking ${matchedReference}`}</div>}
          </li>
        ))}
      </ul>
    </>
  );
}

export default function StaffGuestsPage({ query }: PageProps) {
  const { t } = useLingui();
  const q = (query.q ?? '').trim();
  return (
    <StaffShell section="guests" title={t`Guest book`} query={query}>
      {() =>
        q.length >= MIN_SEARCH_LENGTH ? (
          <SearchResults q={q} />
        ) : (
          <p>
            <Trans>Type a name, mobile number, e-mail or booking reference in “Find a guest” above, then press Enter.</Trans>
          </p>
        )
      }
    </StaffShell>
  );
}
