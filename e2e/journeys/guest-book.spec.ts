/**
 * Journey: Grace Chan, the demo guest, has a table at Le Clos this evening. The host
 * searches 'chan 9123' from the staff console's bar, finds her, opens her profile, tags her VIP and notes
 * a shellfish allergy, and sees the warning beside her booking on that evening's day sheet.
 */
import { expectHeading } from '../support/app';
import { bookingDay } from '../support/booking';
import { DEMO } from '../support/constants';
import { expect, test } from '../support/fixtures';
import { offeredTimes } from './journey-steps';

test('a host finds Grace Chan from a typed-in-a-hurry search, tags her VIP, notes a shellfish allergy and sees the warning on the day sheet', async ({ page, server }) => {
  test.setTimeout(300_000);
  const grace = await server.logIn('guest');
  // This evening if Le Clos still has a table, else tomorrow evening: the latest time offered.
  let date = await bookingDay(server, 0);
  let times = await offeredTimes(server, grace, { domain: 'leclos', experience: 'À la Carte', date, guests: 2 });
  if (times.length === 0) {
    date = await bookingDay(server, 1);
    times = await offeredTimes(server, grace, { domain: 'leclos', experience: 'À la Carte', date, guests: 2 });
  }
  await server.book(
    { ...grace, ...DEMO.guest, firstName: 'Grace', lastName: 'Chan', mobileCountryCode: '+852', mobileNumber: '91234567' },
    { domain: 'leclos', experience: 'À la Carte', date, time: times[times.length - 1]!, guests: 2 },
  );

  await page.goto(`/#/pages/staff/login`);
  await expectHeading(page, 'Staff log in');
  await page.getByLabel('E-mail').fill(DEMO.host.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.host.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Venue staff land on the host stand while a service of theirs runs by the shared server's clock, else on the day
  // sheet (docs/PRODUCT.md §6); the search is on both.
  await expectHeading(page, /^(Day sheet|Host stand)$/);

  // The search box is on every staff page; '/' puts the cursor in it.
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Find a guest' });
  await expect(box).toBeFocused();
  await box.fill('chan 9123');
  await box.press('Enter');
  await expectHeading(page, 'Guest book');
  await page.getByRole('link', { name: 'Grace Chan' }).first().click();
  await expectHeading(page, 'Guest profile');

  await page.getByRole('combobox', { name: 'Tag', exact: true }).selectOption({ label: 'VIP' });
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('list', { name: 'Tags' }).getByText('VIP')).toBeVisible();
  await page.getByLabel('Kind').selectOption({ label: 'Allergy' });
  await page.getByLabel('Note', { exact: true }).fill('Shellfish');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Warnings' }).getByText('Allergy: Shellfish')).toBeVisible();

  await page.goto(`/#/pages/staff/day?venue=leclos&date=${date}`);
  await expectHeading(page, 'Day sheet');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Grace Chan' }) }).first();
  await expect(row.getByText('Allergy: Shellfish')).toBeVisible();
});
