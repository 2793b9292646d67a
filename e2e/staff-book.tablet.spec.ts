/**
 * Working the book in the browser at the tablet size: the table plan and its three dialogs (phone
 * booking, move, walk-in) are axe-clean and work from the keyboard, against the real server.
 */
import { test, expect } from './support/fixtures';
import { expectHeading, openApp } from './support/app';
import { bookingDay } from './support/booking';
import { DEMO } from './support/constants';
import { expectNoAxeViolations } from './a11y/axe';

test('the table plan, a phone booking, a move and a walk-in, axe-clean at every step', async ({ page, server }) => {
  const date = await bookingDay(server, 87);
  await openApp(page, `/pages/staff/table-plan?venue=leclos&date=${date}`);
  await expectHeading(page, 'Staff log in');
  await page.getByLabel('E-mail').fill(DEMO.host.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.host.password);
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Table plan');
  const card = (name: string) => page.getByRole('listitem').filter({ has: page.locator('strong', { hasText: new RegExp(`^${name}$`) }) });
  await expect(card('D12')).toContainText('Free');
  await expectNoAxeViolations(page, 'the table plan');

  await page.getByRole('button', { name: 'Phone booking' }).click();
  const phone = page.getByRole('dialog', { name: 'Phone booking' });
  await expect(phone.getByLabel('Experience')).toBeFocused();
  await expectNoAxeViolations(page, 'the phone booking dialog');
  await phone.getByLabel('Table').selectOption({ label: 'D12 · Dining Room (6–10)' });
  await phone.getByLabel('Guests').fill('7');
  // A name and a mobile number are enough: no e-mail, so nothing is mailed and the host reads the reference out.
  const mobile = `6${String(Date.now()).slice(-7)}`;
  await phone.getByLabel('First name', { exact: true }).fill('Mei');
  await phone.getByLabel('Last name', { exact: true }).fill('Chan');
  await phone.getByLabel('Mobile number').fill(mobile);
  await phone.getByRole('button', { name: 'Book and confirm' }).press('Enter');
  await expect(page.locator('.form-success')).toContainText('Booked and confirmed');
  await expect(page.locator('.form-success')).toContainText('No e-mail was given');
  await expect(card('D12')).toContainText('Booked');

  await card('D12').getByRole('button', { name: /^Move / }).click();
  const move = page.getByRole('dialog', { name: /^Move booking / });
  await expect(move.getByRole('option', { name: /^T6 · / })).toBeAttached();
  await expectNoAxeViolations(page, 'the move dialog');
  await move.getByLabel('Table').selectOption({ label: 'T6 · Garden Terrace (5–8)' });
  await move.getByRole('button', { name: 'Move booking' }).click();
  await expect(page.locator('.form-success')).toContainText('moved');
  await expect(card('T6')).toContainText('Booked');

  await page.getByRole('button', { name: 'Walk-in' }).click();
  const walkIn = page.getByRole('dialog', { name: 'Walk-in' });
  await expectNoAxeViolations(page, 'the walk-in dialog');
  await page.keyboard.press('Escape');
  await expect(walkIn).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Walk-in' })).toBeFocused();

  // The caller rings again: the number typed offers her from the guest book, and choosing her fills the form.
  await page.getByRole('button', { name: 'Phone booking' }).click();
  const again = page.getByRole('dialog', { name: 'Phone booking' });
  await again.getByLabel('Mobile number').fill(mobile);
  const suggestion = again.getByRole('button', { name: new RegExp(`^Use Mei Chan · \\+852 ${mobile.slice(0, 4)} ${mobile.slice(4)}`) });
  await expect(suggestion).toBeVisible();
  await expectNoAxeViolations(page, 'the phone booking dialog with a guest offered');
  await suggestion.click();
  await expect(again.getByLabel('First name', { exact: true })).toHaveValue('Mei');
  await expect(again.getByLabel('Last name', { exact: true })).toHaveValue('Chan');
  await expect(again.getByLabel('E-mail (optional)')).toHaveValue('');
  await again.getByLabel('Table').selectOption({ label: 'D10 · Dining Room (4–6)' });
  await again.getByLabel('Guests').fill('4');
  await again.getByRole('button', { name: 'Book and confirm' }).press('Enter');
  await expect(page.locator('.form-success')).toContainText('Booked and confirmed');
  await expect(card('D10')).toContainText('Booked');
});
