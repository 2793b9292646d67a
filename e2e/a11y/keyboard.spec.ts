/**
 * The whole booking journey with the keyboard alone, as a screen-reader or keyboard user does it: from
 * the home page through the menu, the venue, the experience, the day (arrow keys in the day strip), the
 * log-in the search asks for, the time, the dining area, the details, the texted code, the policies
 * (Space), a declined card and a card with 3-D Secure, to the confirmation. No click, no fill: Tab,
 * Shift+Tab, arrows, Enter, Space and typed characters only.
 *
 * Along the way: focus moves to each step's heading; the hold's countdown is announced politely at its
 * milestones; a refused card and a wrong code are announced assertively; and axe checks the states the
 * route tour does not show (the open menu, a refused code, a refused card, the 3-D Secure question).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { openApp, PAGE_TIMEOUT } from '../support/app';
import { bookingDay, STEP_HEADINGS } from '../support/booking';
import { CARD_EXPIRY, CARDS } from '../support/constants';
import { test } from '../support/fixtures';
import { announcements, recordAnnouncements } from './announcements';
import { expectNoAxeViolations } from './axe';

/** Its own day of the 14-day strip, so no other spec takes its table. */
const DAY = 12;

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it is not in the tab order. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible({ timeout: PAGE_TIMEOUT });
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
}

/** Tabs to `target` and presses `key` on it (Enter for links and buttons, Space for checkboxes). */
async function press(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tabs to a field and types into it, as a person does (the field starts empty, or is emptied first). */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

/** The page's heading reads `name` and has the focus, so a screen reader starts there. */
async function expectFocusedHeading(page: Page, name: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(name, { timeout: PAGE_TIMEOUT });
  await expect(heading).toBeFocused();
}

/** Waits until `text` has been announced at `politeness`. */
async function expectAnnounced(page: Page, text: string | RegExp, politeness: 'polite' | 'assertive'): Promise<void> {
  await expect
    .poll(async () => (await announcements(page)).some((a) => a.politeness === politeness && (typeof text === 'string' ? a.text.includes(text) : text.test(a.text))), {
      timeout: PAGE_TIMEOUT,
      message: `"${text}" should be announced (${politeness})`,
    })
    .toBe(true);
}

/** Seconds left on the hold's countdown as the page shows it (m:ss). */
async function countdownSeconds(page: Page): Promise<number> {
  const text = (await page.locator('.hold__time').textContent()) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  return minutes! * 60 + seconds!;
}

test('a guest books from the home page to the confirmation with the keyboard alone', async ({ page, server, clocks }) => {
  test.setTimeout(120_000);
  const guest = await server.signUp();
  await recordAnnouncements(page);
  await openApp(page, '/pages/home');
  // The page opens with its heading focused; the first stop of the tab order skips back to it.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused({ timeout: PAGE_TIMEOUT });
  await tabTo(page, page.getByRole('button', { name: 'Skip to content' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // The menu, then Book now.
  await tabTo(page, page.getByRole('button', { name: 'Menu' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page, 'the open menu');
  await press(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Book now' }));
  await expectFocusedHeading(page, 'Book now');

  await press(page, page.getByRole('link', { name: 'Book at Hop Sze' }));
  await expectFocusedHeading(page, STEP_HEADINGS.experience);
  await press(page, page.getByRole('button', { name: /^Roast Suckling Pig Feast/ }));
  await expectFocusedHeading(page, STEP_HEADINGS.dateParty);

  // The day strip is one radio group: Tab reaches today's day, the arrow keys move along the strip.
  const date = await bookingDay(server, DAY);
  await tabTo(page, page.getByRole('radio').first());
  for (let day = 0; day < DAY; day++) await page.keyboard.press('ArrowRight');
  await expect(page.locator(`input[type="radio"][value="${date}"]`)).toBeChecked();
  await expect(page.getByLabel('Party size')).toHaveValue('2');
  await press(page, page.getByRole('button', { name: 'Find a table' }));

  // No wall before the times (decision 0018): the times and the seating first, not logged in.
  await expectFocusedHeading(page, STEP_HEADINGS.timeslot);
  await press(page, page.getByRole('button', { name: '6:00 pm', exact: true }));
  await expectFocusedHeading(page, STEP_HEADINGS.seating);
  await press(page, page.getByRole('button', { name: /^No preference/ }));

  // The details step asks who books: the log-in form, then back to the details, the time kept.
  await expectFocusedHeading(page, STEP_HEADINGS.details);
  await press(page, page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }));
  await expectFocusedHeading(page, STEP_HEADINGS.login);
  await typeInto(page, page.getByLabel('E-mail'), guest.email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), guest.password);
  await page.keyboard.press('Enter');
  await expectFocusedHeading(page, STEP_HEADINGS.details);
  await expect(page.getByLabel('Mobile number')).toHaveValue(guest.mobileNumber, { timeout: PAGE_TIMEOUT });
  await press(page, page.getByRole('button', { name: 'Continue' }));

  // The texted code: a wrong one is refused out loud, the right one goes on.
  await expectFocusedHeading(page, STEP_HEADINGS.verify);
  const code = await server.smsCode(guest.mobileCountryCode, guest.mobileNumber);
  const wrong = code === '000000' ? '111111' : '000000';
  await typeInto(page, page.getByLabel('Verification code'), wrong);
  await page.keyboard.press('Enter');
  const codeRefused = page.getByRole('main').getByRole('alert');
  await expect(codeRefused).toBeVisible({ timeout: PAGE_TIMEOUT });
  const refusal = (await codeRefused.textContent())!.trim();
  await expectAnnounced(page, refusal, 'assertive');
  await expectNoAxeViolations(page, 'a refused code');
  await typeInto(page, page.getByLabel('Verification code'), code);
  await page.keyboard.press('Enter');
  await expectFocusedHeading(page, STEP_HEADINGS.confirm);

  // The countdown speaks at its milestones: five minutes left.
  await expect(page.locator('.hold__time')).toBeVisible();
  await clocks.advance((await countdownSeconds(page)) * 1000 - 5 * 60_000 - 2_000);
  await page.clock.runFor(4_000);
  await expectAnnounced(page, '5 minutes left to complete your reservation', 'polite');

  // Every policy with Space, then on to payment.
  const boxes = page.getByRole('checkbox');
  for (let i = 0; i < (await boxes.count()); i++) {
    await press(page, boxes.nth(i), 'Space');
    await expect(boxes.nth(i)).toBeChecked();
  }
  await press(page, page.getByRole('button', { name: 'Continue to payment' }));
  await expectFocusedHeading(page, STEP_HEADINGS.payment);

  // A declined card is announced, and the form takes another card.
  const form = page.getByRole('form', { name: 'Card details' });
  const fillCard = async (number: string) => {
    await typeInto(page, form.getByLabel('Cardholder name'), `${guest.firstName} ${guest.lastName}`);
    await typeInto(page, form.getByLabel('Card number'), number);
    await typeInto(page, form.getByLabel('Expiry (MM/YY)'), CARD_EXPIRY);
    await typeInto(page, form.getByLabel('Security code'), '123');
    await page.keyboard.press('Enter');
  };
  await fillCard(CARDS.declined);
  await expect(form.getByRole('alert')).toBeVisible({ timeout: PAGE_TIMEOUT });
  // Focus stays in the form, on the reason, rather than falling back to the page's start.
  await expect(form.getByRole('alert')).toBeFocused();
  await expectAnnounced(page, (await form.getByRole('alert').textContent())!.trim(), 'assertive');
  await expectNoAxeViolations(page, 'a declined card');
  await fillCard(CARDS.threeDSecure);

  // 3-D Secure: the bank's question, answered with the keyboard.
  const challenge = page.getByRole('region', { name: 'Confirm with your bank' });
  await expect(challenge).toBeVisible({ timeout: PAGE_TIMEOUT });
  await expectNoAxeViolations(page, 'the 3-D Secure question');
  await press(page, challenge.getByRole('button', { name: 'Confirm payment' }));
  await expectFocusedHeading(page, STEP_HEADINGS.result);
  await expect(page.getByText(`We have sent the confirmation to ${guest.email}`)).toBeVisible();
});
