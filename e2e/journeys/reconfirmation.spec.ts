/**
 * Journey at phone size (390×844), docs/PRODUCT.md §4 (no-shows): two guests booked at Le Clos are asked
 * at 12:00 the day before, by mail and text, whether they are still coming; one taps the mail's confirm
 * link at 12:03; from 17:00 staff see "Reconfirmed by link at <the day before>, 12:03 pm" on the day sheet, the other guest
 * on the call list, and record the call's outcome, which the audit log keeps.
 */
import { addDays } from '../../common/time';
import { expectHeading, openApp } from '../support/app';
import { bookingDay } from '../support/booking';
import { expect, minutes, test } from '../support/fixtures';
import { adminToken, JOURNEY_DAYS, offeredTimes, staffLogIn } from './journey-steps';

const PHONE = { width: 390, height: 844 };
const hk = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

test('a guest reconfirms by the link at 12:03 the day before; staff see it on the day sheet, and call the guest who did not answer', async ({
  page,
  server,
  clocks,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  const coming = await server.signUp({ firstName: 'Rita', lastName: 'Coming' });
  const silent = await server.signUp({ firstName: 'Sam', lastName: 'Silent' });
  const day = await bookingDay(server, JOURNEY_DAYS.reconfirmation);
  const [first, second] = await offeredTimes(server, coming, { domain: 'leclos', experience: 'À la Carte', date: day, guests: 2 });
  const tapped = await server.book(coming, { domain: 'leclos', experience: 'À la Carte', date: day, time: first!, guests: 2 });
  const unanswered = await server.book(silent, { domain: 'leclos', experience: 'À la Carte', date: day, time: second!, guests: 2 });

  // 12:00 the day before (Le Clos keeps the default): the ask goes out by mail and by text.
  await clocks.advanceTo(hk(addDays(day, -1), '12:00'));
  const link = await server.mailedLink(coming.email, /^Please reconfirm your reservation at Le Clos/);
  expect(link).toMatch(/action=confirm/);
  const text = await server.waitForMessage({ recipient: `+${coming.mobileCountryCode}${coming.mobileNumber}`, channel: 'SMS', body: /Reply 1 to confirm or 9 to cancel/ });
  expect(text.body).toMatch(/Le Clos/);
  await server.waitForMessage({ recipient: silent.email, channel: 'EMAIL', subject: /^Please reconfirm your reservation at Le Clos/ });

  // The guest taps confirm at 12:03 (the clock held there, so the time shown is the one tapped).
  await clocks.advance(minutes(3));
  await server.setClock({ frozen: true });
  try {
    await page.goto(link);
    await expectHeading(page, 'Your reservation');
    await expect(page.getByText('Thank you: we have noted that you are coming.')).toBeVisible();
  } finally {
    await server.setClock({ frozen: false });
  }

  // From 17:00 the unanswered booking is on the call list.
  await clocks.advanceTo(hk(addDays(day, -1), '17:00'));
  await staffLogIn(page);
  await openApp(page, `/pages/staff/day?venue=leclos&date=${day}`);
  await expectHeading(page, 'Day sheet');
  await expect(page.locator(`tr[data-booking="${String(tapped.uniqueId)}"]`)).toContainText(/Reconfirmed by link at .+, 12:03 pm/);
  await expect(page.locator(`tr[data-booking="${String(unanswered.uniqueId)}"]`)).toContainText(/Asked to reconfirm at .+, 12:00 pm: not reconfirmed yet/);

  await openApp(page, `/pages/staff/call-list?venue=leclos&date=${day}`);
  await expectHeading(page, 'Call list');
  const entry = page.locator(`li[data-booking="${String(unanswered.uniqueId)}"]`);
  await expect(entry).toContainText('Sam Silent');
  await expect(page.locator(`li[data-booking="${String(tapped.uniqueId)}"]`)).toHaveCount(0);
  await entry.getByRole('group', { name: /^What the call to/ }).getByRole('button', { name: 'No answer' }).click();
  await expect(entry.getByRole('list', { name: 'Calls made' })).toContainText('No answer');

  // The call is in the audit log, by the member of staff who made it.
  const { body } = await server.call<{ data: { items: { action: string; entityId: string }[] } }>('GET', '/admin/audit-log?pageSize=100', { token: await adminToken(server) });
  const entries = body.data.items;
  expect(entries.filter((e) => e.entityId === unanswered._id).map((e) => e.action)).toContain('reconfirmation.call');
});
