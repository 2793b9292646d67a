/** Step 5: the guest's details (docs/PRODUCT.md §5), pre-filled from the profile. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as v from 'valibot';
import { BookingContext } from '../booking/booking-context';
import { BookingStep, Working } from '../booking/booking-step';
import { TextAreaField } from '../components/form';
import { GUEST_DETAILS_MESSAGES } from '../../common/validation/form-messages';
import { guestDetailsEntries } from '../../common/validation/guest-details';
import { withMobileNumberChecked } from '../../common/validation/phone-number';
import { GuestRequestsFields } from '../booking/guest-requests-fields';
import { IdentifyStep } from '../booking/identify-step';
import { useIdentitySelector } from '../booking/use-guest-identity';
import { GuestContactFields } from '../booking/guest-contact-fields';
import { useGuestDetailsPrefill } from '../booking/use-guest-details-prefill';

const detailsSchema = withMobileNumberChecked(v.omit(guestDetailsEntries, ['agreements']), GUEST_DETAILS_MESSAGES.mobileNumberInvalid);

function DetailsForm() {
  const { t } = useLingui();
  const booking = BookingContext.useActorRef();
  const { guest, form, onSubmit } = useGuestDetailsPrefill(detailsSchema, (known) => ({
    notes: known?.notes ?? '',
    occasion: known?.occasion ?? '',
    occasionNote: known?.occasionNote ?? '',
    dietaryNeeds: known?.dietaryNeeds ?? [],
    dietaryNote: known?.dietaryNote ?? '',
  }));
  // Said once, as the step opens: the needs the guest finds ticked were remembered, not chosen for this visit.
  const [dietaryPrefilled] = useState(() => (guest?.dietaryNeeds?.length ?? 0) > 0 || Boolean(guest?.dietaryNote));
  const submit = onSubmit((details) =>
    booking.send({
      type: 'details.submit',
      guest: { ...details, ...(details.notes ? { notes: details.notes } : { notes: undefined }) },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <GuestContactFields form={form} />
      <GuestRequestsFields form={form} prefilled={dietaryPrefilled} />
      <TextAreaField label={t`Special requests`} hint={t`Seating wishes and anything else we should know`} {...form.field('notes')} />
      <button type="submit" className="button button--primary button--block">
        <Trans>Continue</Trans>
      </button>
    </form>
  );
}

export default function ProfilePage() {
  const { t } = useLingui();
  const prefilling = BookingContext.useSelector((s) => s.matches({ holding: { step: { created: 'prefilling' } } }));
  // Not logged in yet, with a time chosen: log in, sign up or continue as a guest first.
  const identifying = useIdentitySelector((s) => s?.matches('identify') ?? false);
  return (
    <BookingStep title={t`Your details`}>
      {identifying ? (
        <IdentifyStep />
      ) : prefilling ? (
        <Working>
          <Trans>Loading your details…</Trans>
        </Working>
      ) : (
        <DetailsForm />
      )}
    </BookingStep>
  );
}
