/**
 * "Restore" on a former member of staff's row: a dialog to give them access again with a role and venue
 * (POST /admin/staff/{id}/restore); they set a new password from the link the server mails them.
 */
import { useLingui } from '@lingui/react/macro';
import { unwrap } from '../../common/api/api-error';
import type { StaffChangeInput } from '../../common/validation/staff-validation';
import { StaffDialog } from './book/staff-dialog';
import { DialogButton } from './dialog-button';
import { staffApi } from './staff-api';
import { StaffRoleForm, type StaffMember } from './staff-member-dialog';

export function RestoreStaffButton({ member, onRestored }: { member: StaffMember; onRestored: (message: string) => void }) {
  const { t } = useLingui();
  const name = `${member.firstName} ${member.lastName}`;

  async function restore(body: StaffChangeInput) {
    await unwrap(staffApi.POST('/admin/staff/{id}/restore', { params: { path: { id: member._id } }, body }));
    return t`${name} has staff access again and can set a new password from the link we have mailed.`;
  }

  return (
    <DialogButton label={t`Restore ${name}`} onDone={onRestored}>
      {({ close, done }) => (
        <StaffDialog title={t`Restore ${name}'s staff access`} onClose={close}>
          <p>{t`Choose the role and venue they have now. Their old password and sessions stay ended.`}</p>
          <StaffRoleForm member={member} send={restore} onDone={done} label={t`Restore access`} busyLabel={t`Restoring…`} />
        </StaffDialog>
      )}
    </DialogButton>
  );
}
