/**
 * Journey (member-only times): Le Clos's dinner is made members-only (set up through the
 * services call, as the journey is about the guest and the member, not the form). A member sees and
 * books a dinner time; a guest sees lunch only, with the note naming the service members can book; a
 * visitor continuing without an account is verified by an e-mailed code and finishes the booking.
 *
 * The server is shared with this worker's other journeys: the services are put back at the end.
 */
import type { Page } from '@playwright/test';
import { expectHeading, openApp, useSession } from '../support/app';
import { agreeAndSubmit, bookingDay, pickExperience, pickSeating, pickTime, searchTables, STEP_HEADINGS, submitDetails } from '../support/booking';
import { expect, test } from '../support/fixtures';
import type { TestServer } from '../support/server-api';
import { adminToken, JOURNEY_DAYS, uniqueEmail, uniqueMobile } from './journey-steps';

interface Service {
  name: string;
  membersOnly?: boolean;
  [key: string]: unknown;
}


/** Publishes Le Clos's services as `change` makes them from the current ones, and answers the ones it replaced. */
async function changeLeClosServices(server: TestServer, token: string, change: (services: Service[]) => Service[]): Promise<Service[]> {
  const venueId = (await server.call<{ data: { _id: string } }>('GET', '/public/venue/by-domain/leclos')).body.data._id;
  const current = (await server.call<{ data: { version: number; services: Service[] } }>('GET', `/admin/setup/venue/${venueId}/services`, { token })).body.data;
  await server.call('PUT', `/admin/setup/venue/${venueId}/services`, { token, body: { version: current.version, services: change(current.services) } });
  return current.services;
}

/** Opens Le Clos's à la carte times for two on the journey's day. */
async function leClosTimes(page: Page, date: string): Promise<void> {
  await openApp(page, '/pages/experience?domain=leclos');
  await pickExperience(page, 'À la Carte');
  await searchTables(page, { date, guests: 2 });
  await expectHeading(page, STEP_HEADINGS.timeslot);
}

/** Goes on from a picked time to the details step, through the seating step when there is a choice. */
async function toDetails(page: Page): Promise<void> {
  await expectHeading(page, new RegExp(`^(${STEP_HEADINGS.seating}|${STEP_HEADINGS.details})$`));
  if ((await page.getByRole('heading', { level: 1 }).textContent()) === STEP_HEADINGS.seating) await pickSeating(page);
  await expectHeading(page, STEP_HEADINGS.details);
}

test.describe('member-only times at Le Clos', () => {
  let token: string;
  let before: Service[] | undefined;

  test.beforeEach(async ({ server }) => {
    token = await adminToken(server);
    before = await changeLeClosServices(server, token, (services) => services.map((s) => (s.name === 'Dinner' ? { ...s, membersOnly: true } : s)));
  });

  test.afterEach(async ({ server }) => {
    if (before) await changeLeClosServices(server, token, () => before!);
  });

  test('a member sees and books a dinner time', async ({ page, server }) => {
    const date = await bookingDay(server, JOURNEY_DAYS.membersOnlyTimes);
    await useSession(page, await server.logIn({ email: 'member@example.com', password: 'member-pass-1' }));
    await leClosTimes(page, date);
    await expect(page.getByRole('region', { name: 'Lunch' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
    await pickTime(page, '7:00 pm');
    await toDetails(page);
    await submitDetails(page);
    await agreeAndSubmit(page);
    await expectHeading(page, STEP_HEADINGS.result);
  });

  test('a guest sees lunch only, reads why, and finishes verified by an e-mailed code', async ({ page, server }) => {
    const date = await bookingDay(server, JOURNEY_DAYS.membersOnlyTimes);
    const email = uniqueEmail('emailed-code');
    await leClosTimes(page, date);
    await expect(page.getByRole('region', { name: 'Lunch' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Dinner' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '7:00 pm', exact: true })).toHaveCount(0);
    await expect(page.getByRole('note')).toContainText(/^Members can also book Dinner.* on this day: log in as a member to see those times\.$/);

    await pickTime(page, '12:30 pm');
    await toDetails(page);
    await page.getByLabel('First name').fill('Mei');
    await page.getByLabel('Last name').fill('Lau');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Mobile number').fill(uniqueMobile());
    await page.getByRole('group', { name: 'Send my code by' }).getByLabel('Mail to the address above').check();
    await page.getByRole('button', { name: 'E-mail me a code' }).click();

    await expectHeading(page, 'Verify your e-mail address');
    const mail = await server.waitForDelivery({ to: email, subject: /verification code/i, body: /\d{6}/ });
    await page.getByLabel('Verification code').fill(/(\d{6})/.exec(mail.text)![1]!);
    await page.getByRole('button', { name: 'Verify' }).click();

    // The lunch time chosen before is the one held, for the new guest account.
    await expectHeading(page, STEP_HEADINGS.details);
    await expect(page.getByText(/Your table is held for/)).toBeVisible();
    await submitDetails(page);
    await agreeAndSubmit(page);
    await expectHeading(page, STEP_HEADINGS.result);
  });
});
