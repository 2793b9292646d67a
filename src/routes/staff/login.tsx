/**
 * Staff log in (/pages/staff/login): the admin area's own log-in (docs/PRODUCT.md §6), through the staff session
 * chart, which keeps staff tokens apart from a guest's. `redirect` brings the person back to the staff
 * page that sent them here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { FormMessage, SubmitButton, TextField, useForm } from '../../components/form';
import { Page } from '../../components/page';
import { PasswordField } from '../../components/password-field';
import { loginSchema } from '../../../common/validation/account-validation';
import { useMessageText } from '../../i18n/message-text';
import { navigateHash } from '../../navigation/hash-location';
import { href, pageAddress } from '../../navigation/navigator';
import type { PageProps } from '../../navigation/routes';
import { staffSessionActor, useStaffUser } from '../../staff/staff-session';
import { loadServiceNow } from '../../staff/host-stand/stand-calls';
import type { SessionUser } from '../../../machines/session.machine';
import '../../staff/staff.css';

/** Only a staff page of this app: never an outside address handed in through the link. */
function redirectAddress(redirect: string | undefined): string | null {
  const inConsole = redirect?.startsWith('/pages/staff/') && !redirect.startsWith('/pages/staff/login');
  return inConsole ? redirect! : null;
}

/**
 * Where a log-in without a page to go back to lands (docs/PRODUCT.md §6): venue staff on the host stand
 * while their venue's service runs by the server's clock, everyone else (and anyone when the server
 * cannot say) on the day sheet.
 */
async function afterLoginAddress(user: SessionUser | null): Promise<string> {
  if (user?.role !== 'staff' || !user.venueId) return pageAddress('staff-day');
  const now = await loadServiceNow(user.venueId).catch(() => null);
  return now?.running ? pageAddress('staff-host-stand', { date: now.date }) : pageAddress('staff-day');
}

export default function StaffLoginPage({ query }: PageProps) {
  const { t } = useLingui();
  const translate = useMessageText();
  const session = staffSessionActor();
  const loggingIn = useSelector(session, (s) => s.matches('loggingIn'));
  const loggedIn = useSelector(session, (s) => s.matches('loggedIn'));
  const notice = useSelector(session, (s) => s.context.notice);
  const serverMessage = useSelector(session, (s) => s.context.errorMessage);
  const form = useForm(loginSchema, { email: '', password: '' }, translate);
  const [attempted, setAttempted] = useState(false);
  const user = useStaffUser();
  const back = redirectAddress(query.redirect);

  useEffect(() => {
    if (!loggedIn) return;
    if (back) {
      navigateHash(back, { replace: true });
      return;
    }
    let current = true;
    void afterLoginAddress(user).then((address) => current && navigateHash(address, { replace: true }));
    return () => {
      current = false;
    };
  }, [loggedIn, back, user]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const credentials = form.validate();
    if (!credentials) return;
    setAttempted(true);
    session.send({ type: 'login.submit', credentials: { ...credentials, area: 'admin' } });
  }

  const failed = attempted && !loggingIn && notice === 'login-failed';
  const expired = !attempted && (Boolean(query.expired) || notice === 'login-expired');
  const error = failed ? (translate(serverMessage) ?? t`An error occurred!`) : expired ? t`Login expired` : null;

  return (
    <Page title={t`Staff log in`} lead={t`For the club's staff only.`}>
      <form noValidate onSubmit={submit} className="staff-login">
        <TextField label={t`E-mail`} type="email" inputMode="email" autoComplete="username" {...form.field('email')} />
        <PasswordField label={t`Password`} autoComplete="current-password" {...form.field('password')} />
        <FormMessage error={error} />
        <SubmitButton label={t`Log in`} busyLabel={t`Logging in…`} busy={loggingIn} disabled={loggingIn} />
      </form>
      <div className="actions">
        <a href={href('forgot-password', { area: 'admin' })}>
          <Trans>Forgot password?</Trans>
        </a>
        <a href={href('login')}>
          <Trans>Guest and member log in</Trans>
        </a>
      </div>
    </Page>
  );
}
