/**
 * Sign up: creates a guest account. The answer is the same whether or not the e-mail is known; the
 * account starts working once the link in the mailed confirmation is opened (it lands on log-in).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { api } from '../api/api';
import { unwrap } from '../api/api-error';
import { FormMessage, TextField, useForm } from '../components/form';
import { Page } from '../components/page';
import { PasswordField } from '../components/password-field';
import { useFailureText, useMessageText } from '../i18n/message-text';
import { ACCOUNT_MESSAGES, passwordConfirmationError, signUpSchema } from '../domain/account-validation';
import { DEFAULT_LOCALE, isLocale } from '../domain/locales';
import { pageAddress } from '../navigation/navigator';
import type { PageProps } from '../navigation/routes';

/** The request's schema plus the confirmation, whose issue lands on `confirmPassword` (SPEC §5). */
const signUpFormSchema = v.pipe(
  v.object({ ...signUpSchema.entries, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => passwordConfirmationError(input.password, input.confirmPassword) === null,
      ACCOUNT_MESSAGES.passwordConfirmation,
    ),
    ['confirmPassword'],
  ),
);

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

type Outcome = { kind: 'sent' | 'failed'; message: string } | null;

export default function SignUpPage(_props: PageProps) {
  const { t, i18n } = useLingui();
  const translate = useMessageText();
  const failureText = useFailureText();
  const form = useForm(signUpFormSchema, INITIAL);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const text = (name: keyof typeof INITIAL) => ({
    name,
    value: String(form.values[name] ?? ''),
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value),
    error: translate(form.errors[name]),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values = form.validate();
    if (!values || sending) return;
    const { confirmPassword: _confirmation, ...rest } = values;
    // A country code alone is no phone number.
    const body = rest.mobileNumber ? rest : { ...rest, mobileCountryCode: undefined };
    setSending(true);
    setOutcome(null);
    try {
      const { message } = await unwrap(
        api.POST('/user/user/sign-up', {
          body: { ...body, locale: isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE },
        }),
      );
      setOutcome({ kind: 'sent', message: translate(message) ?? message });
    } catch (error) {
      setOutcome({ kind: 'failed', message: failureText(error) });
    } finally {
      setSending(false);
    }
  }

  if (outcome?.kind === 'sent') {
    return (
      <Page title={t`Sign up`}>
        <FormMessage success={outcome.message} />
        <p className="muted">
          <Trans>Open the link in the e-mail to confirm your address; it logs you in.</Trans>
        </p>
        <div className="actions">
          <a className="button button--block" href={`#${pageAddress('login')}`}>
            <Trans>Back to log in</Trans>
          </a>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t`Sign up`} lead={t`Create an account to book tables and manage your reservations.`}>
      <form noValidate onSubmit={submit}>
        <TextField label={t`First name`} autoComplete="given-name" {...text('firstName')} />
        <TextField label={t`Last name`} autoComplete="family-name" {...text('lastName')} />
        <TextField label={t`E-mail`} type="email" inputMode="email" autoComplete="email" {...text('email')} />
        <PasswordField
          label={t`Password`}
          hint={t`At least 7 characters`}
          autoComplete="new-password"
          {...text('password')}
        />
        <PasswordField label={t`Confirm password`} autoComplete="new-password" {...text('confirmPassword')} />
        <TextField
          label={t`Country code`}
          inputMode="tel"
          autoComplete="tel-country-code"
          {...text('mobileCountryCode')}
        />
        <TextField
          label={t`Mobile number (optional)`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          {...text('mobileNumber')}
        />
        <FormMessage error={outcome?.kind === 'failed' ? outcome.message : null} />
        <div className="actions">
          <button type="submit" className="button button--primary button--block" disabled={sending}>
            {sending ? t`Sending…` : t`Sign up`}
          </button>
        </div>
      </form>
      <div className="actions">
        <a href={`#${pageAddress('login')}`}>
          <Trans>Already have an account? Log in</Trans>
        </a>
      </div>
    </Page>
  );
}
