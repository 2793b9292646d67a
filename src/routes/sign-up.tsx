/**
 * Sign up: creates a guest account. The answer is the same whether or not the e-mail is known; the
 * account starts working once the link in the mailed confirmation is opened (it lands on log-in).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { FormMessage, SubmitButton, TextField, useForm } from '../components/form';
import { Page } from '../components/page';
import { PasswordField } from '../components/password-field';
import { useSubmission } from '../components/use-submission';
import { useMessageText } from '../i18n/message-text';
import { signUpFormSchema } from '../../common/validation/account-validation';
import { DEFAULT_LOCALE, isLocale } from '../../common/locales';
import { href } from '../navigation/navigator';
import type { PageProps } from '../navigation/routes';

const INITIAL = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  // Hong Kong, where the club is.
  mobileCountryCode: '852',
  mobileNumber: '',
};

export default function SignUpPage(_props: PageProps) {
  const { t, i18n } = useLingui();
  const translate = useMessageText();
  const form = useForm(signUpFormSchema, INITIAL, translate);
  const submission = useSubmission();

  const submit = submission.onSubmit(form.validate, async ({ confirmPassword: _confirmation, ...rest }) => {
    // A country code alone is no phone number.
    const body = rest.mobileNumber ? rest : { ...rest, mobileCountryCode: undefined };
    const { message } = await unwrap(
      api.POST('/user/user/sign-up', {
        body: { ...body, locale: isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE },
      }),
    );
    return translate(message) ?? message;
  });

  if (submission.outcome?.kind === 'done') {
    return (
      <Page title={t`Sign up`}>
        <FormMessage success={submission.outcome.message} />
        <p className="muted">
          <Trans>Open the link in the e-mail to confirm your address; it logs you in.</Trans>
        </p>
        <div className="actions">
          <a className="button button--block" href={href('login')}>
            <Trans>Back to log in</Trans>
          </a>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t`Sign up`} lead={t`Create an account to book tables and manage your reservations.`}>
      <form noValidate onSubmit={submit}>
        <TextField label={t`First name`} autoComplete="given-name" {...form.field('firstName')} />
        <TextField label={t`Last name`} autoComplete="family-name" {...form.field('lastName')} />
        <TextField label={t`E-mail`} type="email" inputMode="email" autoComplete="email" {...form.field('email')} />
        <PasswordField
          label={t`Password`}
          hint={t`At least 7 characters`}
          autoComplete="new-password"
          {...form.field('password')}
        />
        <PasswordField label={t`Confirm password`} autoComplete="new-password" {...form.field('confirmPassword')} />
        <TextField
          label={t`Country code`}
          inputMode="tel"
          autoComplete="tel-country-code"
          {...form.field('mobileCountryCode')}
        />
        <TextField
          label={t`Mobile number (optional)`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          {...form.field('mobileNumber')}
        />
        <FormMessage error={submission.error} />
        <SubmitButton label={t`Sign up`} busyLabel={t`Sending…`} busy={submission.sending} />
      </form>
      <div className="actions">
        <a href={href('login')}>
          <Trans>Already have an account? Log in</Trans>
        </a>
      </div>
    </Page>
  );
}
