// @vitest-environment jsdom
/**
 * The account pages in the whole app against the real API: log-in (guest and staff areas), the log-in
 * guard, log-out, forgot and reset password through the mailed link, sign-up with e-mail verification,
 * and change of password.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findHeading, openApp, openAs, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { address, findText, SLOW } from '../../support/ui/page-queries';

const api = useAppHarness();

const RESET_SENT = 'If an account exists for this e-mail, we have sent a link to reset your password.';

/** What the API answers to a log-in, straight from the server. */
const apiLogin = (email: string, password: string) =>
  api().request('POST', '/user/authentication/login', { body: { email, password } });
const apiRefresh = (refreshToken: string | null) =>
  api().request('POST', '/user/authentication/refresh-token', { body: { refreshToken } });

/** The newest mail to `email` with this subject, and the in-app address of the link in it. */
async function mailedLink(email: string, subject: string): Promise<string> {
  const res = await api().request('GET', `/dev/outbox?recipient=${encodeURIComponent(email)}`);
  const mail = (res.body.data as { subject: string; body: string }[]).find((m) => m.subject === subject);
  const link = mail?.body.match(/#(\/pages\/\S+)/)?.[1];
  if (!link) throw new Error(`no "${subject}" mail with a link to ${email}`);
  return link;
}

let unique = 0;
/** A fresh, verified account, so tests that change a password leave the demo accounts alone. */
async function createAccount(password: string): Promise<string> {
  const email = `account-${Date.now()}-${++unique}@example.com`;
  const signUp = await api().request('POST', '/user/user/sign-up', {
    body: { firstName: 'Ada', lastName: 'Wong', email, password },
  });
  expect(signUp.status).toBe(202);
  const token = new URLSearchParams((await mailedLink(email, 'Confirm your e-mail address')).split('?')[1]).get(
    'verifyToken',
  );
  const verified = await api().request('POST', '/user/user/verify-email', { body: { token } });
  expect(verified.status).toBe(200);
  return email;
}

/** Asks for a reset link on the forgot-password page at `page`. */
async function requestResetLink(email: string, page = '/pages/forgot-password', heading = 'Forgot password') {
  await openApp(page);
  await findHeading(heading);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

/** Types a new password and its confirmation on the reset page. */
async function typeNewPassword(user: ReturnType<typeof userEvent.setup>, password: string, confirmation = password) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
}

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  // Enter submits: the form works from the keyboard.
  await user.keyboard('{Enter}');
}

describe('log in', () => {
  it('shows the server refusal for a wrong password and keeps the e-mail typed', async () => {
    await openApp('/pages/login');
    await findHeading('Log in');
    await logIn('guest@example.com', 'not-the-password');

    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('Incorrect E-mail or Password');
    expect(screen.getByLabelText('E-mail')).toHaveProperty('value', 'guest@example.com');
    expect(address()).toBe('/pages/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('validates before calling: a missing e-mail gets its message on the field', async () => {
    await openApp('/pages/login');
    await findHeading('Log in');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));

    expect(await findText('Please enter your email address!')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it('goes to the in-app redirect address after log-in and stores the session', async () => {
    await openApp(`/pages/login?redirect=${encodeURIComponent('/pages/press')}`);
    await findHeading('Log in');
    await logIn('member@example.com', 'member-pass-1');

    await waitFor(() => expect(address()).toBe('/pages/press'), SLOW);
    expect(localStorage.getItem('access_token')).toBeTruthy();
    expect(localStorage.getItem('refresh_token')).toBeTruthy();
    expect(localStorage.getItem('cache_user_info')).toContain('member@example.com');
  });

  it('never follows a redirect to an outside address: it goes to their reservations instead', async () => {
    await openApp(`/pages/login?redirect=${encodeURIComponent('https://evil.example/pages/x')}`);
    await findHeading('Log in');
    await logIn('member@example.com', 'member-pass-1');

    await waitFor(() => expect(address()).toBe('/pages/order'), SLOW);
  });

  it("says 'Login expired' when sent back after the session ran out", async () => {
    await openApp('/pages/login?redirect=%2Fpages%2Fwallet&expired=1');
    await findHeading('Log in');

    expect(screen.getByRole('alert').textContent).toBe('Login expired');
  });

  it('sends a logged-out user from a page that needs log-in to log in, and back after it', async () => {
    await openApp('/pages/change-password');
    await findHeading('Log in');
    expect(address()).toBe('/pages/login?redirect=/pages/change-password');

    await logIn('member@example.com', 'member-pass-1');

    await findHeading('Change password');
    expect(address()).toBe('/pages/change-password');
  });

  it('logs out from the navigation bar and forgets the stored session', async () => {
    await openAs(api(), ['member@example.com', 'member-pass-1'], '/pages/change-password', 'Change password');
    await waitFor(() => expect(localStorage.getItem('cache_user_info')).toContain('member@example.com'));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(localStorage.getItem('access_token')).toBeNull());
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('cache_user_info')).toBeNull();
    // The page needs log-in, so the shell leaves it.
    await findHeading('Log in');
  });
});

describe('staff log in', () => {
  it('logs the admin in through the admin area, apart from the guest session, and refuses a guest there', async () => {
    // The older staff address passes on to the console's own log-in.
    await openApp('/pages/login?area=admin');
    await findHeading('Staff log in');
    await waitFor(() => expect(address()).toBe('/pages/staff/login'), SLOW);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '#/pages/forgot-password?area=admin',
    );

    await logIn('guest@example.com', 'guest-pass-1');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('Incorrect E-mail or Password');
    expect(localStorage.getItem('access_token')).toBeNull();

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('E-mail'));
    await user.clear(screen.getByLabelText('Password'));
    await logIn('admin@example.com', 'admin-pass-1');

    await waitFor(() => expect(address()).toBe('/pages/staff/day'), SLOW);
    expect(localStorage.getItem('staff_access_token')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('sends a staff reset link that leads back to the staff log-in', async () => {
    await requestResetLink('admin@example.com', '/pages/forgot-password?area=admin', 'Staff: forgot password');

    expect(await findText(RESET_SENT)).toBeTruthy();
    expect(await mailedLink('admin@example.com', 'Reset your password')).toMatch(/area=admin/);
  });
});

describe('forgot and reset password', () => {
  it('resets the password through the mailed link, and the new one logs in', async () => {
    const email = await createAccount('first-pass-1');
    await requestResetLink(email);
    expect(await findText(RESET_SENT)).toBeTruthy();

    // Opening the link from the mail, as in a new tab.
    const link = await mailedLink(email, 'Reset your password');
    cleanup();
    await openApp(link);
    await findHeading('Reset password');
    const user = userEvent.setup();
    await typeNewPassword(user, 'second-pass-2');
    await user.keyboard('{Enter}');
    expect(await findText('Your password has been reset. Please log in.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Go to log in' }));
    await findHeading('Log in');
    await logIn(email, 'second-pass-2');
    // Nowhere to come back to: their reservations.
    await waitFor(() => expect(address()).toBe('/pages/order'), SLOW);
    expect((await apiLogin(email, 'first-pass-1')).status).toBe(401);
  });

  it('gives the same neutral answer for an unknown e-mail', async () => {
    await requestResetLink('nobody-here@example.com');

    expect(await findText(RESET_SENT)).toBeTruthy();
  });

  it("says 'Confirmation password is incorrect' when the two differ, and calls nothing", async () => {
    await openApp('/pages/reset-password?token=some-token');
    await findHeading('Reset password');
    const user = userEvent.setup();
    await typeNewPassword(user, 'abcdefgh', 'abcdefgX');
    // The switch shows what was typed, to spot the difference.
    expect(screen.getByLabelText('Confirm new password').getAttribute('type')).toBe('password');
    await user.click(screen.getAllByRole('button', { name: 'Show password' })[1]!);
    expect(screen.getByLabelText('Confirm new password').getAttribute('type')).toBe('text');
    expect(screen.getAllByRole('button', { name: 'Hide password' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await findText('Confirmation password is incorrect')).toBeTruthy();
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server message for an invalid link, with a way to ask for a new one', async () => {
    await openApp('/pages/reset-password?token=not-a-real-token');
    await findHeading('Reset password');
    const user = userEvent.setup();
    await typeNewPassword(user, 'abcdefgh');
    await user.keyboard('{Enter}');

    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toBe('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });

  it('explains a reset address without a token', async () => {
    await openApp('/pages/reset-password');
    await findHeading('Reset password');

    expect(screen.getByRole('alert').textContent).toMatch(/link from the password reset e-mail/);
    const link = screen.getByRole('link', { name: 'Request a new link' });
    expect(link.getAttribute('href')).toBe('#/pages/forgot-password');
  });
});

describe('sign up', () => {
  it('keeps what was typed on a mistake, then mails a link that logs the new user in', async () => {
    const email = `new-guest-${Date.now()}@example.com`;
    await openApp('/pages/sign-up');
    await findHeading('Sign up');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Mei');
    await user.type(screen.getByLabelText('Last name'), 'Lam');
    await user.type(screen.getByLabelText('E-mail'), email);
    await user.type(screen.getByLabelText(/^Password/), 'welcome-123');
    await user.type(screen.getByLabelText('Confirm password'), 'welcome-124');
    await user.type(screen.getByLabelText('Mobile number (optional)'), '91234567');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await findText('Confirmation password is incorrect')).toBeTruthy();
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Mei');
    expect(screen.getByLabelText('Country code')).toHaveProperty('value', '852');

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'welcome-123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await findText('We have sent you an e-mail to finish creating your account.')).toBeTruthy();

    const link = await mailedLink(email, 'Confirm your e-mail address');
    expect(link).toMatch(/^\/pages\/login\?verifyToken=/);
    cleanup();
    await openApp(link);

    // The link lands on a page that says it worked, its heading focused so a screen reader says it.
    const heading = await findHeading('E-mail address confirmed');
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Thank you: your e-mail address is confirmed, and you are logged in.').getAttribute('role')).toBe(
      'status',
    );
    expect(screen.getByRole('link', { name: 'Book a table' }).getAttribute('href')).toBe('#/pages/book-now');
    expect(localStorage.getItem('access_token')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('cache_user_info')).toContain(email));

    // The same link again, as from the mail a second time: it says it was used, and why that is fine.
    cleanup();
    localStorage.clear();
    await openApp(link);
    await findHeading('Log in');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(
      'This link has already been used: your e-mail address is confirmed. Please log in.',
    );
  });

  it('shows the server message for a used or bad verification link', async () => {
    await openApp('/pages/login?verifyToken=not-a-real-token');
    await findHeading('Log in');

    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('This link is invalid or has expired.');
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});

describe('change password', () => {
  it('refuses a wrong current password, then changes it and keeps this device logged in', async () => {
    const email = await createAccount('old-pass-1');
    await storeSession(api(), email, 'old-pass-1');
    const before = localStorage.getItem('refresh_token');
    await openApp('/pages/change-password');
    await findHeading('Change password');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Current password'), 'wrong-pass');
    await user.type(screen.getByLabelText('New password'), 'new-pass-2');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-2');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('The current password is incorrect');
    expect(screen.getByLabelText('New password')).toHaveProperty('value', 'new-pass-2');

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'old-pass-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await findText('Your password has been changed.')).toBeTruthy();
    // The server revoked the old pair; the stored one is the fresh pair it handed back.
    const after = localStorage.getItem('refresh_token');
    expect(after).not.toBe(before);
    expect((await apiRefresh(before)).status).not.toBe(200);
    expect((await apiLogin(email, 'new-pass-2')).status).toBe(200);
    expect((await apiRefresh(after)).status).toBe(200);
  });
});
