/**
 * "Undo merge" on a merge's line of the audit log (admins): asks why, then gives both accounts back as
 * they were (POST /admin/guest/merge/{mergeId}/undo). The server refuses after 30 days, or once a wallet
 * moved since; the refusal is shown in the dialog (docs/PRODUCT.md §2, "The guest book").
 */
import { useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../common/api/api-error';
import { GUEST_BOOK_CHANGE_PREFIXES } from '../../api/query-keys';
import { invalidate } from '../../api/use-api-query';
import { undoMergeSchema } from '../../../common/validation/guest-book-validation';
import { FormMessage, SubmitButton, TextField, useForm } from '../../components/form';
import { useSubmission } from '../../components/use-submission';
import { useMessageText } from '../../i18n/message-text';
import { StaffDialog } from '../book/staff-dialog';
import { DialogButton } from '../dialog-button';
import { staffApi } from '../staff-api';

/** The merge's id in a `guest.merge` audit entry's record, when it has one (entries before the undo existed have none). */
export function mergeIdOf(entry: { action: string; after: unknown }): string | null {
  if (entry.action !== 'guest.merge' || !entry.after || typeof entry.after !== 'object') return null;
  const id = (entry.after as { mergeId?: unknown }).mergeId;
  return typeof id === 'string' ? id : null;
}

function UndoForm({ mergeId, done }: { mergeId: string; done: (text: string) => void }) {
  const { t } = useLingui();
  const submission = useSubmission();
  const form = useForm(undoMergeSchema, { reason: '' }, useMessageText());
  return (
    <form
      noValidate
      onSubmit={submission.onSubmit(
        () => form.validate(),
        async (body) => {
          const { data } = await unwrap(staffApi.POST('/admin/guest/merge/{mergeId}/undo', { params: { path: { mergeId } }, body }));
          invalidate(GUEST_BOOK_CHANGE_PREFIXES);
          const name = `${data.restored.firstName} ${data.restored.lastName}`;
          done(t`Merge undone: ${name} has their own account again and can log in.`);
          return '';
        },
      )}
    >
      <p>{t`Every booking, payment, wallet entry, tag and note the merge moved goes back, and both accounts are as they were. What was added since stays with the kept account.`}</p>
      <TextField label={t`Why undo this merge?`} maxLength={500} {...form.field('reason')} />
      <FormMessage error={submission.error} />
      <SubmitButton label={t`Undo merge`} busyLabel={t`Undoing…`} busy={submission.sending} />
    </form>
  );
}

export function UndoMergeButton({ mergeId, onUndone }: { mergeId: string; onUndone: (text: string) => void }) {
  const { t } = useLingui();
  return (
    <DialogButton label={t`Undo merge`} onDone={onUndone}>
      {({ close, done }) => (
        <StaffDialog title={t`Undo this merge?`} onClose={close}>
          <UndoForm mergeId={mergeId} done={done} />
        </StaffDialog>
      )}
    </DialogButton>
  );
}
