/**
 * Likely duplicate guests (/pages/staff/guest-duplicates): accounts that share a mobile number or an
 * e-mail, grouped. Staff keep one account and merge each other into it, after a confirmation that shows
 * both wallets and says what moves (src/staff/guests/guest-merge-dialog.tsx); the merge is audited.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../../common/api/api-error';
import { GUEST_BOOK_CHANGE_PREFIXES, staffGuestKey } from '../../api/query-keys';
import { invalidate, useApiQuery } from '../../api/use-api-query';
import { LoadFailure, Loading } from '../../components/read-status';
import { useFailureText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import { href } from '../../navigation/navigator';
import type { PageProps } from '../../navigation/routes';
import { GuestMergeButton } from '../../staff/guests/guest-merge-dialog';
import { staffApi } from '../../staff/staff-api';
import { StaffShell } from '../../staff/staff-shell';

function Duplicates() {
  const { t } = useLingui();
  const failureText = useFailureText();
  const { dateTime } = useFormats();
  const [notice, setNotice] = useState('');
  const groups = useApiQuery(staffGuestKey('duplicates'), () => unwrap(staffApi.GET('/admin/guest-duplicates')).then((r) => r.data));
  const merged = (text: string) => {
    setNotice(text);
    invalidate(GUEST_BOOK_CHANGE_PREFIXES);
    groups.reload();
  };
  return (
    <>
      <p role="status">{notice}</p>
      {groups.status === 'loading' && <Loading>{t`Loading…`}</Loading>}
      {groups.status === 'error' && <LoadFailure message={failureText(groups.error)} retry={groups.reload} />}
      {groups.status === 'ready' && groups.data.length === 0 && (
        <p className="muted">
          <Trans>No likely duplicates: no two guests share a mobile number or an e-mail.</Trans>
        </p>
      )}
      {groups.status === 'ready' &&
        groups.data.map((group) => {
          const [oldest] = group.guests;
          return (
            <section key={`${group.match}-${group.guests.map((g) => g._id).join('-')}`} className="guest-duplicate-group" aria-label={group.match === 'PHONE' ? t`Same mobile number` : t`Same e-mail`}>
              <h2>{group.match === 'PHONE' ? t`Same mobile number: ${oldest?.mobile ?? ''}` : t`Same e-mail: ${oldest?.email.toLowerCase() ?? ''}`}</h2>
              <ul>
                {group.guests.map((guest) => (
                  <li key={guest._id}>
                    <a href={href('staff-guest', { id: guest._id })}>{`${guest.firstName} ${guest.lastName}`}</a>{' '}
                    <span className="staff-badge">{guest.guestType === 'member' ? t`Member` : t`Guest`}</span>
                    <div className="muted">{[guest.email, guest.mobile, t`since ${dateTime(guest.createdAt)}`].filter(Boolean).join(' · ')}</div>
                    {oldest && guest._id !== oldest._id && <GuestMergeButton keep={oldest} merge={guest} onMerged={merged} />}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
    </>
  );
}

export default function StaffGuestDuplicatesPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="guest-duplicates" title={t`Duplicate guests`} query={query}>
      {() => <Duplicates />}
    </StaffShell>
  );
}
