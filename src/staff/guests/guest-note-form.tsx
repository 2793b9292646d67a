/**
 * Adding a dated note to a guest: its kind (a note, an allergy, a dietary need, a seating preference) and
 * its words. Checked with the server's own schema before it is sent; a refusal keeps what was typed.
 */
import { useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../common/api/api-error';
import { GUEST_NOTE_KINDS, newGuestNoteSchema } from '../../../common/validation/guest-book-validation';
import { FormMessage, SelectField, SubmitButton, TextAreaField, useForm } from '../../components/form';
import { useSubmission } from '../../components/use-submission';
import { useMessageText } from '../../i18n/message-text';
import { staffApi } from '../staff-api';
import { useGuestWords } from './guest-words';

export function GuestNoteForm({ guestId, onAdded }: { guestId: string; onAdded: () => void }) {
  const { t } = useLingui();
  const { noteKinds } = useGuestWords();
  const translate = useMessageText();
  const form = useForm(newGuestNoteSchema, { kind: 'NOTE', body: '' }, translate);
  const submission = useSubmission();
  const submit = submission.onSubmit(
    () => form.validate(),
    async (body) => {
      await unwrap(staffApi.POST('/admin/guest/{id}/note', { params: { path: { id: guestId } }, body }));
      form.set('body', '');
      onAdded();
      return t`Note added.`;
    },
  );
  return (
    <form noValidate onSubmit={submit} className="guest-note-form" aria-label={t`Add a note`}>
      <SelectField label={t`Kind`} {...form.field('kind')}>
        {GUEST_NOTE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {noteKinds[kind]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t`Note`} rows={2} maxLength={500} {...form.field('body')} />
      <FormMessage error={submission.error} success={submission.success} />
      <SubmitButton label={t`Add note`} busyLabel={t`Adding…`} busy={submission.sending} />
    </form>
  );
}
