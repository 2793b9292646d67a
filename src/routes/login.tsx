/**
 * Log in (docs/PRODUCT.md §2 /pages/login): the guest and member log-in, and the landing page of the sign-up
 * e-mail's `verifyToken` link. The staff's area (`area=admin`, docs/PRODUCT.md §1, §6) has its own page,
 * /pages/staff/login, with its own session: older links here are passed on to it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { serverClock } from '../api/server-clock';
import { EmailConfirmed } from '../components/email-confirmed';
import { FormMessage, SubmitButton, TextField, useForm } from '../components/form';
import { Page } from '../components/page';
import { PasswordField } from '../components/password-field';
import { useFailureText, useMessageText } from '../i18n/message-text';
import { loginSchema } from '../../common/validation/account-validation';
import { navigateHash } from '../navigation/hash-location';
import { href, pageAddress, redirectTo } from '../navigation/navigator';
import type { PageProps } from '../navigation/routes';
import { SessionContext } from '../session/session-provider';
import { sessionUserOf } from '../session/session-user';

/** Where to go after log-in: the page that sent the user here if it is one of ours, else their reservations. */
function afterLoginAddress(query: Record<string, string>): string {
  const redirect = query.redirect;
  // Only an address inside the app: never an outside URL handed in through the link.
  const inApp = redirect?.startsWith('/pages/') && !redirect.startsWith('/pages/login');
  return inApp ? redirect! : pageAddress('order');
}

type VerifyState = { status: 'idle' | 'verifying' | 'verified' } | { status: 'failed'; message: string };

export default function LoginPage({ query }: PageProps) {
  return query.area === 'admin' ? <ToStaffLogin /> : <GuestLoginPage query={query} />;
}

function ToStaffLogin() {
  useEffect(() => redirectTo('staff-login'), []);
  return null;
}

function GuestLoginPage({ query }: PageProps) {
  const { t } = useLingui();
  const translate = useMessageText();
  const failureText = useFailureText();
  const session = SessionContext.useActorRef();
  const loggingIn = SessionContext.useSelector((s) => s.matches('loggingIn'));
  const loggedIn = SessionContext.useSelector((s) => s.matches('loggedIn'));
  const loadingProfile = SessionContext.useSelector((s) => s.matches('loadingProfile'));
  const notice = SessionContext.useSelector((s) => s.context.notice);
  const serverMessage = SessionContext.useSelector((s) => s.context.errorMessage);
  const form = useForm(loginSchema, { email: '', password: '' }, translate);
  // A failure left in the session from an earlier visit is not this page's news.
  const [attempted, setAttempted] = useState(false);
  const verifyToken = query.verifyToken;
  const [verify, setVerify] = useState<VerifyState>({ status: verifyToken ? 'verifying' : 'idle' });
  const verifyStarted = useRef<string | null>(null);

  // The e-mailed link: confirm the address, then the user is logged in as after a log-in.
  useEffect(() => {
    // The token is single-use: a second call (React's strict mode runs effects twice) would be refused.
    if (!verifyToken || verifyStarted.current === verifyToken) return;
    verifyStarted.current = verifyToken;
    setVerify({ status: 'verifying' });
    unwrap(api.POST('/user/user/verify-email', { body: { token: verifyToken } })).then(
      ({ data }) => {
        // The session stores the new account's tokens (someone else logged in here gives way to it).
        const { token, refreshToken, user } = data;
        session.send({
          type: 'session.granted',
          login: { token, refreshToken, user: sessionUserOf(user), clockOffsetMs: serverClock.offsetMs },
        });
        setVerify({ status: 'verified' });
      },
      (error: unknown) => setVerify({ status: 'failed', message: failureText(error) }),
    );
  }, [verifyToken, session, failureText]);

  const target = afterLoginAddress(query);
  const waitingForVerify = verify.status === 'verifying';
  // A confirmed address stays on its own page, saying so, rather than moving on in silence.
  const staysForVerify = waitingForVerify || verify.status === 'verified';
  useEffect(() => {
    // Replace, so Back from the page reached does not land on the log-in form again.
    if (loggedIn && !staysForVerify) navigateHash(target, { replace: true });
  }, [loggedIn, staysForVerify, target]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const credentials = form.validate();
    if (!credentials) return;
    setAttempted(true);
    session.send({ type: 'login.submit', credentials: { ...credentials, area: 'user' } });
  }

  const failed = attempted && !loggingIn && notice === 'login-failed';
  const loginFailure = failed ? (translate(serverMessage) ?? t`An error occurred!`) : null;
  const expired = !attempted && (Boolean(query.expired) || notice === 'login-expired');
  const error =
    loginFailure ?? (verify.status === 'failed' ? verify.message : null) ?? (expired ? t`Login expired` : null);
  const status =
    verify.status === 'verifying'
      ? t`Confirming your e-mail address…`
      : verify.status === 'verified' && loadingProfile
        ? t`Your e-mail address is confirmed. Logging you in…`
        : null;

  if (verify.status === 'verified' && loggedIn) return <EmailConfirmed />;

  return (
    <Page title={t`Log in`} lead={t`Log in to manage your reservations, wallet and statements.`}>
      <form noValidate onSubmit={submit}>
        <TextField label={t`E-mail`} type="email" inputMode="email" autoComplete="username" {...form.field('email')} />
        <PasswordField label={t`Password`} autoComplete="current-password" {...form.field('password')} />
        <FormMessage error={error} success={status} />
        <SubmitButton
          label={t`Log in`}
          busyLabel={t`Logging in…`}
          busy={loggingIn}
          disabled={loggingIn || waitingForVerify}
        />
      </form>
      <div className="actions">
        <a href={href('forgot-password')}>
          <Trans>Forgot password?</Trans>
        </a>
        <a href={href('sign-up')}>
          <Trans>No account yet? Sign up</Trans>
        </a>
      </div>
    </Page>
  );
}
