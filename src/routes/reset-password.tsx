/**
 * Reset password (SPEC §2 /pages/reset-password?token=...): the page the mailed link opens. Staff links
 * carry `area=admin` so the way back leads to the staff log-in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api } from '../api/api';
import { ApiFailure, unwrap } from '../api/api-error';
import { FormMessage, useForm } from '../components/form';
import { Page } from '../components/page';
import { PasswordField } from '../components/password-field';
import { useFailureText, useMessageText } from '../i18n/message-text';
import { resetPasswordFormSchema } from '../domain/account-validation';
import { navigateTo, pageAddress } from '../navigation/navigator';
import type { PageProps } from '../navigation/routes';

type Outcome = { kind: 'done'; message: string } | { kind: 'failed'; message: string; badLink: boolean } | null;

export default function ResetPasswordPage({ query }: PageProps) {
  const { t } = useLingui();
  const translate = useMessageText();
  const failureText = useFailureText();
  const staff = query.area === 'admin';
  const areaQuery = staff ? { area: 'admin' } : {};
  const token = query.token;
  const form = useForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const requestNewLink = (
    <a href={`#${pageAddress('forgot-password', areaQuery)}`}>
      <Trans>Request a new link</Trans>
    </a>
  );

  if (!token) {
    return (
      <Page title={t`Reset password`}>
        <p className="form-error" role="alert">
          <Trans>
            This page needs the link from the password reset e-mail. Please open the link in the e-mail again.
          </Trans>
        </p>
        <div className="actions">{requestNewLink}</div>
      </Page>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values = form.validate();
    if (!values || sending || !token) return;
    setSending(true);
    setOutcome(null);
    try {
      const { message } = await unwrap(
        api.POST('/user/user/reset-password', { body: { token, password: values.password } }),
      );
      setOutcome({ kind: 'done', message: translate(message) ?? message });
    } catch (error) {
      const badLink = error instanceof ApiFailure && error.field === 'token';
      setOutcome({ kind: 'failed', message: failureText(error), badLink });
    } finally {
      setSending(false);
    }
  }

  if (outcome?.kind === 'done') {
    return (
      <Page title={t`Reset password`}>
        <FormMessage success={outcome.message} />
        <div className="actions">
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => navigateTo('login', areaQuery)}
          >
            {staff ? t`Go to staff log in` : t`Go to log in`}
          </button>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t`Reset password`} lead={t`Choose a new password of at least 7 characters.`}>
      <form noValidate onSubmit={submit}>
        <PasswordField
          label={t`New password`}
          name="password"
          autoComplete="new-password"
          value={String(form.values.password ?? '')}
          onChange={(e) => form.set('password', e.target.value)}
          error={translate(form.errors.password)}
        />
        <PasswordField
          label={t`Confirm new password`}
          name="confirmPassword"
          autoComplete="new-password"
          value={String(form.values.confirmPassword ?? '')}
          onChange={(e) => form.set('confirmPassword', e.target.value)}
          error={translate(form.errors.confirmPassword)}
        />
        <FormMessage error={outcome?.kind === 'failed' ? outcome.message : null} />
        {outcome?.kind === 'failed' && outcome.badLink && <p>{requestNewLink}</p>}
        <div className="actions">
          <button type="submit" className="button button--primary button--block" disabled={sending}>
            {sending ? t`Saving…` : t`Set new password`}
          </button>
        </div>
      </form>
    </Page>
  );
}
