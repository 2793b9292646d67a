/** The review step's echo of who the table is for and what they asked for, so a mistake is seen before paying. */
import { useLingui } from '@lingui/react/macro';
import { FieldList } from '../components/field-list';
import { Section } from '../components/section';
import { formatPhoneNumber } from '../../common/validation/phone-number';
import { useGuestRequestText } from '../i18n/guest-request-text';
import { BookingContext } from './booking-context';

export function GuestSummary() {
  const { t } = useLingui();
  const text = useGuestRequestText();
  const guest = BookingContext.useSelector((s) => s.context.guest);
  if (!guest) return null;
  const occasion = text.occasionLine(guest);
  const dietary = text.dietaryLine(guest);
  const mobile = formatPhoneNumber(guest.mobileCountryCode, guest.mobileNumber);
  return (
    <Section title={t`Your details`}>
      <FieldList
        rows={[
          [t`Name`, `${guest.firstName} ${guest.lastName}`],
          [t`E-mail`, guest.email],
          Boolean(mobile) && [t`Mobile number`, mobile],
          Boolean(occasion) && [t`Occasion`, occasion],
          Boolean(dietary) && [t`Dietary needs`, dietary],
          Boolean(guest.notes) && [t`Special requests`, guest.notes],
        ]}
      />
    </Section>
  );
}
