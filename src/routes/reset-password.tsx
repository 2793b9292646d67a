/**
 * Reset password (docs/PRODUCT.md §2 /pages/reset-password?token=...): the page the mailed link opens. Staff links
 * carry `area=admin` so the way back leads to the staff log-in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../api/api';
import { ApiFailure, unwrap } from '../../common/api/api-error';
import { FormMessage, SubmitButton, useForm } from '../components/form';
import { Page } from '../components/page';
import { PasswordField } from '../components/password-field';
import { useSubmission } from '../components/use-submission';
import { useMessageText } from '../i18n/message-text';
import { resetPasswordFormSchema } from '../../common/validation/account-validation';
import { href, navigateTo } from '../navigation/navigator';
import type { PageProps } from '../navigation/routes';

export default function ResetPasswordPage({ query }: PageProps) {
  const { t } = useLingui();
  const translate = useMessageText();
  const staff = query.area === 'admin';
  const areaQuery = staff ? ({ area: 'admin' } as const) : {};
  const token = query.token;
  const form = useForm(resetPasswordFormSchema, { password: '', confirmPassword: '' }, translate);
  const submission = useSubmission();
  const { outcome } = submission;
  const requestNewLink = (
    <a href={href('forgot-password', areaQuery)}>
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

  const submit = submission.onSubmit(form.validate, async ({ password }) => {
    const { message } = await unwrap(api.POST('/user/user/reset-password', { body: { token, password } }));
    return translate(message) ?? message;
  });

  // A refused token: the link is spent or wrong, so the way on is a new one.
  const badLink = outcome?.kind === 'failed' && outcome.error instanceof ApiFailure && outcome.error.field === 'token';

  if (outcome?.kind === 'done') {
    return (
      <Page title={t`Reset password`}>
        <FormMessage success={outcome.message} />
        <div className="actions">
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => navigateTo(staff ? 'staff-login' : 'login')}
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
        <PasswordField label={t`New password`} autoComplete="new-password" {...form.field('password')} />
        <PasswordField label={t`Confirm new password`} autoComplete="new-password" {...form.field('confirmPassword')} />
        <FormMessage error={submission.error} />
        {badLink && <p>{requestNewLink}</p>}
        <SubmitButton label={t`Set new password`} busyLabel={t`Saving…`} busy={submission.sending} />
      </form>
    </Page>
  );
}
