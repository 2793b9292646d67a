/**
 * Change password (needs log-in; the shell guards it). The server logs the other devices out and hands
 * this one a fresh token pair, which replaces the stored one.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api, tokens } from '../api/api';
import { unwrap } from '../api/api-error';
import { accessTokenExpiresAt } from '../api/token-claims';
import { FormMessage, useForm } from '../components/form';
import { Page } from '../components/page';
import { PasswordField } from '../components/password-field';
import { useFailureText, useMessageText } from '../i18n/message-text';
import { changePasswordFormSchema } from '../domain/account-validation';
import type { PageProps } from '../navigation/routes';
import { SessionContext } from '../session/session-provider';

type Outcome = { kind: 'done' | 'failed'; message: string } | null;

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

export default function ChangePasswordPage(_props: PageProps) {
  const { t } = useLingui();
  const translate = useMessageText();
  const failureText = useFailureText();
  const session = SessionContext.useActorRef();
  const form = useForm(changePasswordFormSchema, { oldPassword: '', newPassword: '', confirmPassword: '' });
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values = form.validate();
    if (!values || sending) return;
    setSending(true);
    setOutcome(null);
    try {
      const { data } = await unwrap(
        api.POST('/user/user/change-password', {
          body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
        }),
      );
      tokens.save(data);
      // The session schedules its next refresh from the new token's expiry.
      session.send({ type: 'tokens.refreshed', tokenExpiresAt: accessTokenExpiresAt(data.token) });
      for (const name of FIELDS) form.set(name, '');
      setOutcome({ kind: 'done', message: t`Your password has been changed.` });
    } catch (error) {
      setOutcome({ kind: 'failed', message: failureText(error) });
    } finally {
      setSending(false);
    }
  }

  const field = (name: (typeof FIELDS)[number]) => ({
    name,
    value: String(form.values[name] ?? ''),
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value),
    error: translate(form.errors[name]),
  });

  return (
    <Page title={t`Change password`} lead={t`Other devices will be logged out.`}>
      <form noValidate onSubmit={submit}>
        <PasswordField label={t`Current password`} autoComplete="current-password" {...field('oldPassword')} />
        <PasswordField
          label={t`New password`}
          hint={t`At least 7 characters`}
          autoComplete="new-password"
          {...field('newPassword')}
        />
        <PasswordField label={t`Confirm new password`} autoComplete="new-password" {...field('confirmPassword')} />
        <FormMessage
          error={outcome?.kind === 'failed' ? outcome.message : null}
          success={outcome?.kind === 'done' ? outcome.message : null}
        />
        <div className="actions">
          <button type="submit" className="button button--primary button--block" disabled={sending}>
            {sending ? t`Saving…` : t`Change password`}
          </button>
        </div>
      </form>
    </Page>
  );
}
