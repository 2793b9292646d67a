/**
 * Staff accounts (/pages/staff/accounts, admins only): the club's admins and venue staff, each with a
 * dialog to change their role and venue or remove their access, and a form to add one. The new person is
 * mailed the admin area's reset link to set a password (POST /admin/staff). Former staff (removed) are
 * listed apart, each with a dialog to restore their access.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { unwrap } from '../../../common/api/api-error';
import { staffAccountsKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { FormMessage, SubmitButton, TextField, useForm } from '../../components/form';
import { LoadFailure, Loading } from '../../components/read-status';
import { useSubmission } from '../../components/use-submission';
import { newStaffSchema } from '../../../common/validation/staff-validation';
import { VENUES } from '../../../common/venues';
import { useFailureText, useMessageText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import type { PageProps } from '../../navigation/routes';
import { staffApi } from '../../staff/staff-api';
import { StaffShell } from '../../staff/staff-shell';
import { ScrollingTable } from '../../staff/scrolling-table';
import { RoleFields, StaffMemberButton, validateStaffForm, type StaffMember } from '../../staff/staff-member-dialog';
import { RestoreStaffButton } from '../../staff/restore-staff-button';

const venueTitle = (venueId: string | null) => VENUES.find((v) => v.value === venueId)?.title ?? '';

/** Staff as a table: name, e-mail, role, a date and an action per member, under the given headings of the last three. */
function MemberTable({
  label,
  members,
  headings,
  when,
  action,
}: {
  /** The table's region name, left out where its section already says it. */
  label?: string;
  members: StaffMember[];
  headings: [role: string, when: string, action: string];
  when: (member: StaffMember) => string;
  action: (member: StaffMember) => ReactNode;
}) {
  const { t } = useLingui();
  const [roleHeading, whenHeading, actionHeading] = headings;
  const roleText = (member: StaffMember) => (member.role === 'admin' ? t`Admin (every venue)` : t`Staff at ${venueTitle(member.venueId)}`);
  return (
    <ScrollingTable label={label}>
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">{t`Name`}</th>
            <th scope="col">{t`E-mail`}</th>
            <th scope="col">{roleHeading}</th>
            <th scope="col">{whenHeading}</th>
            <th scope="col">{actionHeading}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member._id}>
              <td data-label={t`Name`}>{`${member.firstName} ${member.lastName}`}</td>
              <td data-label={t`E-mail`}>{member.email}</td>
              <td data-label={roleHeading}>{roleText(member)}</td>
              <td data-label={whenHeading}>{when(member)}</td>
              <td data-label={actionHeading}>{action(member)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

function StaffAccounts() {
  const { t } = useLingui();
  const translate = useMessageText();
  const failureText = useFailureText();
  const { dateTime } = useFormats();
  // A re-read after a change keeps the table on screen (useApiQuery), and the focus on the button it was on.
  const list = useApiQuery(staffAccountsKey(), () => unwrap(staffApi.GET('/admin/staff')).then((r) => r.data));
  const listHeading = useRef<HTMLHeadingElement>(null);
  const form = useForm(newStaffSchema, { email: '', firstName: '', lastName: '', role: 'staff', venueId: VENUES[0]!.value }, translate);
  const submission = useSubmission();
  const [changed, setChanged] = useState<string | null>(null);
  // The list keeps removed members, for the audit log's names and to restore them: shown apart.
  const members = list.status === 'ready' ? list.data.filter((member) => !member.removedAt) : [];
  const former = list.status === 'ready' ? list.data.filter((member) => member.removedAt) : [];
  const onChanged = (message: string) => {
    setChanged(message);
    list.reload();
  };
  // A removed or restored member's row leaves its list, and the button that had the focus goes with it:
  // the focus goes to the list's heading, just above the message saying what was done.
  const data = list.status === 'ready' ? list.data : undefined;
  useEffect(() => {
    if (changed && document.activeElement === document.body) listHeading.current?.focus();
  }, [data, changed]);

  const submit = submission.onSubmit(() => validateStaffForm(form, newStaffSchema), async (body) => {
    const { data } = await unwrap(staffApi.POST('/admin/staff', { body }));
    list.reload();
    return t`${data.email} can now set a password from the link we have mailed.`;
  });

  return (
    <div className="staff-grid staff-grid--two">
      <div>
        <section aria-labelledby="staff-list-title">
          <h2 id="staff-list-title" tabIndex={-1} ref={listHeading}>
            {t`The club's staff`}
          </h2>
          <FormMessage success={changed} />
          {list.status === 'loading' && <Loading>{t`Loading…`}</Loading>}
          {list.status === 'error' && <LoadFailure message={failureText(list.error)} retry={list.reload} />}
          {list.status === 'ready' && (
            <MemberTable
              label={t`Staff accounts`}
              members={members}
              headings={[t`Role`, t`Since`, t`Changes`]}
              when={(member) => dateTime(member.createdAt)}
              action={(member) => <StaffMemberButton member={member} onChanged={onChanged} />}
            />
          )}
        </section>
        {former.length > 0 && (
          <section aria-labelledby="staff-former-title">
            <h2 id="staff-former-title">{t`Former staff`}</h2>
            <MemberTable
              members={former}
              headings={[t`Last role`, t`Removed`, t`Access`]}
              when={(member) => dateTime(member.removedAt!)}
              action={(member) => <RestoreStaffButton member={member} onRestored={onChanged} />}
            />
          </section>
        )}
      </div>
      <section aria-labelledby="staff-new-title">
        <h2 id="staff-new-title">{t`Add a member of staff`}</h2>
        <form noValidate onSubmit={submit}>
          <TextField label={t`E-mail`} type="email" inputMode="email" autoComplete="off" {...form.field('email')} />
          <TextField label={t`First name`} autoComplete="off" {...form.field('firstName')} />
          <TextField label={t`Last name`} autoComplete="off" {...form.field('lastName')} />
          <RoleFields form={form} />
          <FormMessage error={submission.error} success={submission.success} />
          <SubmitButton label={t`Create account`} busyLabel={t`Creating…`} busy={submission.sending} />
        </form>
      </section>
    </div>
  );
}

export default function StaffAccountsPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="accounts" title={t`Staff accounts`} query={query}>
      {() => <StaffAccounts />}
    </StaffShell>
  );
}
