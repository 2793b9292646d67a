/** A "Why not?" button that opens the panel in a dialog, for pages that have no time of their own (the day sheet). */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { StaffDialog } from '../book/staff-dialog';
import { WhyNotPanel, type WhyNotQuestion } from './why-not-panel';

export function WhyNotButton({ venueId, experiences, initial }: { venueId: string; experiences: readonly { _id: string; name: string }[]; initial: WhyNotQuestion }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t`Why not?`}
      </button>
      {open && (
        <StaffDialog title={t`Why not?`} onClose={() => setOpen(false)}>
          <WhyNotPanel venueId={venueId} experiences={experiences} initial={initial} />
        </StaffDialog>
      )}
    </>
  );
}
