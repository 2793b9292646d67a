/**
 * The Closures screen in Chromium at the tablet size: venue staff close their venue for a typhoon signal,
 * the booking already inside is listed with the guest's contact, and the page passes axe before and after.
 */
import { test, expect } from './support/fixtures';
import { expectHeading, openApp } from './support/app';
import { bookingDay } from './support/booking';
import { DEMO } from './support/constants';
import { expectNoAxeViolations } from './a11y/axe';

test('venue staff close a day and see whom to contact', async ({ page, server }) => {
  const date = await bookingDay(server, 89);
  const guest = await server.signUp({ firstName: 'Ada', lastName: 'Typhoon' });
  const venue = await server.call('GET', '/public/venue/by-domain/leclos', { expectOk: true });
  const experience = venue.body.data.experiences.find((e: { name: string }) => e.name === 'À la Carte');
  const held = await server.call('POST', '/user/reservation/v1.1', {
    token: guest.token,
    body: { venueId: venue.body.data._id, experienceId: experience._id, date, startTime: 1140, numberOfGuests: 2 },
    expectOk: true,
  });
  await server.call('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
    token: guest.token,
    body: { firstName: 'Ada', lastName: 'Typhoon', email: guest.email, mobileCountryCode: '852', mobileNumber: guest.mobileNumber, agreements: { cancellationPolicy: true, noShowPolicy: true } },
    expectOk: true,
  });

  await openApp(page, `/pages/staff/login?redirect=${encodeURIComponent(`/pages/staff/closures?venue=leclos&date=${date}`)}`);
  await page.getByLabel('E-mail').fill(DEMO.host.email);
  await page.getByLabel('Password').fill(DEMO.host.password);
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Closures');
  await expect(page.getByText('No closures from this day on.')).toBeVisible();
  await expectNoAxeViolations(page, 'the closures screen');

  const form = page.getByRole('form', { name: 'Add a closure' });
  await form.getByRole('radio', { name: 'Typhoon signal' }).check();
  await form.getByRole('button', { name: 'Close for these days' }).click();
  const row = page.getByRole('row', { name: /Ada Typhoon/ });
  await expect(row).toContainText(guest.email);
  // Shown in international format: +852 6123 4567.
  await expect(row).toContainText(`+852 ${guest.mobileNumber.slice(0, 4)} ${guest.mobileNumber.slice(4)}`);
  await expectNoAxeViolations(page, 'the closures screen with a closure');

  await page.getByRole('button', { name: /^Reopen Whole venue/ }).click();
  await expect(page.getByText('No closures from this day on.')).toBeVisible();
});
