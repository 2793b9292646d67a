/**
 * "Move" on a booking that can still move (confirmed, not arrived, not started), opening the Move dialog:
 * for lists such as the day sheet, which show the booking's row rather than its table.
 */
import { useLingui } from '@lingui/react/macro';
import { serverClock } from '../../api/server-clock';
import { DialogButton } from '../dialog-button';
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
  // As the server decides (reservation-change.ts): only a confirmed party not yet arrived, before its start.
  if (booking.visitState !== 'confirmed' || Date.parse(booking.startsAt) <= serverClock.now().getTime()) return null;
  const reference = booking.uniqueId;
  return (
    <DialogButton label={t`Move ${reference}`} onDone={onMoved}>
      {({ close, done }) => <MoveDialog booking={booking} venueId={venueId} onClose={close} onMoved={done} />}
    </DialogButton>
  );
}
