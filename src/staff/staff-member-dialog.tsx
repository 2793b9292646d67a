/**
 * "Change" on a row of the staff accounts page: a dialog to give the member another role or venue
 * (PATCH /admin/staff/{id}), and to remove their staff access after a confirmation (DELETE). Its role
 * form serves Restore too (restore-staff-button.tsx).
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../common/api/api-error';
import * as v from 'valibot';
import type { components } from '../../common/api/schema';
import { fieldErrors, FormMessage, SelectField, SubmitButton, useForm } from '../components/form';
import { useSubmission } from '../components/use-submission';
import { staffChangeSchema, type StaffChangeInput } from '../../common/validation/staff-validation';
import { VENUES } from '../../common/venues';
import { useMessageText } from '../i18n/message-text';
import { StaffDialog } from './book/staff-dialog';
import { DialogButton } from './dialog-button';
import { staffApi } from './staff-api';

export type StaffMember = components['schemas']['StaffMember'];
type StaffForm = ReturnType<typeof useForm>;

/** A staff form's checked values, the venue sent for venue staff only (an admin works at every venue); null after showing the errors. */
export function validateStaffForm<S extends v.GenericSchema>(form: StaffForm, schema: S): v.InferOutput<S> | null {
  const result = v.safeParse(schema, { ...form.values, venueId: form.values.role === 'staff' ? form.values.venueId : undefined });
  form.setErrors(result.success ? {} : fieldErrors(result.issues));
  return result.success ? result.output : null;
}

/** The role and venue choices of a staff form (the venue only for venue staff). */
export function RoleFields({ form }: { form: StaffForm }) {
  const { t } = useLingui();
  return (
    <>
      <SelectField label={t`Role`} {...form.field('role')}>
        <option value="staff">{t`Venue staff: one venue's book`}</option>
        <option value="admin">{t`Admin: every venue, staff accounts and the audit log`}</option>
      </SelectField>
      {form.values.role === 'staff' && (
        <SelectField label={t`Venue`} {...form.field('venueId')}>
          {VENUES.map((venue) => (
            <option key={venue.value} value={venue.value}>
              {venue.title}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}

export function StaffMemberButton({ member, onChanged }: { member: StaffMember; onChanged: (message: string) => void }) {
  const { t } = useLingui();
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <DialogButton label={t`Change ${name}`} onDone={onChanged}>
      {({ close, done }) => <StaffMemberDialog member={member} name={name} onClose={close} onChanged={done} />}
    </DialogButton>
  );
}

/**
 * A member's role and venue (starting from those they have or had), sent by `send` once valid; its
 * answer goes to `onDone` and the server's refusal shows above the button.
 */
export function StaffRoleForm({
  member,
  send,
  onDone,
  label,
  busyLabel,
}: {
  member: StaffMember;
  send: (body: StaffChangeInput) => Promise<string>;
  onDone: (message: string) => void;
  label: string;
  busyLabel: string;
}) {
  const translate = useMessageText();
  const form = useForm(staffChangeSchema, { role: member.role, venueId: member.venueId ?? VENUES[0]!.value }, translate);
  const submission = useSubmission();
  const submit = submission.onSubmit(
    () => validateStaffForm(form, staffChangeSchema),
    async (body) => {
      onDone(await send(body));
      return '';
    },
  );
  return (
    <form noValidate onSubmit={submit}>
      <RoleFields form={form} />
      <FormMessage error={submission.error} />
      <SubmitButton label={label} busyLabel={busyLabel} busy={submission.sending} />
    </form>
  );
}

function StaffMemberDialog({ member, name, onClose, onChanged }: { member: StaffMember; name: string; onClose: () => void; onChanged: (message: string) => void }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const submission = useSubmission();

  async function save(body: StaffChangeInput) {
    await unwrap(staffApi.PATCH('/admin/staff/{id}', { params: { path: { id: member._id } }, body }));
    return t`${name}'s role and venue are saved.`;
  }
  const remove = submission.onSubmit(
    () => true,
    async () => {
      await unwrap(staffApi.DELETE('/admin/staff/{id}', { params: { path: { id: member._id } } }));
      onChanged(t`${name} no longer has staff access.`);
      return '';
    },
  );

  if (confirming) {
    return (
      <StaffDialog title={t`Remove ${name}'s staff access?`} onClose={onClose}>
        <form noValidate onSubmit={remove}>
          <p>{t`They are logged out at once and can no longer log in to the staff console. The audit log keeps what they did.`}</p>
          <FormMessage error={submission.error} />
          <SubmitButton label={t`Remove staff access`} busyLabel={t`Removing…`} busy={submission.sending} />
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            {t`Keep access`}
          </button>
        </form>
      </StaffDialog>
    );
  }
  return (
    <StaffDialog title={t`Change ${name}`} onClose={onClose}>
      <StaffRoleForm member={member} send={save} onDone={onChanged} label={t`Save changes`} busyLabel={t`Saving…`} />
      <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
        {t`Remove staff access…`}
      </button>
    </StaffDialog>
  );
}
