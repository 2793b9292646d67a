/**
 * The rest of the host stand's Friday (docs/PRODUCT.md §6), on the evening of host-stand.tablet.spec.ts
 * (e2e/support/friday-evening.ts) at 1024×768: what protects a booking on its line and sheet; a second
 * tablet seeing a seat, a move, a no-show and its undo within a second of each; a no-show marked by
 * mistake and undone (audited; no card on file, so no fee); a seated party turning overdue on the list and
 * the map as the clock passes its turn time, without a reload. Two hosts on two tablets: one table given
 * to two parties at once (one wins, the other is told who took it); a tablet that loses its connection
 * shows a banner and refuses changes, and catches up once back. And a staff note on a phone booking that
 * stays out of the guest's mails and reservation page while the guest's request is in them.
 */
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y/axe';
import { expectHeading, openApp } from './support/app';
import { DEMO } from './support/constants';
import { expect, test } from './support/fixtures';
import { floorTable, fridayEvening, openAsHost, openHostStand, partyRow, secondTablet, staffToken, TABLET } from './support/friday-evening';
import { addDays, hongKongDate } from '../common/time';

test.use({ viewport: TABLET });

/** The other tablet sees a change within a second of this one's answer: a bound, not a sleep. */
const SEEN = { timeout: 1_000 };

/** Opens a party's sheet from its line. */
async function openSheet(page: Page, name: string): Promise<Locator> {
  await partyRow(page, name).locator('.stand-party__name').click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** Picks, in the sheet's table menu, a table free on the floor now that seats `guests`; returns its name. */
async function chooseFreeTable(page: Page, sheet: Locator, guests: number, not: string[] = []): Promise<string> {
  const free = await page.locator('.stand-table--free').evaluateAll((els) => els.map((e) => e.getAttribute('data-table')!));
  const menu = sheet.getByLabel('Table');
  const options = await menu.locator('option').evaluateAll((els) => els.map((e) => ({ value: (e as HTMLOptionElement).value, text: e.textContent ?? '' })));
  const fits = options.find(({ text }) => {
    const [, name, seats] = /^(\S+) \((\d+)\)$/.exec(text) ?? [];
    return name && free.includes(name) && !not.includes(name) && Number(seats) >= guests;
  });
  if (!fits) throw new Error(`no free table for ${guests} among ${free.join(', ')}`);
  await menu.selectOption(fits.value);
  return fits.text.split(' ')[0]!;
}

test('a Friday at two tablets: reconfirmations, a seat, a move, a no-show undone, overdue by the clock, each seen on the other within a second', async ({ page, server, clocks, browser, baseURL }) => {
  test.setTimeout(240_000);
  const { date, ids } = await fridayEvening(server, clocks);
  // The 8:30 pm four-top's guest was asked to reconfirm and said yes on the phone; Six Leung's did not answer.
  const token = await staffToken(server);
  for (const [name, outcome] of [['Needed Soon', 'CONFIRMED'], ['Six Leung', 'NO_ANSWER']] as const) {
    await server.call('POST', `/admin/reservation/${ids.get(name)}/reconfirmation-call`, { token, body: { outcome } });
  }

  await openHostStand(page, date);
  const other = await secondTablet(browser, server, baseURL!);
  await openHostStand(other.page, date);
  const both = [page, other.page];

  // What protects a booking: a sign on the line, named in words, and the lines on the sheet.
  await expect(partyRow(page, 'Needed Soon').getByRole('img', { name: /^Reconfirmed\. Reconfirmed by phone at 7:5\d pm\. Last call at 7:5\d pm: Confirmed by phone$/ })).toBeVisible();
  await expect(partyRow(page, 'Six Leung').getByRole('img', { name: /^Not reconfirmed\. (Not reconfirmed yet|Asked to reconfirm at .+: not reconfirmed yet)\. Last call at 7:5\d pm: No answer$/ })).toBeVisible();
  const protectedSheet = await openSheet(page, 'Needed Soon');
  await expect(protectedSheet.getByText(/^Reconfirmed by phone at 7:5\d pm$/)).toBeVisible();
  await expectNoAxeViolations(page, "a reconfirmed party's sheet at 1024×768");
  await page.keyboard.press('Escape');

  // A seat: Wong Waiting (7:30 pm, late) at a free table, from the sheet's menu; the other tablet sees it.
  let sheet = await openSheet(page, 'Wong Waiting');
  const first = await chooseFreeTable(page, sheet, 2);
  await sheet.getByRole('button', { name: 'Seat there' }).click();
  await expect(page.locator('.stand-notice')).toHaveText(`Wong Waiting at ${first}.`);
  await expect(floorTable(other.page, first)).toHaveAttribute('data-state', 'seated', SEEN);
  await expect(partyRow(other.page, 'Wong Waiting')).toContainText('Seated', SEEN);

  // A move to another free table.
  sheet = await openSheet(page, 'Wong Waiting');
  const second = await chooseFreeTable(page, sheet, 2, [first]);
  await sheet.getByRole('button', { name: 'Move there' }).click();
  await expect(page.locator('.stand-notice')).toHaveText(`Wong Waiting at ${second}.`);
  await expect(floorTable(other.page, second)).toHaveAttribute('data-state', 'seated', SEEN);
  await expect(floorTable(other.page, first)).not.toHaveAttribute('data-state', 'seated', SEEN);

  // A no-show by mistake: Lee Late has no card on file, so no fee is charged; the other tablet sees it.
  const leeTable = (await partyRow(page, 'Lee Late').locator('.stand-party__table').textContent())!;
  sheet = await openSheet(page, 'Lee Late');
  await sheet.getByRole('button', { name: 'No-show: Lee Late' }).click();
  await sheet.getByRole('button', { name: 'Confirm no-show' }).click();
  await expect(page.locator('.stand-notice')).toHaveText('No-show recorded. No card on file: fee not charged.');
  await expect(partyRow(other.page, 'Lee Late')).toContainText('No-show', SEEN);
  await expect(floorTable(other.page, leeTable)).not.toHaveAttribute('data-state', 'late', SEEN);

  // Undone: the booking is late again, nothing was charged to give back, and both are in the audit log.
  sheet = await openSheet(page, 'Lee Late');
  await sheet.getByRole('button', { name: 'Undo no-show: Lee Late' }).click();
  await expect(page.locator('.stand-notice')).toHaveText(/^No-show undone for Lee Late\. The fee it charged is refunded: HK\$0(\.00)?\.$/);
  await expect(partyRow(other.page, 'Lee Late')).toContainText(/Late \d+ min/, SEEN);
  await expect(floorTable(other.page, leeTable)).toHaveAttribute('data-state', 'late', SEEN);
  const { body: admin } = await server.call<{ data: { token: string } }>('POST', '/admin/authentication/login', { body: DEMO.admin });
  const { body: audit } = await server.call<{ data: { items: { action: string; entityId: string }[] } }>('GET', `/admin/audit-log?from=${date}&to=${date}&pageSize=100`, { token: admin.data.token });
  const leeActions = audit.data.items.filter((e) => e.entityId === ids.get('Lee Late')).map((e) => e.action);
  expect(leeActions).toEqual(expect.arrayContaining(['visit.no-show', 'visit.undo-no-show']));

  // Seated at 6:35 pm for 90 minutes: past 8:05 pm Seated Au is overdue, on the list and on its table, on
  // both tablets, by the stand's own minute read (no reload).
  const auTable = (await partyRow(page, 'Seated Au').locator('.stand-party__table').textContent())!;
  await expect(floorTable(page, auTable)).toHaveAttribute('data-state', 'seated');
  // On the table itself: its minutes against the turn time and, with a party booked there next, when it is needed.
  await expect(floorTable(page, auTable)).toContainText(/Seated \d+ of 90 min/);
  await expect(page.locator('.stand-table--seated .stand-table__next').first()).toHaveText(/^Needed \d{1,2}:\d\d pm$/);
  const ahead = new Date(`${date}T20:08:00+08:00`).getTime() - (await clocks.now()).getTime();
  await clocks.advance(ahead);
  await other.page.clock.fastForward(ahead);
  for (const tablet of both) {
    await expect(partyRow(tablet, 'Seated Au')).toContainText(/Seated 9\d′ Overdue/);
    await expect(floorTable(tablet, auTable)).toHaveAttribute('data-state', 'overdue');
    await expect(floorTable(tablet, auTable)).toContainText(/Overdue 9\d of 90 min/);
  }
  await expectNoAxeViolations(page, 'the stand with an overdue table at 1024×768');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /^Parties/ }).click();
  await expect(partyRow(page, 'Seated Au')).toBeVisible();
  await expectNoAxeViolations(page, 'the stand with an overdue party at 390×844');
  await other.context.close();
});

test('two hosts on two tablets: one table given twice goes to one, the other is told who took it; offline, a banner and no changes, then it catches up', async ({ page, server, clocks, browser, baseURL }) => {
  test.setTimeout(240_000);
  const { date } = await fridayEvening(server, clocks);
  await openHostStand(page, date);
  const other = await secondTablet(browser, server, baseURL!);
  await openHostStand(other.page, date);

  // Both hosts choose the same free table, each for their own party; the first to send it gets it.
  const theirs = await openSheet(other.page, 'Drag Keys');
  const table = await chooseFreeTable(other.page, theirs, 4);
  const mine = await openSheet(page, 'Drag Mouse');
  await mine.getByLabel('Table').selectOption({ label: (await theirs.getByLabel('Table').locator('option:checked').textContent())! });
  await mine.getByRole('button', { name: 'Seat there' }).click();
  await expect(page.locator('.stand-notice')).toHaveText(`Drag Mouse at ${table}.`);
  await theirs.getByRole('button', { name: 'Seat there' }).click();
  await expect(other.page.locator('.stand-notice')).toHaveText(
    new RegExp(`^Table ${table} has just been given to Drag Mouse \\(LEC-\\w+\\), from 7:00 pm to 8:30 pm\\. Choose another table\\.$`),
  );
  await expect(floorTable(other.page, table)).toHaveAttribute('data-state', 'seated');
  await expect(partyRow(other.page, 'Drag Keys')).not.toContainText('Seated');

  // The other tablet loses its connection: a banner, and changes refused there rather than lost.
  await other.context.setOffline(true);
  const banner = other.page.getByRole('alert').filter({ hasText: /^Connection lost: / });
  await expect(banner).toBeVisible();
  await expect(partyRow(other.page, 'Eight Yip').locator('.stand-party__handle')).toBeDisabled();
  const offline = await openSheet(other.page, 'Eight Yip');
  await expect(offline.getByText('No connection: changes are refused until it is back.')).toBeVisible();
  await expect(offline.getByRole('button', { name: 'Seat: Eight Yip' })).toHaveCount(0);
  await expectNoAxeViolations(other.page, 'the stand offline at 1024×768');
  await other.page.keyboard.press('Escape');

  // Meanwhile this tablet seats Eight Yip; back online, the banner goes and the other catches up.
  const sheet = await openSheet(page, 'Eight Yip');
  const eightTable = await chooseFreeTable(page, sheet, 4);
  await sheet.getByRole('button', { name: 'Seat there' }).click();
  await expect(page.locator('.stand-notice')).toHaveText(`Eight Yip at ${eightTable}.`);
  await other.context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(floorTable(other.page, eightTable)).toHaveAttribute('data-state', 'seated');
  await expect(partyRow(other.page, 'Eight Yip')).toContainText('Seated');
  await other.context.close();
});

test("a staff note on a phone booking stays out of the guest's mails and reservation page; the guest's request is in them", async ({ page, server, browser, baseURL }) => {
  test.setTimeout(120_000);
  const day = addDays(hongKongDate((await server.clock()).now), 3);
  const guest = await server.signUp({ firstName: 'Nora', lastName: 'Note' });
  const token = await staffToken(server);
  const { body: venue } = await server.call<{ data: { _id: string; experiences: { _id: string; name: string }[] } }>('GET', '/public/venue/by-domain/leclos');
  const experienceId = venue.data.experiences.find((e) => e.name === 'À la Carte')!._id;
  const request = 'Window seat, please';
  const staffNote = 'Regular of the chef: dessert on the house';
  const { body: booked } = await server.call<{ data: { _id: string; uniqueId: string } }>('POST', '/admin/reservation', {
    token,
    body: { venueId: venue.data._id, experienceId, date: day, startTime: 19 * 60, numberOfGuests: 2, email: guest.email, firstName: 'Nora', lastName: 'Note', notes: request },
  });
  const reference = booked.data.uniqueId;

  // The host writes the staff note on the day sheet's Notes.
  await openAsHost(page, `/pages/staff/day?venue=leclos&date=${day}`, 'Day sheet');
  await page.getByRole('button', { name: `Edit notes of ${reference}` }).click();
  const notes = page.getByRole('dialog', { name: `Notes of ${reference}` });
  await notes.getByLabel('Staff notes').fill(staffNote);
  await notes.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText(`Notes of ${reference} saved.`).first()).toBeVisible();

  // The stand's sheet shows each note under its own name.
  await openApp(page, `/pages/staff/host-stand?venue=leclos&date=${day}`);
  await expectHeading(page, 'Host stand');
  const sheet = await openSheet(page, 'Nora Note');
  await expect(sheet.getByText(`Guest requests: ${request}`)).toBeVisible();
  await expect(sheet.getByText(`Staff notes: ${staffNote}`)).toBeVisible();

  // A move mails the guest the booking as it now stands: neither that mail nor the confirmation has the staff note.
  await server.call('PUT', `/admin/reservation/${booked.data._id}/move`, { token, body: { startTime: 19 * 60 + 30 } });
  await server.waitForMessage({ recipient: guest.email, channel: 'EMAIL', subject: /has changed/ });
  const mails = await server.outbox({ recipient: guest.email, channel: 'EMAIL' });
  const bookingMails = mails.filter((m) => m.body.includes(reference));
  expect(bookingMails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/confirmed/), expect.stringMatching(/has changed/)]));
  for (const mail of bookingMails) {
    expect(mail.body, mail.subject ?? '').toContain(request);
    expect(mail.body, mail.subject ?? '').not.toContain(staffNote);
  }

  // The guest's page of the booking, from the change mail's link in a browser of the guest's own.
  const link = await server.mailedLink(guest.email, /has changed/);
  const guestContext = await browser.newContext({ baseURL });
  const guestPage = await guestContext.newPage();
  await guestPage.goto(link);
  await expectHeading(guestPage, 'Your reservation');
  await expect(guestPage.getByText(request)).toBeVisible();
  await expect(guestPage.locator('body')).not.toContainText(staffNote);
  await guestContext.close();
});
