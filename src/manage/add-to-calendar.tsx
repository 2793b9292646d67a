/** "Add to calendar" for a confirmed reservation: the same .ics file (RFC 5545) the confirmation e-mail carries. */
import { useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { downloadedFile } from '../api/file-download';
import { DownloadButton } from '../components/download-button';

/** By the reservation's id for its logged-in owner, or through its manage link's `token`. */
export function AddToCalendar({ reservationId, reference, token }: { reservationId: string; reference: string; token?: string }) {
  const { t } = useLingui();
  return (
    <DownloadButton
      label={t`Add to calendar`}
      failure={t`The calendar file could not be downloaded.`}
      load={() =>
        downloadedFile(
          token
            ? api.GET('/manage/{token}/calendar.ics', { params: { path: { token } }, parseAs: 'blob' })
            : api.GET('/user/reservation/{id}/calendar.ics', { params: { path: { id: reservationId } }, parseAs: 'blob' }),
          `reservation-${reference}.ics`,
        )
      }
    />
  );
}
