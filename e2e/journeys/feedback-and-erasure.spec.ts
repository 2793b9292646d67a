/**
 * Journeys after the visit and of personal data (README.md): a guest is seated and finishes, gets the
 * feedback mail a few hours later, rates the visit with one tap and adds a comment, and staff see it in the
 * reports; a guest asks from My data for their data to be erased, an admin carries it out, and the guest is
 * anonymous (the global teardown's ledger check then finds the books whole).
 */
import { expectHeading } from '../support/app';
import { bookingDay } from '../support/booking';
import { expect, test } from '../support/fixtures';
import { minutesOf } from '../support/server-api';
import { adminToken, JOURNEY_DAYS, offeredTimes, staffLogIn } from './journey-steps';
import { weekOf } from '../../common/report-range';
import { serviceDateTime } from '../../common/time';

const MINUTE = 60_000;



test("a seated guest's feedback reaches the staff's report and the guest's profile", async ({ page, server }) => {
  test.setTimeout(180_000);
  const guest = await server.signUp({ firstName: 'Mei', lastName: 'Lau' });
  const date = await bookingDay(server, JOURNEY_DAYS.feedback);
  const [time] = await offeredTimes(server, guest, { domain: 'leclos', experience: 'À la Carte', date, guests: 2 });
  const booking = await server.book(guest, { domain: 'leclos', experience: 'À la Carte', date, time: time!, guests: 2 });
  const start = serviceDateTime(date, minutesOf(time!));
  // Staff's calls log in anew after each move of the clock (an access token lasts 15 minutes).
  const visit = async (action: string) =>
    server.call('PUT', `/admin/reservation/${booking._id}/visit`, { token: await adminToken(server), body: { action } });

  // The host seats the party and it finishes an hour later.
  await server.setClock({ at: new Date(start.getTime() + 5 * MINUTE) });
  await visit('seat');
  await server.setClock({ at: new Date(start.getTime() + 65 * MINUTE) });
  await visit('finish');
  // Three hours on, the feedback job (every minute) mails the guest.
  await server.setClock({ at: new Date(start.getTime() + (65 + 181) * MINUTE) });
  const mail = await server.waitForMessage({ recipient: guest.email, channel: 'EMAIL', subject: /How was your visit/ }, 90_000);
  const tapped = new URL(/https?:\/\/\S+rating=4\b\S*/.exec(mail.body)![0]);
  const own = new URL(server.baseURL);
  tapped.protocol = own.protocol;
  tapped.host = own.host;

  await page.clock.install({ time: (await server.clock()).now });
  await page.goto(tapped.toString());
  await expectHeading(page, 'Your feedback');
  await expect(page.getByText('Thank you: your rating is saved. You may change it or tell us more below.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /4 – Very good/ })).toBeChecked();
  await page.getByLabel('Your comment (optional)').fill('Lovely lunch, thank you.');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thank you for your feedback.')).toBeVisible();

  // Staff read it in the reports: Le Clos, the visit's week.
  await staffLogIn(page);
  const week = weekOf(date);
  await page.goto(`/#/pages/staff/reports?venue=leclos&from=${week.from}&to=${week.to}&by=week`);
  await expectHeading(page, 'Reports');
  const feedback = page.getByRole('region', { name: 'Guest feedback' });
  await expect(feedback.getByRole('row').filter({ hasText: 'Le Clos' })).toContainText('of 5');

  // And on the guest's profile in the guest book.
  await page.goto(`/#/pages/staff/guest?id=${guest.user._id}`);
  await expectHeading(page, 'Guest profile');
  const onProfile = page.getByRole('region', { name: 'Feedback' });
  await expect(onProfile.getByText('Average rating 4.0 of 5 from 1 visit')).toBeVisible();
  await expect(onProfile.getByRole('listitem').filter({ hasText: 'Le Clos' })).toContainText('Lovely lunch, thank you.');
});

test('an erasure request leaves the guest anonymous', async ({ page, browser, server, baseURL }) => {
  test.setTimeout(120_000);
  const guest = await server.signUp({ firstName: 'Erin', lastName: 'Erased' });

  // The guest asks from My data.
  await page.goto('/#/pages/login');
  await page.getByLabel('E-mail').fill(guest.email);
  await page.getByLabel('Password', { exact: true }).fill(guest.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/#\/(?!pages\/login)/);
  await page.goto('/#/pages/my-data');
  await expectHeading(page, 'Your personal data');
  await page.getByRole('button', { name: 'Ask us to erase my data' }).click();
  await page.getByRole('button', { name: 'Yes, erase my data' }).click();
  await expect(page.getByText('We have your request. Our staff will erase your personal data and let you know.')).toBeVisible();

  // An admin carries it out from the Privacy page.
  const staff = await (await browser.newContext({ baseURL })).newPage();
  await staffLogIn(staff);
  await staff.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Privacy' }).click();
  await expectHeading(staff, 'Privacy');
  const request = staff.getByRole('listitem').filter({ hasText: 'Erin Erased' });
  await request.getByRole('button', { name: 'Erase personal data' }).click();
  await request.getByRole('button', { name: 'Yes, erase' }).click();
  await expect(staff.getByText("Erin Erased's personal data has been erased. Their bookings and payments are kept without it.")).toBeVisible();

  // Anonymous: no name, no address, no log-in.
  const token = await adminToken(server);
  const { body } = await server.call<{ data: { userId: string; firstName: string; email: string; erasedAt: string | null }[] }>('GET', '/admin/privacy/erasure-requests', { token });
  const erased = body.data.find((r) => r.userId === guest.user._id)!;
  expect(erased).toMatchObject({ firstName: '' });
  expect(erased.erasedAt).not.toBeNull();
  expect(erased.email).toMatch(/@erased\.invalid$/);
  const login = await server.call('POST', '/user/authentication/login', { body: { email: guest.email, password: guest.password }, expectOk: false });
  expect(login.status).toBe(401);
});
