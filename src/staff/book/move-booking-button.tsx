/**
 * "Move" on a booking that can still move (confirmed, not arrived, not started), opening the Move dialog:
 * for lists such as the day sheet, which show the booking's row rather than its table.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { serverClock } from '../../api/server-clock';
import { MoveDialog, type MovableBooking } from './move-dialog';

export function MoveBookingButton({
  booking,
  venueId,
  onMoved,
}: {
  booking: MovableBooking & { visitState: string | null; startsAt: string };
  venueId: string;
  onMoved: (message: string) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  // As the server decides (reservation-change.ts): only a confirmed party not yet arrived, before its start.
  if (booking.visitState !== 'confirmed' || Date.parse(booking.startsAt) <= serverClock.now().getTime()) return null;
  const reference = booking.uniqueId;
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t`Move ${reference}`}
      </button>
      {open && (
        <MoveDialog
          booking={booking}
          venueId={venueId}
          onClose={() => setOpen(false)}
          onMoved={(message) => {
            setOpen(false);
            onMoved(message);
          }}
        />
      )}
    </>
  );
}
