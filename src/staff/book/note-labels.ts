/** The two notes' labels and hints, as every staff form and the day sheet name them (docs/decisions/0034-staff-notes.md). */
import { useLingui } from '@lingui/react/macro';

export function useNoteLabels() {
  const { t } = useLingui();
  return {
    guestRequests: t`Guest requests`,
    guestRequestsHint: t`In the guest's words: shown to the guest in their mails and on their booking.`,
    staffNotes: t`Staff notes`,
    staffNotesHint: t`For the team only: never shown to the guest.`,
  };
}
