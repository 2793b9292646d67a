/**
 * Forgot password (docs/PRODUCT.md §2 /pages/forgot-password): mails a reset link. The staff's area (`area=admin`)
 * has its own initiation call (docs/PRODUCT.md §6). The answer is the same whether or not the e-mail is known.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { FormMessage, SubmitButton, TextField, useForm } from '../components/form';
import { Page } from '../components/page';
import { useSubmission } from '../components/use-submission';
import { useMessageText } from '../i18n/message-text';
import { initiatePasswordResetSchema } from '../../common/validation/account-validation';
import { href } from '../navigation/navigator';
import type { PageProps } from '../navigation/routes';

export default function ForgotPasswordPage({ query }: PageProps) {
  const { t } = useLingui();
  const translate = useMessageText();
  const staff = query.area === 'admin';
  const form = useForm(initiatePasswordResetSchema, { email: '' }, translate);
  const submission = useSubmission();

  const submit = submission.onSubmit(form.validate, async (body) => {
    const path = staff ? '/admin/admin-user/initiate-password-reset' : '/user/user/initiate-password-reset';
    const { message } = await unwrap(api.POST(path, { body }));
    return translate(message) ?? message;
  });

  return (
    <Page
      title={staff ? t`Staff: forgot password` : t`Forgot password`}
      lead={t`Enter the e-mail address of your account and we will send you a link to choose a new password.`}
    >
      <form noValidate onSubmit={submit}>
        <TextField label={t`E-mail`} type="email" inputMode="email" autoComplete="username" {...form.field('email')} />
        <FormMessage error={submission.error} success={submission.success} />
        <SubmitButton label={t`Send reset link`} busyLabel={t`Sending…`} busy={submission.sending} />
      </form>
      <div className="actions">
        <a href={staff ? href('staff-login') : href('login')}>
          <Trans>Back to log in</Trans>
        </a>
      </div>
    </Page>
  );
}
