/**
 * The wizard's address property in the browser (e2e/paths/booking-addresses-model.ts, replayed on the chart
 * by tests/machines/booking-addresses.paths.test.ts): a sample of its mixed paths, a guest at Le Clos
 * walking the generated path to the details step with Back, Forward or a typed address at one of its
 * steps. Each ends where the model says, on that page, and the page's main action leads on.
 */
import type { Page } from '@playwright/test';
import { BOOKING_PAGES, type BookingPage } from '../../machines/booking-pages';
import { expectHeading, expectRoute, openApp, useSession } from '../support/app';
import { bookingDay, pickExperience, pickSeating, pickTime, searchTables, STEP_HEADINGS } from '../support/booking';
import { expect, test } from '../support/fixtures';
import { addressOf, bookingSpines, opName, replayMixed, replaySpine, type AddressOp } from './booking-addresses-model';
import { plannedPathOf, type EventName } from './booking-model';

const WALK: EventName[] = ['start', 'venueLoaded', 'pickExperience', 'search', 'slotsWithChoice', 'pickSlot', 'pickSeating', 'held', 'profileLoaded'];
// One of the generated spines when the selection has this way in, else the same events replayed on the chart.
const spine = bookingSpines().find((plan) => plan.startsLoggedIn && WALK.every((name, i) => plan.events[i] === name)) ?? plannedPathOf(WALK, true);
const steps = replaySpine(spine).slice(0, WALK.length);
/** Per step a person acts on, three of the model's op sequences: Back, Back then Forward, and a typed address of a page in turn. */
const TYPED: BookingPage[] = ['experience', 'book', 'timeslot', 'seating', 'profile', 'confirm'];
const SAMPLE = steps.flatMap((step, at) =>
  step.settled ? ([[{ kind: 'back' }], [{ kind: 'back' }, { kind: 'forward' }], [{ kind: 'type', page: TYPED[at % TYPED.length]! }]] as AddressOp[][]).map((ops) => ({ at, ops })) : [],
);
const HEADING: Partial<Record<BookingPage, string>> = {
  experience: STEP_HEADINGS.experience,
  book: STEP_HEADINGS.dateParty,
  timeslot: STEP_HEADINGS.timeslot,
  seating: STEP_HEADINGS.seating,
  profile: STEP_HEADINGS.details,
};
const pageOf = (path: string) => Object.entries(BOOKING_PAGES).find(([, page]) => page.path === path)?.[0] as BookingPage | undefined;
const TIME = '12:30 pm';

test.describe('the booking wizard’s addresses in the browser', () => {
  test('the sample is of the generated mixed paths', () => {
    expect(spine).toBeDefined();
    test.info().annotations.push({ type: 'sample', description: `${SAMPLE.length} mixed paths of "${spine.title}"` });
  });

  SAMPLE.forEach(({ at, ops }, index) => {
    test(`${index + 1}. after ${WALK[at]}: ${ops.map(opName).join(', ')}`, async ({ page, server }) => {
      // A guest of the test's own (a demo account would soon hold as many tables as one may).
      await useSession(page, await server.signUp());
      const date = await bookingDay(server, 40 + index);
      await openApp(page, '/pages/home');
      for (const name of WALK.slice(0, at + 1)) await walk(page, name, date);
      const expected = replayMixed(steps[at]!.browser, ops);
      expect(expected.problem).toBeNull();
      for (const op of ops) await perform(page, op);
      const address = addressOf(expected.browser);
      await expectRoute(page, address);
      const shown = pageOf(address);
      // Back out of the wizard: the page before it, with nothing of the wizard's to act on.
      if (!shown) return;
      await expectHeading(page, HEADING[shown]!);
      await mainAction(page, shown, date);
    });
  });
});

async function walk(page: Page, name: EventName, date: string) {
  switch (name) {
    case 'start':
      return page.evaluate(() => (location.hash = '#/pages/experience?domain=leclos'));
    case 'venueLoaded':
      return expectHeading(page, STEP_HEADINGS.experience);
    case 'pickExperience':
      return pickExperience(page, 'À la Carte');
    case 'search':
      return searchTables(page, { date, guests: 2 });
    case 'slotsWithChoice':
      return expectHeading(page, STEP_HEADINGS.timeslot);
    case 'pickSlot':
      return pickTime(page, TIME);
    case 'pickSeating':
      return pickSeating(page);
    default:
      return expectHeading(page, STEP_HEADINGS.details);
  }
}

async function perform(page: Page, op: AddressOp) {
  if (op.kind === 'back') await page.goBack();
  else if (op.kind === 'forward') await page.goForward();
  else await page.evaluate((path) => (location.hash = `#${path}`), BOOKING_PAGES[op.page].path);
}

/** The page's main action does something: the next step shows. */
async function mainAction(page: Page, shown: BookingPage, date: string) {
  switch (shown) {
    case 'experience':
      return pickExperience(page, 'À la Carte');
    case 'book':
      await searchTables(page, { date, guests: 2 });
      return expectHeading(page, STEP_HEADINGS.timeslot);
    case 'timeslot':
      await pickTime(page, TIME);
      return expectHeading(page, STEP_HEADINGS.seating);
    case 'seating':
      await pickSeating(page);
      return expectHeading(page, STEP_HEADINGS.details);
    default:
      await page.getByRole('button', { name: 'Continue' }).click();
      return expectHeading(page, STEP_HEADINGS.confirm);
  }
}
