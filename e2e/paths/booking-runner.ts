/**
 * Replays a planned path of the booking chart in the browser: each event is done as a person would do
 * it (or arranged on the server, for the server's answers), and each state is checked on the page by
 * its address, heading, controls and messages, never by looking inside the app.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { addDays, isoWeekday } from '../../common/time';
import { formatPhoneNumber } from '../../common/validation/phone-number';
import { currentRoute, expectHeading, expectRoute, openApp, useSession } from '../support/app';
import { agreeAndSubmit, bookingDay, enterSmsCode, payByCard, saveCardByForm, searchTables, STEP_HEADINGS, submitDetails } from '../support/booking';
import type { Clocks } from '../support/fixtures';
import type { NewUser, TestServer } from '../support/server-api';
import { activeStateIds, BOOKING_ANSWER_OF, confirmLabel, EVENTS, CHILD_CHARTS, BOOKING_CALL_AFTER as CALL_AFTER, type EventName, type PlannedPath, type Scenario } from './booking-model';
import { Gates } from './gates';
import { routeOf } from '../../machines/route-of';

interface Run {
  page: Page;
  server: TestServer;
  clocks: Clocks;
  gates: Gates;
  plan: PlannedPath;
  scenario: Scenario | null;
  user: NewUser;
  /** The path's own booking day (no other path books on it). */
  day: string;
  /** Times someone else took during the path. */
  taken: Set<string>;
  /** The time the guest last picked. */
  picked?: string;
  opened: boolean;
}

/** What a replay reports: the states it saw on the page and the steps it took. */
export interface ReplayResult {
  states: Set<string>;
  steps: number;
}

/** Replays `plan` on `page`; `dayOffset` gives the path its own booking days. */
export async function replayBookingPath(
  { page, server, clocks }: { page: Page; server: TestServer; clocks: Clocks },
  plan: PlannedPath,
  dayOffset: number,
): Promise<ReplayResult> {
  const user = await server.signUp();
  if (plan.startsLoggedIn) await useSession(page, user);
  const run: Run = {
    page,
    server,
    clocks,
    gates: await Gates.install(page),
    plan,
    scenario: plan.scenario,
    user,
    day: await bookingDay(server, dayOffset),
    taken: new Set(),
    opened: false,
  };
  const states = new Set<string>();
  const steps = plan.path.steps;
  try {
    for (let i = 1; i < steps.length; i++) {
      const before = steps[i - 1]!.state;
      const after = steps[i]!.state;
      const name = plan.events[i - 1]!;
      // Calls the next state makes are held, so the page can be read while they are on their way.
      const entering = Object.keys(after.children).filter((id) => !CHILD_CHARTS.includes(id) && !(id in before.children));
      if ((name === 'start' && run.opened) || name === 'pickSlot' || name === 'pickSeating') {
        // The app keeps a read (the venue, the profile) for 30 s; the guest takes longer than that to
        // choose, so the next step reads afresh and can be seen loading. Never while a call is held:
        // the page would give up on it (30 s time-out).
        await clocks.advance(31_000);
      }
      if (CALL_AFTER[name]) expect(entering, `the call after ${name}`).toEqual([CALL_AFTER[name]]);
      for (const id of entering) run.gates.arm(id);
      await step(run, name, i - 1);
      for (const id of entering) await run.gates.waitForCall(id);
      await check(run, after, name);
      activeStateIds(after).forEach((id) => states.add(id));
    }
  } finally {
    await run.gates.releaseAll();
  }
  return { states, steps: steps.length - 1 };
}

/** The next event among `names` after position `i`, if any. */
function nextOf(run: Run, i: number, names: EventName[]): EventName | undefined {
  return run.plan.events.slice(i + 1).find((e) => names.includes(e));
}

/** The first date from `from` that falls on ISO weekday `weekday`. */
function onWeekday(from: string, weekday: number): string {
  return addDays(from, (weekday - isoWeekday(from) + 7) % 7);
}

async function step(run: Run, name: EventName, i: number): Promise<void> {
  const { page, server, gates, clocks } = run;
  const scenario = run.scenario;
  const need = () => {
    if (!scenario) throw new Error(`${name} needs a scenario`);
    return scenario;
  };
  // An answer arriving: the call it answers goes through.
  const answered = BOOKING_ANSWER_OF[name];
  if (answered) return gates.release(answered);
  switch (name) {
    case 'start':
      await openApp(page, `/pages/experience?domain=${scenario?.domain ?? 'nowhere'}`);
      run.opened = true;
      return;
    case 'pickExperience':
      await expect(page.getByRole('button', { name: new RegExp(`^${escape(need().experience)}`) })).toBeVisible();
      // The wizard's steps are on the page; the next one appears on its own.
      await page.getByRole('button', { name: new RegExp(`^${escape(need().experience)}`) }).click();
      return;
    case 'search': {
      const s = need();
      const outcome = nextOf(run, i, ['slotsWithChoice', 'slotsOneArea', 'notServed', 'fullyBooked', 'searchRefused']);
      let date = s.servedWeekday ? onWeekday(run.day, s.servedWeekday) : run.day;
      if (outcome === 'notServed') date = onWeekday(run.day, s.closedWeekday!);
      if (outcome === 'searchRefused') date = addDays(await bookingDay(server, 0), 120);
      if (outcome === 'fullyBooked') {
        // Someone else holds the only table that fits this party at every time of the day.
        const other = await server.signUp();
        for (const time of s.onlyTable!.times) {
          await server.hold(other, { domain: s.domain, experience: s.experience, date, time, guests: s.guests });
        }
      }
      if (run.plan.startsLoggedIn) await waitForSession(page);
      await searchTables(page, { date, guests: s.guests });
      return;
    }
    case 'searchTooLarge': {
      const s = need();
      await expectHeading(page, STEP_HEADINGS.dateParty);
      const largest = s.domain === 'hopsze' ? 7 : 10;
      await page.getByLabel('Party size').selectOption(String(largest + 1));
      await page.getByRole('button', { name: 'Find a table' }).click();
      return;
    }
    case 'pickSlot': {
      const s = need();
      run.picked = run.taken.has(s.time) ? s.otherTime : s.time;
      await expectHeading(page, STEP_HEADINGS.timeslot);
      await page.getByRole('button', { name: run.picked, exact: true }).click();
      return;
    }
    case 'pickSeating':
      await expectHeading(page, STEP_HEADINGS.seating);
      await page.getByRole('button', { name: /^No preference/ }).click();
      return;
    case 'logIn':
      // The guest-identity chart's log-in branch: the details step's 'Log in', then the log-in page.
      await expectHeading(page, STEP_HEADINGS.details);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expectHeading(page, STEP_HEADINGS.login);
      await page.getByLabel('E-mail').fill(run.user.email);
      await page.getByLabel('Password', { exact: true }).fill(run.user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      return;
    case 'continueAsGuest':
      // Its guest branch: the guest's own name and number, the code texted to them, and the session it opens.
      await expectHeading(page, STEP_HEADINGS.details);
      await page.getByLabel('First name').fill(run.user.firstName);
      await page.getByLabel('Last name').fill(run.user.lastName);
      await page.getByLabel('E-mail').fill(run.user.email);
      await page.getByLabel('Mobile number').fill(run.user.mobileNumber);
      await page.getByRole('button', { name: 'Text me a code' }).click();
      await expectHeading(page, STEP_HEADINGS.verify);
      return enterSmsCode(page, server, { mobile: [run.user.mobileCountryCode, run.user.mobileNumber] });
    case 'taken':
      return gates.release('createReservation', async () => {
        // Someone else is quicker: the only table that fits is held for them first.
        const s = need();
        const other = await server.signUp();
        await server.hold(other, { domain: s.domain, experience: s.experience, date: run.day, time: run.picked!, guests: s.guests });
        run.taken.add(run.picked!);
      });
    case 'submitDetails':
      return submitDetails(page);
    case 'verified':
      // The phone verification chart's own paths (codes refused, not sent, sent again) are its tests'.
      return enterSmsCode(page, server, { mobile: [run.user.mobileCountryCode, run.user.mobileNumber] });
    case 'agree':
      await agreeAndSubmit(page);
      return;
    case 'paid':
      await payByCard(page);
      return;
    case 'cardSaved':
      await saveCardByForm(page);
      return;
    case 'lapsedMeanwhile':
      // The guest's confirmation reaches the server only after the hold ran out. The server's clock
      // alone moves: the page's would time the held call out; the app follows the server's clock anyway.
      return gates.release('completeReservation', async () => {
        await server.setClock({ advanceMs: 16 * 60_000 });
      });
    case 'overlapping':
      return gates.release('completeReservation', async () => {
        // Meanwhile the same guest booked another venue at the same time (from another device).
        const s = need();
        const elsewhere =
          s.domain === 'hopsze'
            ? { domain: 'obe', experience: 'Bar Seating', time: '6:00 pm' }
            : { domain: 'batard', experience: 'Set Lunch', time: '12:30 pm' };
        await server.book(run.user, { ...elsewhere, date: run.day, guests: 2 });
      });
    case 'holdExpires':
      await clocks.advance(15 * 60_000 + 2_000);
      return;
    case 'reload':
      await page.reload();
      return;
    case 'visitExperience':
    case 'visitBook':
    case 'visitTimeslot':
    case 'visitSeating':
    case 'visitProfile':
    case 'visitConfirm': {
      const route = EVENTS[name].route;
      // As if typed into the address bar.
      await page.evaluate((r) => (location.hash = r), route);
      return;
    }
    case 'restart':
      await page.getByRole('button', { name: /^(Make another booking|Make a new reservation)$/ }).click();
      return;
  }
}

/** Waits until the returning visitor's session has loaded (the menu offers to log out). */
async function waitForSession(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Log out', includeHidden: true })).toHaveCount(1);
}


const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
// The messages shown: the page also keeps an empty alert region for toasts.
const alert = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ });

/** Reads the page for `snapshot`'s state, as a person would see it. */
async function check(run: Run, snapshot: AnyMachineSnapshot, cause: EventName): Promise<void> {
  const { page } = run;
  const problem = snapshot.context.problem as { kind: string; code?: number } | null;
  const route = routeOf(snapshot);
  if (route) await expectRoute(page, route);

  if (snapshot.matches('idle')) {
    await expect(page.getByText('Choose a venue to start your booking.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book now' }).last()).toBeVisible();
    if (problem?.kind === 'call') await expect(alert(page)).toContainText('The venue information does not exist');
    return;
  }
  if (snapshot.matches('loadingVenue')) {
    await expectHeading(page, STEP_HEADINGS.experience);
    await expect(status(page, 'Loading the venue…')).toBeVisible();
    return;
  }
  if (snapshot.matches({ draft: 'experience' })) {
    await expectHeading(page, STEP_HEADINGS.experience);
    await expect(page.getByRole('button', { name: new RegExp(`^${escape(run.scenario!.experience)}`) })).toBeVisible();
    return;
  }
  if (snapshot.matches({ draft: 'dateParty' })) {
    await expectHeading(page, STEP_HEADINGS.dateParty);
    await expect(page.getByLabel('Party size')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Find a table' })).toBeVisible();
    const texts: Record<string, string | RegExp> = {
      'no-availability': 'No Availability',
      'no-timeslot': 'No time slot available',
      call: /Reservations open 90 days in advance/,
    };
    if (problem) await expect(alert(page)).toContainText(texts[problem.kind]!);
    else await expect(alert(page)).toHaveCount(0);
    return;
  }
  if (snapshot.matches({ draft: 'loadingSlots' })) {
    await expectHeading(page, STEP_HEADINGS.dateParty);
    await expect(status(page, 'Finding tables…')).toBeVisible();
    return;
  }
  if (snapshot.matches({ draft: 'timeslot' })) {
    await expectHeading(page, STEP_HEADINGS.timeslot);
    const s = run.scenario!;
    const expected = run.taken.has(s.time) ? s.otherTime : s.time;
    await expect(page.getByRole('button', { name: expected, exact: true })).toBeVisible();
    if (problem?.kind === 'unavailable') {
      await expect(alert(page)).toContainText('Sorry, your selection is unavailable');
      await expect(page.getByRole('button', { name: s.time, exact: true })).toHaveCount(0);
    }
    return;
  }
  if (snapshot.matches({ draft: 'seating' })) {
    await expectHeading(page, STEP_HEADINGS.seating);
    await expect(page.getByRole('button', { name: /^No preference/ })).toBeVisible();
    return;
  }
  if (snapshot.matches({ draft: 'identifying' })) {
    // The details step before logging in (the guest-identity chart's first page): log in or sign up, or continue as a guest.
    await expectHeading(page, STEP_HEADINGS.details);
    await expect(page.getByRole('heading', { name: 'Continue as a guest' })).toBeVisible();
    return;
  }
  // Holding a table or giving it up has no page of its own: the step the guest is on waits.
  if (snapshot.matches({ draft: 'creating' }) || snapshot.matches('releasing')) {
    await expect(status(page, 'One moment…')).toBeVisible();
    return;
  }
  if (snapshot.matches('holding')) {
    // The countdown runs on every held step.
    await expect(page.getByText(/Your table is held for\s*\d+:\d\d/)).toBeVisible();
    await checkHeldStep(run, snapshot, cause);
    return;
  }
  if (snapshot.matches('completing')) {
    await expectHeading(page, STEP_HEADINGS.confirm);
    await expect(status(page, 'Confirming your reservation…')).toBeVisible();
    return;
  }
  if (snapshot.matches('completed')) {
    await expectHeading(page, STEP_HEADINGS.result);
    await expect(page.getByText(/^Reference /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make another booking' })).toBeVisible();
    return;
  }
  if (snapshot.matches('expired')) {
    await expectHeading(page, STEP_HEADINGS.expired);
    if (problem?.kind === 'completion') await expect(page.getByText('Your reservation has expired. Please make a new reservation')).toBeVisible();
    await expect(page.getByText(/The table was held for 15 minutes and has been released/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make a new reservation' })).toBeVisible();
    return;
  }
  if (snapshot.matches('warning')) {
    await expectHeading(page, STEP_HEADINGS.warning);
    const kind = (snapshot.context.warning as { kind: string }).kind;
    const texts: Record<string, RegExp> = {
      'party-too-large': /Online bookings are for up to \d+ guests/,
      'members-only': /This experience is reserved for Club members\./,
      overlap: /You have an overlapping Reservation at another venue/,
    };
    await expect(page.getByText(texts[kind]!)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make a new reservation' })).toBeVisible();
    return;
  }
  throw new Error(`No page check for ${JSON.stringify(snapshot.value)} (after ${cause})`);
}

async function checkHeldStep(run: Run, snapshot: AnyMachineSnapshot, cause: EventName): Promise<void> {
  const { page } = run;
  const at = (step: string | object) => snapshot.matches({ holding: { step } } as never);
  if (at({ created: 'prefilling' })) {
    await expectHeading(page, STEP_HEADINGS.details);
    await expect(status(page, 'Loading your details…')).toBeVisible();
  } else if (at({ created: 'details' })) {
    await expectHeading(page, STEP_HEADINGS.details);
    // Filled in from the guest's profile.
    await expect(page.getByLabel('First name')).toHaveValue(run.user.firstName);
    await expect(page.getByLabel('Mobile number')).toHaveValue(run.user.mobileNumber);
  } else if (at({ created: 'verify' })) {
    // The phone verification chart runs the page: the code is sent, then asked for.
    await expectHeading(page, STEP_HEADINGS.verify);
    // The number as the app shows it since numbers are read with libphonenumber-js: '+852 6300 0001'.
    await expect(page.getByText(formatPhoneNumber(run.user.mobileCountryCode, run.user.mobileNumber)!)).toBeVisible();
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
    await expect(alert(page)).toHaveCount(0);
  } else if (at({ created: 'confirm' })) {
    await expectHeading(page, STEP_HEADINGS.confirm);
    await expect(page.getByRole('checkbox').first()).toBeVisible();
    await expect(page.getByRole('button', { name: confirmLabel(snapshot) })).toBeVisible();
  } else if (at('awaitingPayment')) {
    await expectHeading(page, STEP_HEADINGS.payment);
    await expect(page.getByRole('form', { name: 'Card details' }).or(page.getByRole('button', { name: /^Pay .+ by card$/ }))).toBeVisible();
  } else if (at('awaitingCard')) {
    // The terms in words before the card: nothing now, the fee and the last moment to cancel.
    await expectHeading(page, STEP_HEADINGS.card);
    await expect(page.getByText(/^No charge now\. HK\$500 a guest if you do not come or cancel after /)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible();
  } else {
    throw new Error(`No page check for ${JSON.stringify(snapshot.value)} (after ${cause})`);
  }
  expect(currentRoute(page)).toBe(routeOf(snapshot));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
