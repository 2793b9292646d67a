/**
 * The guest book's merge: a button that opens a confirmation showing both accounts side by side, their
 * member numbers and wallet balances (an admin reads both wallets before merging a member's account,
 * docs/PRODUCT.md §2, "The guest book"), and asks why the two are one person. The server decides who may
 * merge which; its refusal is shown in the dialog and keeps the reason typed.
 */
import { useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../common/api/api-error';
import type { components } from '../../../common/api/schema';
import { mergeGuestSchema } from '../../../common/validation/guest-book-validation';
import { FormMessage, SubmitButton, TextField, useForm } from '../../components/form';
import { useSubmission } from '../../components/use-submission';
import { useMessageText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import { StaffDialog } from '../book/staff-dialog';
import { DialogButton } from '../dialog-button';
import { staffApi } from '../staff-api';

type Duplicate = components['schemas']['GuestDuplicate'];

/** One account's line in the confirmation: who, member number and wallet. */
function AccountFacts({ label, guest }: { label: string; guest: Duplicate }) {
  const { t } = useLingui();
  const { money } = useFormats();
  return (
    <section aria-label={label} className="guest-merge-account">
      <h3>{label}</h3>
      <p>{`${guest.firstName} ${guest.lastName} · ${guest.email}`}</p>
      <dl>
        <dt>{t`Member number`}</dt>
        <dd>{guest.memberId ?? t`None`}</dd>
        <dt>{t`Wallet balance`}</dt>
        <dd>{money(guest.walletBalance)}</dd>
      </dl>
    </section>
  );
}

function MergeForm({ keep, merge, done }: { keep: Duplicate; merge: Duplicate; done: (text: string) => void }) {
  const { t } = useLingui();
  const translate = useMessageText();
  const submission = useSubmission();
  const form = useForm(mergeGuestSchema, { duplicateId: merge._id, reason: '' }, translate);
  const kept = `${keep.firstName} ${keep.lastName}`;
  const merged = `${merge.firstName} ${merge.lastName} (${merge.email})`;
  return (
    <form
      noValidate
      onSubmit={submission.onSubmit(
        () => form.validate(),
        async (body) => {
          const { data } = await unwrap(staffApi.POST('/admin/guest/{id}/merge', { params: { path: { id: keep._id } }, body }));
          const { reservations, payments, walletEntries } = data.moved;
          done(t`Merged: ${reservations} bookings, ${payments} payments and ${walletEntries} wallet entries now belong to ${kept}. An admin can undo this for 30 days.`);
          return '';
        },
      )}
    >
      <AccountFacts label={t`Kept account`} guest={keep} />
      <AccountFacts label={t`Account merged into it`} guest={merge} />
      <p>{t`Every booking, payment, wallet entry, tag and note of ${merged} moves to ${kept}. That account can no longer log in. The audit log records the merge and your reason.`}</p>
      {/* One line: the reason is a one-line text (common/validation/text-characters.ts), as the audit log shows it. */}
      <TextField label={t`Why are these accounts one person?`} maxLength={500} {...form.field('reason')} />
      <FormMessage error={submission.error} />
      <SubmitButton label={t`Merge`} busyLabel={t`Merging…`} busy={submission.sending} />
    </form>
  );
}

/** "Merge into …": the confirmation of merging `merge` into `keep`. */
export function GuestMergeButton({ keep, merge, onMerged }: { keep: Duplicate; merge: Duplicate; onMerged: (text: string) => void }) {
  const { t } = useLingui();
  const kept = `${keep.firstName} ${keep.lastName}`;
  const merged = `${merge.firstName} ${merge.lastName} (${merge.email})`;
  return (
    <DialogButton label={t`Merge into ${kept}`} onDone={onMerged}>
      {({ close, done }) => (
        <StaffDialog title={t`Merge ${merged} into ${kept}?`} onClose={close}>
          <MergeForm keep={keep} merge={merge} done={done} />
        </StaffDialog>
      )}
    </DialogButton>
  );
}
