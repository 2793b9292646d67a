/**
 * Journey: at the host stand's table plan, a host queues a walk-in party with a quote, sees it waiting
 * against that quote, taps "table ready" and the guest's text is in the outbox (with the link to the
 * guest's page of their place), then seats the party from the queue; the guest's page says they are seated.
 */
import { expectHeading, openApp } from './support/app';
import { DEMO } from './support/constants';
import { expect, test } from './support/fixtures';
import { serviceDayOf } from '../common/service-day';
import { addDays, hongKongMinutes, serviceDateTime } from '../common/time';

/** The host stand's tablet, landscape. */
const TABLET = { width: 1024, height: 768 };

test('a walk-in is queued with a quote, texted that the table is ready, and seated from the queue', async ({ page, server, clocks }) => {
  // While Le Clos serves (lunch from 11:00 to dinner's end at 22:00): later than 21:00 or before 11:00, the
  // clocks move on to the next 11:30 (they only move forward).
  const now = await clocks.now();
  const minutes = hongKongMinutes(now);
  if (minutes < 660 || minutes > 1260) {
    const { date } = serviceDayOf(now);
    const next = minutes < 660 && minutes >= 360 ? serviceDateTime(date, 690) : serviceDateTime(addDays(date, 1), 690);
    await clocks.advanceTo(next);
  }
  const { date } = serviceDayOf(await clocks.now());
  const mobile = `9${String(Date.now()).slice(-7)}`;

  await page.setViewportSize(TABLET);
  await openApp(page, `/pages/staff/table-plan?venue=leclos&date=${date}`);
  await expectHeading(page, 'Staff log in');
  await page.getByLabel('E-mail').fill(DEMO.host.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.host.password);
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Table plan');

  const queue = page.getByRole('region', { name: 'Walk-in queue' });
  await queue.getByRole('button', { name: 'Add to the queue' }).click();
  const form = queue.getByRole('form', { name: 'Add to the queue' });
  await form.getByLabel('Name').fill('Wren Queue');
  await form.getByLabel('Guests').fill('2');
  await form.getByLabel('Mobile (optional, for the text)').fill(mobile);
  // The floor's own quote is offered as the host types; the host quotes their own.
  await expect(form.getByText(/^The floor's quote: /)).toBeVisible();
  await form.getByLabel('Quote (minutes)').fill('15');
  await form.getByRole('button', { name: 'Add to the queue' }).click();
  await expect(queue.getByText(/^Wren Queue is number \d+ in the queue, quoted 15 min\.$/)).toBeVisible();

  const row = queue.getByRole('listitem', { name: 'Wren Queue, 2 guests' });
  await expect(row).toContainText(/Waited \d+ min of 15 quoted/);

  await row.getByRole('button', { name: 'Table ready' }).click();
  await expect(queue.getByText('Wren Queue has been texted that their table is ready.')).toBeVisible();
  await expect(row.getByText('Called')).toBeVisible();
  const [text] = await server.outbox({ recipient: `+852${mobile}`, channel: 'SMS' });
  expect(text?.body).toMatch(/^Wren Queue, your table at Le Clos is ready\. Please come to the host stand\. Your place: \S+#\/pages\/walk-in\?token=\S+$/);

  await row.getByRole('button', { name: 'Seat' }).click();
  await expect(queue.getByText(/^Wren Queue seated: LEC-\w+\.$/)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The guest's link, from the text: their page says they are seated.
  const link = new URL(/Your place: (\S+)$/.exec(text!.body)![1]!);
  await openApp(page, link.hash.slice(1));
  await expectHeading(page, 'Your place at Le Clos');
  await expect(page.getByText('You have been seated. Enjoy your meal.')).toBeVisible();
});
