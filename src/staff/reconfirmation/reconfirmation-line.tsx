/**
 * A booking's reconfirmation on the day sheet (docs/PRODUCT.md §4, no-shows), in staff's words: how and
 * when the guest reconfirmed ("Reconfirmed by link at 12:03 pm"), or that they were asked and have not
 * answered. Nothing while the guest has not been asked.
 */
import { useLingui } from '@lingui/react/macro';
import type { Schemas } from '../../../common/api/schemas';
import { hongKongMinutes } from '../../../common/time';
import { useFormats } from '../../i18n/use-formats';

type Booking = Pick<Schemas['DaySheetBooking'], 'status' | 'reconfirmAskedAt' | 'reconfirmedAt' | 'reconfirmedVia'>;

export function ReconfirmationLine({ booking }: { booking: Booking }) {
  const { t } = useLingui();
  const format = useFormats();
  if (booking.reconfirmedAt) {
    const time = format.time(hongKongMinutes(new Date(booking.reconfirmedAt)));
    const line = {
      LINK: t`Reconfirmed by link at ${time}`,
      SMS: t`Reconfirmed by SMS reply at ${time}`,
      WHATSAPP: t`Reconfirmed by WhatsApp reply at ${time}`,
      PHONE: t`Reconfirmed by phone at ${time}`,
    };
    return <div className="muted">{booking.reconfirmedVia ? line[booking.reconfirmedVia] : t`Reconfirmed at ${time}`}</div>;
  }
  if (booking.reconfirmAskedAt && booking.status === 'CONFIRMED') return <div className="muted">{t`Asked to reconfirm: no answer yet`}</div>;
  return null;
}
