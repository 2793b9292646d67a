/**
 * Change password (needs log-in; the shell guards it). The server logs the other devices out and hands
 * this one a fresh token pair, which replaces the stored one.
 */
import { useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { serverClock } from '../api/server-clock';
import { FormMessage, SubmitButton, useForm } from '../components/form';
import { Page } from '../components/page';
import { PasswordField } from '../components/password-field';
import { useSubmission } from '../components/use-submission';
import { useMessageText } from '../i18n/message-text';
import { changePasswordFormSchema } from '../../common/validation/account-validation';
import type { PageProps } from '../navigation/routes';
import { SessionContext } from '../session/session-provider';

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

export default function ChangePasswordPage(_props: PageProps) {
  const { t } = useLingui();
  const session = SessionContext.useActorRef();
  const form = useForm(
    changePasswordFormSchema,
    { oldPassword: '', newPassword: '', confirmPassword: '' },
    useMessageText(),
  );
  const submission = useSubmission();

  const submit = submission.onSubmit(form.validate, async ({ oldPassword, newPassword }) => {
    const { data } = await unwrap(api.POST('/user/user/change-password', { body: { oldPassword, newPassword } }));
    // The session stores the new pair and schedules its next refresh from the new token's expiry.
    session.send({
      type: 'tokens.granted',
      grant: { token: data.token, refreshToken: data.refreshToken, clockOffsetMs: serverClock.offsetMs },
    });
    for (const name of FIELDS) form.set(name, '');
    return t`Your password has been changed.`;
  });

  return (
    <Page title={t`Change password`} lead={t`Other devices will be logged out.`}>
      <form noValidate onSubmit={submit}>
        <PasswordField label={t`Current password`} autoComplete="current-password" {...form.field('oldPassword')} />
        <PasswordField
          label={t`New password`}
          hint={t`At least 7 characters`}
          autoComplete="new-password"
          {...form.field('newPassword')}
        />
        <PasswordField label={t`Confirm new password`} autoComplete="new-password" {...form.field('confirmPassword')} />
        <FormMessage error={submission.error} success={submission.success} />
        <SubmitButton label={t`Change password`} busyLabel={t`Saving…`} busy={submission.sending} />
      </form>
    </Page>
  );
}
