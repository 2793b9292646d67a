/**
 * "Notes" on a booking (the day sheet's rows): the guest's requests and the staff notes, each labelled,
 * edited apart (docs/decisions/0034-staff-notes.md). The guest's requests are shown back to the guest;
 * staff notes never leave the staff console. Nothing is mailed.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { FormMessage, SubmitButton, TextAreaField } from '../../components/form';
import { useSubmission } from '../../components/use-submission';
import { DialogButton } from '../dialog-button';
import { editBookingNotes } from './book-calls';
import { StaffDialog } from './staff-dialog';
import { useNoteLabels } from './note-labels';

export interface NotedBooking {
  id: string;
  uniqueId: string;
  notes: string | null;
  staffNotes: string | null;
}

function NotesDialog({ booking, onClose, onSaved }: { booking: NotedBooking; onClose: () => void; onSaved: (message: string) => void }) {
  const { t } = useLingui();
  const labels = useNoteLabels();
  const submission = useSubmission();
  const [notes, setNotes] = useState(booking.notes ?? '');
  const [staffNotes, setStaffNotes] = useState(booking.staffNotes ?? '');
  const fieldError = (name: string) => (submission.outcome?.kind === 'failed' && (submission.outcome.error as { field?: string })?.field === name ? submission.error ?? undefined : undefined);

  function submit(event: FormEvent) {
    void submission.onSubmit(
      () => ({ notes: notes || null, staffNotes: staffNotes || null }),
      async (body) => {
        await editBookingNotes(booking.id, body);
        const reference = booking.uniqueId;
        const message = t`Notes of ${reference} saved.`;
        onSaved(message);
        return message;
      },
    )(event);
  }

  const reference = booking.uniqueId;
  return (
    <StaffDialog title={t`Notes of ${reference}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextAreaField label={labels.guestRequests} hint={labels.guestRequestsHint} value={notes} onChange={(e) => setNotes(e.target.value)} error={fieldError('notes')} />
        <TextAreaField label={labels.staffNotes} hint={labels.staffNotesHint} value={staffNotes} onChange={(e) => setStaffNotes(e.target.value)} error={fieldError('staffNotes')} />
        <FormMessage error={submission.error} />
        <SubmitButton label={t`Save notes`} busyLabel={t`Saving…`} busy={submission.sending} />
      </form>
    </StaffDialog>
  );
}

/** The row's "Notes" button, opening the dialog. */
export function EditNotesButton({ booking, onSaved }: { booking: NotedBooking; onSaved: (message: string) => void }) {
  const { t } = useLingui();
  const reference = booking.uniqueId;
  return (
    <DialogButton label={t`Edit notes of ${reference}`} onDone={onSaved}>
      {({ close, done }) => <NotesDialog booking={booking} onClose={close} onSaved={done} />}
    </DialogButton>
  );
}
