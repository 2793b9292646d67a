/**
 * The booking wizard as a guest walks it, step by step or all at once (`walkBooking`). Every step finds
 * its controls by role, label or text and waits for the next step's heading, so a helper fails where a
 * person would get stuck.
 */
import { expect, type Page } from '@playwright/test';
import { addDays, hongKongDate } from '../../common/time';
import { expectHeading, openApp, PAGE_TIMEOUT } from './app';
import { CARD_EXPIRY, CARDS } from './constants';
import type { TestServer } from './server-api';
import { STEP_HEADINGS } from './step-headings';

export { STEP_HEADINGS };

/**
 * A Hong Kong date `days` after the server's today, for booking. Tests share one database: give each
 * spec its own days (or venue, or time) so their bookings never take each other's tables.
 */
export async function bookingDay(server: TestServer, days: number): Promise<string> {
  return addDays(hongKongDate((await server.clock()).now), days);
}

/** Opens the wizard at a venue (`leclos`, `batard`, `hopsze`, `obe`): the experience step. */
export async function startBooking(page: Page, domain: string): Promise<void> {
  await openApp(page, `/pages/experience?domain=${domain}`);
  await expectHeading(page, STEP_HEADINGS.experience);
}

/** Picks an experience by its name (a button, whose name starts with it). */
export async function pickExperience(page: Page, name: string | RegExp): Promise<void> {
  const buttonName = typeof name === 'string' ? new RegExp(`^${escapeRegExp(name)}`) : name;
  await page.getByRole('button', { name: buttonName }).first().click({ timeout: PAGE_TIMEOUT });
  await expectHeading(page, STEP_HEADINGS.dateParty);
}

/**
 * Chooses the date (YYYY-MM-DD, chosen in "Or pick another date") and the party size, and searches.
 * Does not wait for what comes next: times, the log-in page, a warning, or a message on this step.
 */
export async function searchTables(page: Page, { date, guests }: { date: string; guests: number }): Promise<void> {
  await expectHeading(page, STEP_HEADINGS.dateParty);
  const days = page.getByLabel('Or pick another date');
  // A day the list does not offer (past the 90 days the server takes): sent as an altered page would, for the refusal.
  await days.evaluate((select: HTMLSelectElement, day) => {
    if (![...select.options].some((option) => option.value === day)) select.append(new Option(day, day));
  }, date);
  await days.selectOption(date);
  await page.getByLabel('Party size').selectOption(String(guests));
  await page.getByRole('button', { name: 'Find a table' }).click();
}

/** Picks a time by its label ('7:00 pm'); does not wait for what comes next. */
export async function pickTime(page: Page, time: string): Promise<void> {
  await expectHeading(page, STEP_HEADINGS.timeslot);
  await page.getByRole('button', { name: time, exact: true }).click({ timeout: PAGE_TIMEOUT });
}

/** On the dining-area step: an area by name, or no preference. */
export async function pickSeating(page: Page, area: string | 'No preference' = 'No preference'): Promise<void> {
  await expectHeading(page, STEP_HEADINGS.seating);
  await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(area)}`) }).click();
}

/** What the details form can be given; fields left out keep what the profile filled in. */
export interface GuestDetailsInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  mobileCountryCode?: string;
  mobileNumber?: string;
  notes?: string;
  /** The occasion's label as the list shows it ('Birthday'). */
  occasion?: string;
  occasionNote?: string;
  /** Labels of the dietary needs to tick ('Vegetarian'). */
  dietaryNeeds?: string[];
  dietaryNote?: string;
}

/** Fills the details step (only the given fields) and continues. */
export async function submitDetails(page: Page, details: GuestDetailsInput = {}): Promise<void> {
  await expectHeading(page, STEP_HEADINGS.details);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeVisible({ timeout: PAGE_TIMEOUT });
  const { occasion, dietaryNeeds = [], ...texts } = details;
  const labels: Record<keyof typeof texts, string> = {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    mobileCountryCode: 'Country code',
    mobileNumber: 'Mobile number',
    notes: 'Special requests',
    occasionNote: 'About the occasion',
    dietaryNote: 'Other dietary needs',
  };
  for (const [key, value] of Object.entries(texts) as [keyof typeof texts, string | undefined][]) {
    if (value !== undefined) await page.getByLabel(labels[key]).fill(value);
  }
  if (occasion) await page.getByLabel('Occasion', { exact: true }).selectOption({ label: occasion });
  for (const need of dietaryNeeds) await page.getByRole('checkbox', { name: need }).check();
  await continueButton.click();
}

/**
 * On the verification step: types `code`, or the one the server texted to the number shown (read
 * from the outbox), and submits it.
 */
export async function enterSmsCode(page: Page, server: TestServer, options: { code?: string; mobile?: [string, string] } = {}) {
  await expectHeading(page, STEP_HEADINGS.verify);
  const field = page.getByLabel('Verification code');
  await expect(field).toBeVisible({ timeout: PAGE_TIMEOUT });
  let code = options.code;
  if (!code) {
    const [countryCode, number] = options.mobile ?? (await shownMobile(page));
    code = await server.smsCode(countryCode, number);
  }
  await field.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The number the verification step says it texted: [country code, number]. */
async function shownMobile(page: Page): Promise<[string, string]> {
  const lead = await page.getByText(/We have sent a 6-digit code by SMS to/).textContent();
  const match = /\+(\d+)\s+(\d+)/.exec(lead ?? '');
  if (!match) throw new Error(`No number in "${lead}"`);
  return [match[1]!, match[2]!];
}

/** Ticks every policy on the review step and presses its button (confirm, or continue to payment). */
export async function agreeAndSubmit(page: Page): Promise<'confirmed' | 'payment' | 'card'> {
  await expectHeading(page, STEP_HEADINGS.confirm);
  const submit = page.getByRole('button', { name: /^(Confirm reservation|Continue to payment|Continue to save a card)$/ });
  await expect(submit).toBeVisible({ timeout: PAGE_TIMEOUT });
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  const label = await submit.textContent();
  await submit.click();
  if (label === 'Continue to save a card') return 'card';
  return label === 'Continue to payment' ? 'payment' : 'confirmed';
}

/** A card as the card form takes it. */
export interface CardInput {
  number: string;
  name?: string;
  expiry?: string;
  cvc?: string;
}

/**
 * On the payment step: chooses the card when the wallet is offered too, fills the card form and pays.
 * Does not wait for the outcome (3-D Secure, a decline, the result).
 */
export async function payByCard(page: Page, card: CardInput | string = CARDS.approved): Promise<void> {
  const { number, name = 'Tess Walker', expiry = CARD_EXPIRY, cvc = '123' } = typeof card === 'string' ? { number: card } : card;
  await expectHeading(page, STEP_HEADINGS.payment);
  const byCard = page.getByRole('button', { name: /^Pay .+ by card$/ });
  const form = page.getByRole('form', { name: 'Card details' });
  await expect(byCard.or(form)).toBeVisible({ timeout: PAGE_TIMEOUT });
  if (await byCard.isVisible()) await byCard.click();
  await expect(form).toBeVisible({ timeout: PAGE_TIMEOUT });
  await form.getByLabel('Cardholder name').fill(name);
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill(expiry);
  await form.getByLabel('Security code').fill(cvc);
  await form.getByRole('button', { name: /^Pay / }).click();
}

/** A card guarantee's step: the test processor's card form filled and saved (nothing charged). */
export async function saveCardByForm(page: Page, card: CardInput | string = CARDS.approved): Promise<void> {
  const { number, name = 'Tess Walker', expiry = CARD_EXPIRY, cvc = '123' } = typeof card === 'string' ? { number: card } : card;
  await expectHeading(page, STEP_HEADINGS.card);
  const form = page.getByRole('form', { name: 'Card details' });
  await expect(form).toBeVisible({ timeout: PAGE_TIMEOUT });
  await form.getByLabel('Cardholder name').fill(name);
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill(expiry);
  await form.getByLabel('Security code').fill(cvc);
  await form.getByRole('button', { name: 'Save card' }).click();
}

/** Answers the test-mode 3-D Secure challenge. */
export async function answerChallenge(page: Page, outcome: 'approve' | 'fail'): Promise<void> {
  const challenge = page.getByRole('region', { name: 'Confirm with your bank' });
  await expect(challenge).toBeVisible({ timeout: PAGE_TIMEOUT });
  await challenge.getByRole('button', { name: outcome === 'approve' ? 'Confirm payment' : 'Fail authentication' }).click();
}

/** Where `walkBooking` stops: after the named step is shown. */
export type WalkStop = 'experience' | 'dateParty' | 'timeslot' | 'details' | 'verify' | 'confirm' | 'payment' | 'card' | 'result';

export interface WalkOptions {
  /** The venue's domain. */
  venue: string;
  /** The experience's name, or a pattern for it. */
  experience: string | RegExp;
  /** YYYY-MM-DD; see `bookingDay`. */
  date: string;
  guests?: number;
  /** The time's label, e.g. '12:00 pm'. */
  time: string;
  /** The dining area, when the venue asks (default: no preference). */
  seating?: string;
  details?: GuestDetailsInput;
  /** For a payment step: the card (default: approved). */
  card?: CardInput | string;
  /** Stop once this step shows (default: the result). */
  until?: WalkStop;
}

/**
 * Books a table from the venue's first step to the result, or up to `until`. The page must be logged in
 * already (see `useSession`, `useDemoSession`): a log-in page on the way fails the walk.
 */
export async function walkBooking(page: Page, server: TestServer, options: WalkOptions): Promise<void> {
  const stopAt = (step: WalkStop) => options.until === step;
  await startBooking(page, options.venue);
  if (stopAt('experience')) return;
  await pickExperience(page, options.experience);
  if (stopAt('dateParty')) return;
  await searchTables(page, { date: options.date, guests: options.guests ?? 2 });
  await expectHeading(page, STEP_HEADINGS.timeslot);
  if (stopAt('timeslot')) return;
  await pickTime(page, options.time);
  await expectHeading(page, new RegExp(`^(${STEP_HEADINGS.seating}|${STEP_HEADINGS.details})$`));
  if ((await page.getByRole('heading', { level: 1 }).textContent()) === STEP_HEADINGS.seating) {
    await pickSeating(page, options.seating);
  }
  await expectHeading(page, STEP_HEADINGS.details);
  if (stopAt('details')) return;
  await submitDetails(page, options.details);
  await expectHeading(page, new RegExp(`^(${STEP_HEADINGS.verify}|${STEP_HEADINGS.confirm})$`));
  if ((await page.getByRole('heading', { level: 1 }).textContent()) === STEP_HEADINGS.verify) {
    if (stopAt('verify')) return;
    await enterSmsCode(page, server);
  }
  await expectHeading(page, STEP_HEADINGS.confirm);
  if (stopAt('confirm')) return;
  const next = await agreeAndSubmit(page);
  if (next === 'payment') {
    await expectHeading(page, STEP_HEADINGS.payment);
    if (stopAt('payment')) return;
    await payByCard(page, options.card);
  }
  if (next === 'card') {
    // A card guarantee: a card saved, nothing charged.
    await expectHeading(page, STEP_HEADINGS.card);
    if (stopAt('card')) return;
    await saveCardByForm(page, options.card);
  }
  await expectHeading(page, STEP_HEADINGS.result);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
