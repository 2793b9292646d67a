/** Step 5: the guest's details (docs/PRODUCT.md §5), pre-filled from the profile. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { BookingContext } from '../booking/booking-context';
import { BookingStep, Working } from '../booking/booking-step';
import { TextAreaField, TextField, useForm } from '../components/form';
import { GUEST_DETAILS_MESSAGES } from '../../common/validation/form-messages';
import { guestDetailsEntries } from '../../common/validation/guest-details';
import { withMobileNumberChecked } from '../../common/validation/phone-number';
import { GuestRequestsFields } from '../booking/guest-requests-fields';
import { useMessageText } from '../i18n/message-text';
import { IdentifyStep } from '../booking/identify-step';

const detailsSchema = withMobileNumberChecked(v.omit(guestDetailsEntries, ['agreements']), GUEST_DETAILS_MESSAGES.mobileNumberInvalid);

function DetailsForm() {
  const { t } = useLingui();
  const translate = useMessageText();
  const booking = BookingContext.useActorRef();
  const guest = BookingContext.useSelector((s) => s.context.guest);
  // Said once, as the step opens: the needs the guest finds ticked were remembered, not chosen for this visit.
  const [dietaryPrefilled] = useState(() => (guest?.dietaryNeeds?.length ?? 0) > 0 || Boolean(guest?.dietaryNote));
  const form = useForm(
    detailsSchema,
    {
      firstName: guest?.firstName ?? '',
      lastName: guest?.lastName ?? '',
      email: guest?.email ?? '',
      mobileCountryCode: guest?.mobileCountryCode ?? '852',
      mobileNumber: guest?.mobileNumber ?? '',
      notes: guest?.notes ?? '',
      occasion: guest?.occasion ?? '',
      occasionNote: guest?.occasionNote ?? '',
      dietaryNeeds: guest?.dietaryNeeds ?? [],
      dietaryNote: guest?.dietaryNote ?? '',
    },
    translate,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const details = form.validate();
    if (!details) {
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    booking.send({
      type: 'details.submit',
      guest: { ...details, ...(details.notes ? { notes: details.notes } : { notes: undefined }) },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextField label={t`First name`} autoComplete="given-name" {...form.field('firstName')} />
      <TextField label={t`Last name`} autoComplete="family-name" {...form.field('lastName')} />
      <TextField label={t`E-mail`} type="email" autoComplete="email" {...form.field('email')} />
      <div className="field-row">
        <TextField label={t`Country code`} inputMode="tel" autoComplete="tel-country-code" {...form.field('mobileCountryCode')} />
        <TextField label={t`Mobile number`} type="tel" inputMode="tel" autoComplete="tel-national" {...form.field('mobileNumber')} />
      </div>
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
  const identifying = BookingContext.useSelector((s) => s.matches({ draft: 'identify' }));
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
