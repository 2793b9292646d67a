/** "Add to calendar" for a confirmed reservation: the same .ics file (RFC 5545) the confirmation e-mail carries. */
import { useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { downloadedFile } from '../api/file-download';
import { DownloadButton } from '../components/download-button';

export function AddToCalendar({ reservationId, reference }: { reservationId: string; reference: string }) {
  const { t } = useLingui();
  return (
    <DownloadButton
      label={t`Add to calendar`}
      failure={t`The calendar file could not be downloaded.`}
      load={() =>
        downloadedFile(
          api.GET('/user/reservation/{id}/calendar.ics', { params: { path: { id: reservationId } }, parseAs: 'blob' }),
          `reservation-${reference}.ics`,
        )
      }
    />
  );
}
