/** Step 5: the guest's details (SPEC §5), pre-filled from the profile. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import * as v from 'valibot';
import { BookingContext } from '../booking/booking-context';
import { BookingStep, Working } from '../booking/booking-step';
import { TextAreaField, TextField, useForm } from '../components/form';
import { guestDetailsSchema } from '../domain/guest-details';
import { useMessageText } from '../i18n/message-text';

const detailsSchema = v.omit(guestDetailsSchema, ['agreements']);

function DetailsForm() {
  const { t } = useLingui();
  const translate = useMessageText();
  const booking = BookingContext.useActorRef();
  const guest = BookingContext.useSelector((s) => s.context.guest);
  const form = useForm(detailsSchema, {
    firstName: guest?.firstName ?? '',
    lastName: guest?.lastName ?? '',
    email: guest?.email ?? '',
    mobileCountryCode: guest?.mobileCountryCode ?? '852',
    mobileNumber: guest?.mobileNumber ?? '',
    notes: guest?.notes ?? '',
  });
  const value = (name: string) => String(form.values[name] ?? '');
  const error = (name: string) => translate(form.errors[name]);

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
      <TextField label={t`First name`} autoComplete="given-name" value={value('firstName')} error={error('firstName')} onChange={(e) => form.set('firstName', e.target.value)} />
      <TextField label={t`Last name`} autoComplete="family-name" value={value('lastName')} error={error('lastName')} onChange={(e) => form.set('lastName', e.target.value)} />
      <TextField label={t`E-mail`} type="email" autoComplete="email" value={value('email')} error={error('email')} onChange={(e) => form.set('email', e.target.value)} />
      <div className="field-row">
        <TextField label={t`Country code`} inputMode="tel" autoComplete="tel-country-code" value={value('mobileCountryCode')} error={error('mobileCountryCode')} onChange={(e) => form.set('mobileCountryCode', e.target.value)} />
        <TextField label={t`Mobile number`} type="tel" inputMode="tel" autoComplete="tel-national" value={value('mobileNumber')} error={error('mobileNumber')} onChange={(e) => form.set('mobileNumber', e.target.value)} />
      </div>
      <TextAreaField label={t`Special requests`} hint={t`Allergies, celebrations, seating wishes`} value={value('notes')} error={error('notes')} maxLength={500} onChange={(e) => form.set('notes', e.target.value)} />
      <button type="submit" className="button button--primary button--block">
        <Trans>Continue</Trans>
      </button>
    </form>
  );
}

export default function ProfilePage() {
  const { t } = useLingui();
  const prefilling = BookingContext.useSelector((s) => s.matches({ holding: { step: { created: 'prefilling' } } }));
  return (
    <BookingStep title={t`Your details`}>
      {prefilling ? (
        <Working>
          <Trans>Loading your details…</Trans>
        </Working>
      ) : (
        <DetailsForm />
      )}
    </BookingStep>
  );
}
