/**
 * Journey on a phone (390 × 844): a card guarantee (docs/decisions/0035-card-guarantee.md). A guest books Le
 * Clos's Chef's Counter, reads the terms in words before saving a card, and saves one: nothing is charged
 * (the confirmation and the reservation page say so, and staff see the card on file, no payment). After the
 * booked start staff mark a no-show on the day sheet, and the fee (HK$500 a guest) is charged to the saved
 * card. The clocks are the server's test clock (TEST_CLOCK), moved on past the start. Then a card whose bank
 * asks for 3-D Secure at saving: Back from the card step and on again, a reload on the bank's check resumes it.
 */
import { expectHeading, useSession } from '../support/app';
import { agreeAndSubmit, bookingDay, STEP_HEADINGS, walkBooking, saveCardByForm } from '../support/booking';
import { expect, test } from '../support/fixtures';
import { minutesOf } from '../support/server-api';
import { CARD_EXPIRY, CARDS } from '../support/constants';
import { JOURNEY_DAYS, offeredTimes, staffLogIn, staffPage } from './journey-steps';

test.use({ viewport: { width: 390, height: 844 } });


test('a guest saves a card for a guaranteed booking, nothing charged; a no-show charges the fee to it', async ({ page, server, browser, baseURL, clocks }) => {
  test.setTimeout(180_000);
  const guest = await server.signUp({ firstName: 'Gita', lastName: 'Guarantee' });
  // Today if the Chef's Counter still has a time, else tomorrow: the no-show needs its start to pass soon.
  let date = await bookingDay(server, 0);
  let times = await offeredTimes(server, guest, { domain: 'leclos', experience: "Chef's Counter", date, guests: 2 });
  if (times.length === 0) {
    date = await bookingDay(server, 1);
    times = await offeredTimes(server, guest, { domain: 'leclos', experience: "Chef's Counter", date, guests: 2 });
  }
  const time = times[0]!;

  await useSession(page, guest);
  await walkBooking(page, server, { venue: 'leclos', experience: "Chef's Counter", date, guests: 2, time, until: 'card' });
  // The terms in words before the card: nothing now, the fee a guest, and until when a cancellation is free.
  await expect(page.getByText(/^No charge now\. HK\$500 a guest if you do not come or cancel after .+\.$/)).toBeVisible();
  await expect(page.getByText(/Your table is held for\s*\d+:\d\d/)).toBeVisible();
  await saveCardByForm(page);

  await expectHeading(page, STEP_HEADINGS.result);
  const saved = /^Card saved · Visa •••• 4242 · nothing charged · fee HK\$500 a guest if you do not come or cancel after /;
  await expect(page.getByText(saved)).toBeVisible();
  await page.getByRole('link', { name: 'View reservation' }).click();
  await expectHeading(page, 'Your reservation');
  await expect(page.getByText(saved)).toBeVisible();
  // Nothing was charged: the reservation has no deposit or payment of its own.
  await expect(page.getByRole('region', { name: /^Reservation / }).getByText('Paid', { exact: true })).toHaveCount(0);

  // Staff see the card on file and no payment; after the booked start they mark the no-show.
  const staff = await staffPage(browser, server, baseURL!);
  await staffLogIn(staff);
  await staff.goto(`/#/pages/staff/day?venue=leclos&date=${date}`);
  await expectHeading(staff, 'Day sheet');
  const row = () => staff.getByRole('row').filter({ hasText: 'Gita Guarantee' });
  await expect(row().getByText('Card on file (guaranteed) ····4242')).toBeVisible();
  await expect(row().getByText(/^(Deposit|Prepayment) paid/)).toHaveCount(0);

  const start = Date.parse(`${date}T00:00:00+08:00`) + minutesOf(time) * 60_000;
  if ((await clocks.now()).getTime() < start + 5 * 60_000) await clocks.advanceTo(new Date(start + 5 * 60_000));
  await staff.clock.fastForward(5 * 60_000);
  await staff.reload();
  await expectHeading(staff, 'Day sheet');
  await row().getByRole('button', { name: 'No-show: Gita Guarantee' }).click();
  await row().getByRole('button', { name: 'Confirm no-show' }).click();
  // HK$500 a guest for two, charged off-session to the card saved at booking.
  await expect(staff.getByText(/^No-show recorded\. Fee HK\$1,000\. .*HK\$1,000\.$/)).toBeVisible();
  await expect(row().getByText('Fee charged HK$1,000')).toBeVisible();
});

test('a card whose bank asks for 3-D Secure is saved through the check; Back and a reload on the step resume it', async ({ page, server }) => {
  test.setTimeout(120_000);
  const guest = await server.signUp({ firstName: 'Tam', lastName: 'Secure' });
  await useSession(page, guest);
  const date = await bookingDay(server, JOURNEY_DAYS.cardGuarantee3ds);
  await walkBooking(page, server, { venue: 'leclos', experience: "Chef's Counter", date, guests: 2, time: '7:00 pm', until: 'card' });

  // Back from the card step is the review again; on from it, the same step.
  await page.goBack();
  await expectHeading(page, STEP_HEADINGS.confirm);
  expect(await agreeAndSubmit(page)).toBe('card');
  await expectHeading(page, STEP_HEADINGS.card);

  const form = page.getByRole('form', { name: 'Card details' });
  await expect(form).toBeVisible();
  await form.getByLabel('Cardholder name').fill('Tam Secure');
  await form.getByLabel('Card number').fill(CARDS.alwaysAuthenticates);
  await form.getByLabel('Expiry (MM/YY)').fill(CARD_EXPIRY);
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
  const check = page.getByRole('region', { name: 'Confirm with your bank' });
  await expect(check.getByText('Your bank asks you to confirm this card before it is saved (3-D Secure). Nothing is charged.')).toBeVisible();

  // A reload on the bank's check shows that check again, for the same setup.
  await page.reload();
  await expectHeading(page, STEP_HEADINGS.card);
  await expect(check).toBeVisible();
  await check.getByRole('button', { name: 'Confirm card' }).click();

  await expectHeading(page, STEP_HEADINGS.result);
  await expect(page.getByText(/^Card saved · Visa •••• 3184 · nothing charged · fee HK\$500 a guest if you do not come or cancel after /)).toBeVisible();
});
