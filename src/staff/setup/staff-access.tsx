/**
 * Whether the venue's own staff may change its set-up. Admins get the switch (saved at once, audited by
 * the server, announced in a live region); a venue's staff read the setting, and without it the page
 * says why instead of offering forms the server would refuse.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { unwrap } from '../../../common/api/api-error';
import { toCallError } from '../../../machines/call-error';
import { staffSetupKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { ReadStatus } from '../../components/read-status';
import { useFailureText } from '../../i18n/message-text';
import { staffApi } from '../staff-api';

/** The venue's setting; none read for null (an admin, who needs none to pass). */
const useStaffAccess = (venueId: string | null) =>
  useApiQuery(
    venueId ? staffSetupKey('staff-access', venueId) : null,
    async () => (await unwrap(staffApi.GET('/admin/setup/venue/{venueId}/staff-access', { params: { path: { venueId: venueId! } } }))).data,
    { showError: false },
  );

/** The admin's switch for the venue's team. */
export function StaffAccessSwitch({ venueId }: { venueId: string }) {
  const { t } = useLingui();
  const id = useId();
  const failureText = useFailureText();
  const read = useStaffAccess(venueId);
  const [state, setState] = useState<{ busy: boolean; said: string | null; error: string | null }>({ busy: false, said: null, error: null });
  if (read.status !== 'ready') return <ReadStatus read={read} loading={t`Loading…`} failureText={failureText} />;

  async function change(allowed: boolean) {
    setState({ busy: true, said: null, error: null });
    try {
      await unwrap(staffApi.PUT('/admin/setup/venue/{venueId}/staff-access', { params: { path: { venueId } }, body: { staffMaySetUp: allowed } }));
      read.reload();
      setState({ busy: false, said: allowed ? t`Saved: the venue's team may now change its set-up.` : t`Saved: only admins may change the set-up now.`, error: null });
    } catch (error) {
      setState({ busy: false, said: null, error: toCallError(error).message });
    }
  }
  return (
    <div className="staff-scope">
      <label>
        <input
          type="checkbox"
          checked={read.data.staffMaySetUp}
          disabled={state.busy}
          aria-describedby={`${id}-status`}
          onChange={(e) => void change(e.target.checked)}
        />{' '}
        <Trans>Let this venue's team change its set-up</Trans>
      </label>
      <p id={`${id}-status`} role="status" className={state.error ? 'form-error' : 'staff-hint'}>
        {state.error ?? state.said}
      </p>
    </div>
  );
}

/** The set-up for a venue's staff only once an admin allows it; admins always. */
export function StaffAccessGate({ venueId, isAdmin, children }: { venueId: string; isAdmin: boolean; children: ReactNode }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const read = useStaffAccess(isAdmin ? null : venueId);
  if (isAdmin) return children;
  if (read.status !== 'ready') return <ReadStatus read={read} loading={t`Loading…`} failureText={failureText} />;
  if (!read.data.staffMaySetUp) {
    return <p className="form-error">{t`An admin has not allowed your venue's team to change its set-up. Ask an admin to switch it on.`}</p>;
  }
  return children;
}
