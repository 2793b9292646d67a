/**
 * Forgot password (SPEC §2 /pages/forgot-password): mails a reset link. The staff's area (`area=admin`)
 * has its own initiation call (SPEC §6). The answer is the same whether or not the e-mail is known.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api } from '../api/api';
import { unwrap } from '../api/api-error';
import { FormMessage, TextField, useForm } from '../components/form';
import { Page } from '../components/page';
import { useFailureText, useMessageText } from '../i18n/message-text';
import { initiatePasswordResetSchema } from '../domain/account-validation';
import { pageAddress } from '../navigation/navigator';
import type { PageProps } from '../navigation/routes';

type Outcome = { kind: 'sent' | 'failed'; message: string } | null;

export default function ForgotPasswordPage({ query }: PageProps) {
  const { t } = useLingui();
  const translate = useMessageText();
  const failureText = useFailureText();
  const staff = query.area === 'admin';
  const form = useForm(initiatePasswordResetSchema, { email: '' });
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate();
    if (!body || sending) return;
    setSending(true);
    setOutcome(null);
    try {
      const path = staff ? '/admin/admin-user/initiate-password-reset' : '/user/user/initiate-password-reset';
      const { message } = await unwrap(api.POST(path, { body }));
      setOutcome({ kind: 'sent', message: translate(message) ?? message });
    } catch (error) {
      setOutcome({ kind: 'failed', message: failureText(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Page
      title={staff ? t`Staff: forgot password` : t`Forgot password`}
      lead={t`Enter the e-mail address of your account and we will send you a link to choose a new password.`}
    >
      <form noValidate onSubmit={submit}>
        <TextField
          label={t`E-mail`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          value={String(form.values.email ?? '')}
          onChange={(e) => form.set('email', e.target.value)}
          error={translate(form.errors.email)}
        />
        <FormMessage
          error={outcome?.kind === 'failed' ? outcome.message : null}
          success={outcome?.kind === 'sent' ? outcome.message : null}
        />
        <div className="actions">
          <button type="submit" className="button button--primary button--block" disabled={sending}>
            {sending ? t`Sending…` : t`Send reset link`}
          </button>
        </div>
      </form>
      <div className="actions">
        <a href={`#${pageAddress('login', staff ? { area: 'admin' } : {})}`}>
          <Trans>Back to log in</Trans>
        </a>
      </div>
    </Page>
  );
}
