// @vitest-environment jsdom
/**
 * The booking wizard in Japanese and in Traditional Chinese, the whole app against the real API: the
 * guest picks the language from the navigation bar, walks every step (venue, experience, date and party,
 * time, dining area, details, confirmation, payment, result) and meets no English on any of them outside
 * names. Controls are found by their texts in the active catalog, so the walk follows the translators.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { amountDue, formatHkdFor, type PaymentPolicy } from '../../../common/money';
import { formatTimeFor, weekdayFor } from '../../../common/time';
import type { Locale } from '../../../common/locales';
import { i18n, LANGUAGE_NAMES } from '../../../src/i18n/i18n';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { CARD_EXPIRY } from '../../support/ui/booking-walk';
import { SLOW } from '../../support/ui/page-queries';
import { collectPageTexts, englishWords } from '../../support/fixtures/english-words';

// Each test a new visit, on the server's clock (the page learns it from the answers): Monday 23 Nov 2026, 10:00 in Hong Kong.
const api = useAppHarness();
type User = ReturnType<typeof userEvent.setup>;

/** The demo guests these walks book as: their names stay as written. */
const GUEST_NAMES = ['Martin Leung', 'Martin', 'Leung', 'Grace Chan', 'Grace', 'Chan'];

/**
 * Asserts that the page, as it stands, has no English outside names; `step` names it in the failure.
 * A soft assertion: the walk goes on, so one run lists the English of every step.
 */
function expectNoEnglish(step: string) {
  const found = collectPageTexts()
    .map((text) => ({ text, words: englishWords(text, GUEST_NAMES) }))
    .filter(({ words }) => words.length > 0)
    .map(({ text }) => text);
  expect.soft({ step, english: found }).toEqual({ step, english: [] });
}

/** A message in the active language, as the app shows it. */
const tr = (descriptor: MessageDescriptor) => i18n._(descriptor);

/** Opens the app in English and picks `locale` from the navigation bar's language menu, as a guest would. */
async function switchLanguage(user: User, locale: Locale) {
  await openApp('/pages/book-now');
  await findHeading('Book now');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), LANGUAGE_NAMES[locale]);
  // The language's catalogs load first: on a loaded machine that is more than waitFor's one second.
  await waitFor(() => expect(document.documentElement.lang).toBe(locale), SLOW);
  await findHeading(tr(msg`Book now`));
}

type Experience = PaymentPolicy & { prePaymentType: string };

/**
 * From the venue list to the list of times: the venue, its first experience that asks for
 * `prePaymentType` (found by its place in the list, since its name is in the guest's language), the
 * day and a party of two. Gives back what the table will cost up front.
 */
async function walkToTimes(user: User, locale: Locale, { domain, prePaymentType, day }: { domain: string; prePaymentType: string; day: string }) {
  const venue = (await api().request('GET', `/public/venue/by-domain/${domain}`)).body.data as { title: string; experiences: Experience[] };
  const index = venue.experiences.findIndex((e) => e.prePaymentType === prePaymentType);
  expect(index).toBeGreaterThanOrEqual(0);

  // Venue: the list of the four, each with its way into the booking.
  expectNoEnglish('venue');
  await user.click(screen.getByRole('link', { name: new RegExp(venue.title) }));

  // Experience: the venue's menus, once they have loaded.
  await findHeading(tr(msg`Choose your experience`));
  const choices = await screen.findAllByRole('button', { pressed: false }, SLOW);
  expectNoEnglish('experience');
  await user.click(choices[index]!);

  // Date and party size: the strip's weekdays in the language, two guests.
  await findHeading(tr(msg`Date and party size`));
  expectNoEnglish('date and party size');
  // The strip names the month on its first day and on each first of a month.
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${weekdayFor(day, locale)}\\s*${Number(day.slice(8))}(?!\\d)`) }));
  await user.selectOptions(screen.getByLabelText(tr(msg`Party size`)), '2');
  await user.click(screen.getByRole('button', { name: tr(msg`Find a table`) }));
  await findHeading(tr(msg`Choose a time`));
  return amountDue(venue.experiences[index]!, 2);
}

/** 19:00, then a named dining area where the venue offers a choice, then the guest's details. */
async function pickTimeAndArea(user: User, locale: Locale, { expectArea }: { expectArea: boolean }) {
  const time = formatTimeFor(19 * 60, locale);
  await screen.findByRole('button', { name: time }, SLOW);
  expectNoEnglish('time');
  await user.click(screen.getByRole('button', { name: time }));
  const areaTitle = tr(msg`Choose a dining area`);
  const next = await screen.findByRole('heading', { level: 1, name: new RegExp(`^(${areaTitle}|${tr(msg`Your details`)})$`) }, SLOW);
  if (expectArea) expect(next.textContent).toBe(areaTitle);
  if (next.textContent === areaTitle) {
    expectNoEnglish('dining area');
    // The first named area after "No preference": its name then shows in the summary of every later step.
    const areas = document.querySelectorAll<HTMLButtonElement>('button.choice');
    expect(areas.length).toBeGreaterThan(1);
    await user.click(areas[1]!);
  }
  await findHeading(tr(msg`Your details`));
}

/**
 * The details as pre-filled, then the review with every policy agreed, on to the payment step. With
 * `mistakes`, the guest first sends the details without a first name and mobile number, and the review
 * without agreeing, so the validation texts of docs/PRODUCT.md §5 are read too.
 */
async function detailsAndReview(user: User, { mistakes = false } = {}) {
  await screen.findByRole('button', { name: tr(msg`Continue`) }, SLOW);
  expectNoEnglish('details');
  if (mistakes) {
    const firstName = screen.getByLabelText(tr(msg`First name`));
    const mobile = screen.getByLabelText(tr(msg`Mobile number`));
    const [name, number] = [(firstName as HTMLInputElement).value, (mobile as HTMLInputElement).value];
    await user.clear(firstName);
    await user.clear(mobile);
    await user.click(screen.getByRole('button', { name: tr(msg`Continue`) }));
    await screen.findByText(tr(msg`Please enter mobile number!`));
    expectNoEnglish('details: missing fields');
    await user.type(firstName, name);
    await user.type(mobile, number);
  }
  await user.click(screen.getByRole('button', { name: tr(msg`Continue`) }));
  await findHeading(tr(msg`Review and confirm`));
  expectNoEnglish('review and confirm');
  if (mistakes) {
    await user.click(screen.getByRole('button', { name: tr(msg`Continue to payment`) }));
    await screen.findByText(tr(msg`Please agree to cancellation policy`));
    expectNoEnglish('review and confirm: not agreed');
  }
  for (const box of screen.getAllByRole('checkbox')) await user.click(box);
  await user.click(screen.getByRole('button', { name: tr(msg`Continue to payment`) }));
  await findHeading(tr(msg`Payment`));
}

/** Types a card into the form, over whatever its fields held. */
async function typeCard(user: User, number: string) {
  await screen.findByLabelText(tr(msg`Cardholder name`), {}, SLOW);
  const fields: [MessageDescriptor, string][] = [
    [msg`Cardholder name`, 'Martin Leung'],
    [msg`Card number`, number],
    [msg`Expiry (MM/YY)`, CARD_EXPIRY],
    [msg`Security code`, '123'],
  ];
  for (const [label, value] of fields) {
    const field = screen.getByLabelText(tr(label));
    await user.clear(field);
    await user.type(field, value);
  }
}

describe('the booking wizard in other languages', () => {
  it('speaks Japanese on every step: a deposit at Le Clos, a dining area, a card through 3-D Secure', async () => {
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const user = userEvent.setup();
    await switchLanguage(user, 'ja');
    const due = await walkToTimes(user, 'ja', { domain: 'leclos', prePaymentType: 'DEPOSIT', day: '2026-11-24' });
    await pickTimeAndArea(user, 'ja', { expectArea: true });
    await detailsAndReview(user, { mistakes: true });

    // Payment: a deposit for two, by card or from the member's Club wallet.
    const total = formatHkdFor(due, 'ja');
    await screen.findByRole('button', { name: tr(msg`Pay ${total} by card`) }, SLOW);
    expectNoEnglish('payment: how to pay');
    await user.click(screen.getByRole('button', { name: tr(msg`Pay ${total} by card`) }));
    await typeCard(user, '4000 0000 0000 3220');
    expectNoEnglish('payment: card form');
    await user.click(screen.getByRole('button', { name: tr(msg`Pay ${total}`) }));
    await screen.findByRole('heading', { name: tr(msg`Confirm with your bank`) }, SLOW);
    expectNoEnglish('payment: 3-D Secure');
    await user.click(screen.getByRole('button', { name: tr(msg`Confirm payment`) }));

    await findHeading(tr(msg`Your table is confirmed`));
    expectNoEnglish('result');
  });

  it('speaks Traditional Chinese on every step: a prepaid menu at Bâtard, a declined card, then another', async () => {
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await switchLanguage(user, 'zh-Hant');
    const due = await walkToTimes(user, 'zh-Hant', { domain: 'batard', prePaymentType: 'PREPAYMENT', day: '2026-11-25' });
    await pickTimeAndArea(user, 'zh-Hant', { expectArea: false });
    await detailsAndReview(user);

    // A guest has no Club wallet: the card form comes at once.
    await screen.findByLabelText(tr(msg`Cardholder name`), {}, SLOW);
    expectNoEnglish('payment: card form');
    const total = formatHkdFor(due, 'zh-Hant');
    await typeCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: tr(msg`Pay ${total}`) }));
    await screen.findByText(tr(msg`Your card was declined.`), {}, SLOW);
    expectNoEnglish('payment: declined');

    await typeCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: tr(msg`Pay ${total}`) }));
    await findHeading(tr(msg`Your table is confirmed`));
    expectNoEnglish('result');
  });
});

describe('the English detector', () => {
  it('finds English words and passes names, codes, amounts and addresses', () => {
    expect(englishWords('Set Lunch')).toEqual(['Set', 'Lunch']);
    expect(englishWords('TUE')).toEqual(['TUE']);
    expect(englishWords('Continue')).toEqual(['Continue']);
    expect(englishWords('Le Clos · 2026年11月24日(火) 19:00 HK$400 Martin Leung', GUEST_NAMES)).toEqual([]);
    expect(englishWords('予約番号 LEC-7HQ2KM martin@example.com +852 2388 6201 3-D Secure')).toEqual([]);
  });
});
