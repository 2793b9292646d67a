// @vitest-environment jsdom
/**
 * The booking chart's generated paths (e2e/paths/booking-model.ts, the browser's set) replayed in the
 * whole app in jsdom against the real API: each step is what a guest does, or a call's answer the path
 * arranges on the server (a table someone else takes, a hold that ran out, a number texted too often),
 * and each state is read from the page as e2e/paths/booking-runner.ts reads it: the address, the step's
 * heading, its controls and the message the path leads to. Page timers are fake (still running with real
 * time), so the 15-minute hold runs out at once.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { activeStateIds, BOOKING_ANSWER_OF, confirmLabel, CHILD_CHARTS, BOOKING_CALL_AFTER as CALL_AFTER, BOOKING_STATE_AFTER as STATE_AFTER, BOOKING_STATES, selectBookingPaths, type EventName } from '../../e2e/paths/booking-model';
import { ACTOR_CALLS } from '../../e2e/paths/gates';
import { STEP_HEADINGS } from '../../e2e/support/step-headings';
import { routeOf } from '../../machines/route-of';
import { invalidate } from '../../src/api/use-api-query';
import { addDays, hongKongDate, isoWeekday } from '../../common/time';
import { formatPhoneNumber } from '../../common/validation/phone-number';
import { TEST_CARDS } from '../../server/services/payments/processor/test-processor';
import { BATARD, HOPSZE, LECLOS, OBE } from '../support/server/fixtures';
import { findHeading, openApp, storeSession, useAppHarness } from '../support/ui/app-harness';
import { GUEST_PASSWORD } from '../support/ui/manage-scenes';
import { address, SLOW } from '../support/ui/page-queries';
import { gateCalls } from '../support/machines/call-gate';
import {
  advanceBoth,
  agree,
  alerts,
  bookingGuests,
  CALL_WAIT,
  expectAlert,
  expectRoute,
  expectStatus,
  expectText,
  minutesOf,
  payByCard,
  saveCard,
  search,
  typeUntilHeld,
  visit,
} from '../support/machines/wizard-in-app';

const VENUE_IDS = { leclos: LECLOS, hopsze: HOPSZE };

const api = useAppHarness({ afterEach: () => (vi.restoreAllMocks(), vi.useRealTimers()) });
const guests = bookingGuests(api);
const paths = selectBookingPaths();
const seen = new Set<string>();
let replayed = 0;

// The wizard's steps load lazily: loaded ahead, so a cold transform does not outlast a step's wait.
beforeAll(() => Promise.all([import('../../src/app'), import('../../src/routes/experience'), import('../../src/routes/login')]));

describe('booking chart, generated paths in the app', () => {
  it.each(paths.map((plan, i) => [`${plan.startsLoggedIn ? '' : '(logs in on the way) '}${plan.title}`, plan, i] as const))('%s', async (_, plan, index) => {
    // Only the timers the app waits on and its clock: React's own scheduling (setImmediate) stays real, and quick.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // No pause between a person's input events: under fake timers each one would wait for the clock's next tick.
    const user = userEvent.setup({ delay: null });
    const gate = gateCalls(ACTOR_CALLS);
    const guest = await guests.newGuest();
    if (plan.startsLoggedIn) await storeSession(api(), guest.email, GUEST_PASSWORD);
    const scenario = plan.scenario;
    // This path's own day, so no path takes another's table; inside the 30 days guests book Bâtard (the
    // overlapping booking elsewhere is a Set Lunch there).
    const today = hongKongDate(api().clock.now());
    const day = addDays(today, 7 + index);
    /** Times someone else took during the path, and the time the guest last picked. */
    const taken = new Set<string>();
    let picked: string | undefined;
    let opened = false;
    const steps = plan.path.steps;

    for (let i = 1; i < steps.length; i++) {
      const before = steps[i - 1]!.state;
      const after = steps[i]!.state;
      const name = plan.events[i - 1]!;
      if (STATE_AFTER[name]) expect(after.matches(STATE_AFTER[name]!), `where docs/PRODUCT.md puts ${name}`).toBe(true);
      // Calls the next state makes are held, so the page can be read while they are on their way.
      const entering = Object.keys(after.children).filter((id) => !CHILD_CHARTS.includes(id) && !(id in before.children));
      if (CALL_AFTER[name]) expect(entering, `the call after ${name}`).toEqual([CALL_AFTER[name]]);
      // The app keeps a read (the venue, the profile) for 30 s; the guest takes longer to choose, so the
      // next step reads afresh and can be seen loading.
      if ((name === 'start' && opened) || name === 'pickSlot' || name === 'pickSeating') await advanceBoth(api(), 31_000);
      entering.forEach((id) => gate.arm(id));
      await perform(name, i - 1);
      for (const id of entering) await waitFor(() => expect(gate.isHeld(id), `a ${id} call on its way`).toBe(true), CALL_WAIT);
      await expectSeen(after, name);
      activeStateIds(after).forEach((id) => seen.add(id));
    }
    replayed++;

    function need() {
      if (!scenario) throw new Error('This step needs a scenario');
      return scenario;
    }

    /** Someone else holds the only table that fits the party at `time` on `date`. */
    async function holdElsewhere(date: string, time: string) {
      const s = need();
      const other = await guests.newGuest();
      await guests.book(other, { venueId: VENUE_IDS[s.domain], experience: s.experience, date, startTime: minutesOf(time), numberOfGuests: s.guests }, { hold: true });
    }

    async function perform(name: EventName, at: number) {
      const next = (names: EventName[]) => plan.events.slice(at + 1).find((e) => names.includes(e));
      // An answer arriving: the call it answers goes through.
      const answered = BOOKING_ANSWER_OF[name];
      if (answered) return gate.release(answered);
      switch (name) {
        case 'start': {
          const route = `/pages/experience?domain=${scenario?.domain ?? 'nowhere'}`;
          if (opened) return visit(route);
          opened = true;
          return openApp(route);
        }
        case 'pickExperience':
          return user.click(await screen.findByRole('button', { name: new RegExp(`^${escape(need().experience)}`) }, SLOW));
        case 'search': {
          const s = need();
          const outcome = next(['slotsWithChoice', 'slotsOneArea', 'notServed', 'fullyBooked', 'searchRefused']);
          let date = s.servedWeekday ? onWeekday(day, s.servedWeekday) : day;
          if (outcome === 'notServed') date = onWeekday(day, s.closedWeekday!);
          if (outcome === 'searchRefused') date = addDays(today, 120);
          if (outcome === 'fullyBooked') for (const time of s.onlyTable!.times) await holdElsewhere(date, time);
          // A returning visitor's session has loaded (the menu offers to log out) before the search.
          if (plan.startsLoggedIn) await screen.findByRole('button', { name: 'Log out', hidden: true }, SLOW);
          return search(user, date, s.guests);
        }
        case 'searchTooLarge': {
          await findHeading(STEP_HEADINGS.dateParty);
          await user.selectOptions(screen.getByLabelText('Party size'), String(need().domain === 'hopsze' ? 8 : 11));
          return user.click(screen.getByRole('button', { name: 'Find a table' }));
        }
        case 'pickSlot': {
          const s = need();
          picked = taken.has(s.time) ? s.otherTime : s.time;
          await findHeading(STEP_HEADINGS.timeslot);
          return user.click(await screen.findByRole('button', { name: picked }, SLOW));
        }
        case 'pickSeating':
          await findHeading(STEP_HEADINGS.seating);
          return user.click(screen.getByRole('button', { name: /^No preference/ }));
        case 'logIn':
          // The guest-identity chart's log-in branch: the details step's 'Log in', then the log-in page.
          await findHeading(STEP_HEADINGS.details);
          await user.click(await screen.findByRole('button', { name: 'Log in' }, SLOW));
          await findHeading(STEP_HEADINGS.login);
          await expectRoute('/pages/login');
          await typeUntilHeld(user, 'E-mail', guest.email);
          await typeUntilHeld(user, 'Password', GUEST_PASSWORD);
          return user.click(screen.getByRole('button', { name: 'Log in' }));
        case 'continueAsGuest': {
          // Its guest branch: the guest's own name and number, the code texted to them, and the session it opens.
          await findHeading(STEP_HEADINGS.details);
          await screen.findByRole('heading', { name: 'Continue as a guest' }, SLOW);
          await typeUntilHeld(user, 'First name', guest.firstName);
          await typeUntilHeld(user, 'Last name', 'Chan');
          await typeUntilHeld(user, 'E-mail', guest.email);
          await typeUntilHeld(user, 'Mobile number', guest.mobileNumber);
          await user.click(screen.getByRole('button', { name: 'Text me a code' }));
          await findHeading(STEP_HEADINGS.verify);
          await expectText(new RegExp(escape(formatPhoneNumber('852', guest.mobileNumber)!)));
          await screen.findByLabelText('Verification code', {}, SLOW);
          await typeUntilHeld(user, 'Verification code', await guests.smsCode(guest.mobileNumber));
          return user.click(screen.getByRole('button', { name: 'Verify' }));
        }
        case 'taken':
          // Someone else is quicker: the only table that fits is held for them first.
          await holdElsewhere(day, picked!);
          taken.add(picked!);
          return gate.release('createReservation');
        case 'submitDetails':
          await findHeading(STEP_HEADINGS.details);
          return user.click(await screen.findByRole('button', { name: 'Continue' }, SLOW));
        case 'verified': {
          // The phone verification chart's own paths (codes refused, not sent, sent again) are its tests'.
          await screen.findByLabelText('Verification code', {}, SLOW);
          await typeUntilHeld(user, 'Verification code', await guests.smsCode(guest.mobileNumber));
          return user.click(screen.getByRole('button', { name: 'Verify' }));
        }
        case 'agree':
          return agree(user);
        case 'paid':
          return payByCard(user, TEST_CARDS.visa);
        case 'cardSaved':
          return saveCard(user, TEST_CARDS.visa);
        case 'lapsedMeanwhile':
          // The confirmation reaches the server only after the hold ran out there (the page's clock stays).
          api().clock.advanceMinutes(16);
          return gate.release('completeReservation');
        case 'overlapping': {
          // Meanwhile the same guest booked another venue at the same time (from another device).
          const elsewhere = need().domain === 'hopsze' ? { venueId: OBE, experience: 'Bar Seating' } : { venueId: BATARD, experience: 'Set Lunch' };
          await guests.book(guest, { ...elsewhere, date: day, startTime: minutesOf(picked!) });
          return gate.release('completeReservation');
        }
        case 'holdExpires':
          return advanceBoth(api(), 15 * 60_000 + 2_000);
        case 'reload': {
          // A new page of the same tab: the app's memory is gone, its session storage stays.
          const at = address();
          cleanup();
          invalidate();
          return openApp(at);
        }
        case 'visitExperience':
          return visit('/pages/experience');
        case 'visitBook':
          return visit('/pages/book');
        case 'visitTimeslot':
          return visit('/pages/timeslot');
        case 'visitSeating':
          return visit('/pages/seating');
        case 'visitProfile':
          return visit('/pages/profile');
        case 'visitConfirm':
          return visit('/pages/confirm');
        case 'restart':
          return user.click(await screen.findByRole('button', { name: /^(Make another booking|Make a new reservation)$/ }, SLOW));
      }
    }

    /** The state as the guest sees it. */
    async function expectSeen(snapshot: AnyMachineSnapshot, cause: EventName) {
      const problem = snapshot.context.problem as { kind: string } | null;
      const route = routeOf(snapshot);
      if (route) await expectRoute(route);
      const heading = (step: keyof typeof STEP_HEADINGS) => findHeading(STEP_HEADINGS[step]);

      if (snapshot.matches('idle')) {
        await screen.findByText('Choose a venue to start your booking.', {}, SLOW);
        if (problem?.kind === 'call') await expectAlert('The venue information does not exist');
        return;
      }
      if (snapshot.matches('loadingVenue')) {
        await heading('experience');
        return expectStatus('Loading the venue…');
      }
      if (snapshot.matches({ draft: 'experience' })) {
        await heading('experience');
        return screen.findByRole('button', { name: new RegExp(`^${escape(need().experience)}`) }, SLOW);
      }
      if (snapshot.matches({ draft: 'dateParty' })) {
        await heading('dateParty');
        await screen.findByRole('button', { name: 'Find a table' }, SLOW);
        const texts: Record<string, string> = {
          'no-availability': 'No Availability',
          'no-timeslot': 'No time slot available',
          call: 'Reservations open 90 days in advance',
        };
        if (problem) return expectAlert(texts[problem.kind]!);
        return expect(alerts()).toEqual([]);
      }
      if (snapshot.matches({ draft: 'loadingSlots' })) {
        await heading('dateParty');
        return expectStatus('Finding tables…');
      }
      if (snapshot.matches({ draft: 'timeslot' })) {
        await heading('timeslot');
        const s = need();
        await screen.findByRole('button', { name: taken.has(s.time) ? s.otherTime : s.time }, SLOW);
        if (problem?.kind === 'unavailable') {
          await expectAlert('Sorry, your selection is unavailable');
          expect(screen.queryByRole('button', { name: s.time })).toBeNull();
        }
        return;
      }
      if (snapshot.matches({ draft: 'seating' })) {
        await heading('seating');
        return screen.findByRole('button', { name: /^No preference/ }, SLOW);
      }
      if (snapshot.matches({ draft: 'identifying' })) {
        // The details step before logging in (the guest-identity chart's first page): log in or sign up, or continue as a guest.
        await heading('details');
        await screen.findByRole('heading', { name: 'Continue as a guest' }, SLOW);
        await screen.findByRole('button', { name: 'Log in' }, SLOW);
        return expect(alerts()).toEqual([]);
      }
      // Holding a table or giving it up has no page of its own: the step the guest is on waits.
      if (snapshot.matches({ draft: 'creating' }) || snapshot.matches('releasing')) {
        return expectStatus('One moment…');
      }
      if (snapshot.matches('holding')) {
        // The countdown runs on every held step.
        await expectText(/Your table is held for\s*\d+:\d\d/);
        return expectHeldStep(snapshot, cause);
      }
      if (snapshot.matches('completing')) {
        await heading('confirm');
        return expectStatus('Confirming your reservation…');
      }
      if (snapshot.matches('completed')) {
        await heading('result');
        await screen.findByText(/^Reference /, {}, SLOW);
        return screen.findByRole('button', { name: 'Make another booking' }, SLOW);
      }
      if (snapshot.matches('expired')) {
        await heading('expired');
        if (problem?.kind === 'completion') await screen.findByText('Your reservation has expired. Please make a new reservation', {}, SLOW);
        await expectText(/The table was held for 15 minutes and has been released/);
        return screen.findByRole('button', { name: 'Make a new reservation' }, SLOW);
      }
      if (snapshot.matches('warning')) {
        await heading('warning');
        const texts: Record<string, RegExp> = {
          'party-too-large': /Online bookings are for up to \d+ guests/,
          'members-only': /This experience is reserved for Club members\./,
          overlap: /You have an overlapping Reservation at another venue/,
        };
        await expectText(texts[(snapshot.context.warning as { kind: string }).kind]!);
        return screen.findByRole('button', { name: 'Make a new reservation' }, SLOW);
      }
      throw new Error(`No view known for ${JSON.stringify(snapshot.value)} (after ${cause})`);
    }

    async function expectHeldStep(snapshot: AnyMachineSnapshot, cause: EventName) {
      const at = (step: string | object) => snapshot.matches({ holding: { step } } as never);
      if (at({ created: 'prefilling' })) {
        await findHeading(STEP_HEADINGS.details);
        return expectStatus('Loading your details…');
      }
      if (at({ created: 'details' })) {
        await findHeading(STEP_HEADINGS.details);
        // Filled in from the guest's profile.
        await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe(guest.firstName), SLOW);
        return expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe(guest.mobileNumber);
      }
      if (at({ created: 'verify' })) {
        // The phone verification chart runs the page: the code is sent, then asked for.
        await findHeading(STEP_HEADINGS.verify);
        // The number as the app shows it since numbers are read with libphonenumber-js: '+852 6300 0001'.
        await expectText(new RegExp(escape(formatPhoneNumber('852', guest.mobileNumber)!)));
        await screen.findByLabelText('Verification code', {}, SLOW);
        await waitFor(() => expect((screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(false), SLOW);
        return expect(alerts()).toEqual([]);
      }
      if (at({ created: 'confirm' })) {
        await findHeading(STEP_HEADINGS.confirm);
        return screen.findByRole('button', { name: confirmLabel(snapshot) }, SLOW);
      }
      if (at('awaitingCard')) {
        // The terms in words before the card: nothing now, the fee and the last moment to cancel.
        await findHeading(STEP_HEADINGS.card);
        await screen.findByText(/^No charge now\. HK\$500 a guest if you do not come or cancel after /, {}, SLOW);
        return screen.findByRole('form', { name: 'Card details' }, SLOW);
      }
      if (at('awaitingPayment')) {
        await findHeading(STEP_HEADINGS.payment);
        return waitFor(() => expect(screen.queryByRole('form', { name: 'Card details' }) ?? screen.queryByRole('button', { name: /^Pay .+ by card$/ })).not.toBeNull(), SLOW);
      }
      throw new Error(`No view known for ${JSON.stringify(snapshot.value)} (after ${cause})`);
    }
  }, 60_000);

  it('saw every state of the chart on the page (when every path ran)', ({ skip }) => {
    // Only a run of every path can tell.
    if (replayed !== paths.length) return skip();
    expect(BOOKING_STATES.filter((id) => !seen.has(id))).toEqual([]);
  });
});

/** The first date from `from` that falls on ISO weekday `weekday`. */
const onWeekday = (from: string, weekday: number) => addDays(from, (weekday - isoWeekday(from) + 7) % 7);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
