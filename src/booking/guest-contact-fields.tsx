/** The guest's name, e-mail and mobile number: the fields every details form of the booking starts with. */
import { useLingui } from '@lingui/react/macro';
import { TextField, type useForm } from '../components/form';

export function GuestContactFields({ form }: { form: Pick<ReturnType<typeof useForm>, 'field'> }) {
  const { t } = useLingui();
  return (
    <>
      <TextField label={t`First name`} autoComplete="given-name" {...form.field('firstName')} />
      <TextField label={t`Last name`} autoComplete="family-name" {...form.field('lastName')} />
      <TextField label={t`E-mail`} type="email" autoComplete="email" {...form.field('email')} />
      <div className="field-row">
        <TextField label={t`Country code`} inputMode="tel" autoComplete="tel-country-code" {...form.field('mobileCountryCode')} />
        <TextField label={t`Mobile number`} type="tel" inputMode="tel" autoComplete="tel-national" {...form.field('mobileNumber')} />
      </div>
    </>
  );
}
