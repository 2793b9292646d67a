// @vitest-environment jsdom
/**
 * The reservation pages in the whole app against the real API: the list grouped as docs/PRODUCT.md §4 says, one
 * reservation with its inline change form (a change that goes through and one the server refuses), and
 * cancelling with the consequence stated first (free and late, by the page or the link's one-tap cancel), including a failed call.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { reservations, users } from '../../../server/db/schema';
import { cancellationTerms } from '../../../src/manage/cancellation-terms';
import { reservation as reservationFixture, venue as venueFixture } from '../../support/fixtures/booking';
import { experienceIdByName, OBE, UNKNOWN_ID } from '../../support/server/fixtures';
import { TEST_NOW } from '../../support/server/harness';
import { CARD_EXPIRY } from '../../support/ui/booking-walk';
import { insertPastReservations } from '../../support/server/past-reservations';
import { findHeading, openApp, openAs, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { failOnce } from '../../support/ui/fetch-watch';
import { GUEST_PASSWORD, leClos, manageScenes, type Booking } from '../../support/ui/manage-scenes';
import { address, fieldTexts, findText, region, SLOW } from '../../support/ui/page-queries';

// The page judges "upcoming" on the server's clock, which answers at TEST_NOW (Mon 23 Nov 2026, 10:00 HK).
const api = useAppHarness({
  // Tests move both clocks and stub fetch; each starts again from the fixed now and the real API.
  afterEach: (started) => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    started.clock.set(TEST_NOW);
  },
});

const PASSWORD = GUEST_PASSWORD;
const { newGuest, book, bookPaidDeposit, cancelOnServer, serverReservation, mailedToken } = manageScenes(api);

/** A fresh guest's `booking` (canceled on the server first, if asked), opened on its order or cancel page. */
async function openBooked(page: 'order' | 'cancel', booking: Booking, { canceled = false } = {}) {
  const guest = await newGuest();
  const booked = await book(guest, booking);
  if (canceled) await cancelOnServer(guest, booked._id);
  const heading = page === 'order' ? 'Your reservation' : 'Cancel reservation';
  await openAs(api(), [guest.email, PASSWORD], `/pages/${page}?id=${booked._id}`, heading);
  return { guest, booked };
}

/** Through the booking's manage link: the change form asked for six guests at noon, and Continue to its review. */
async function askForSixThroughTheLink(user: ReturnType<typeof userEvent.setup>, booked: { uniqueId: string }) {
  await openApp(`/pages/manage?token=${encodeURIComponent(await mailedToken(booked.uniqueId))}`);
  await findHeading('Your reservation');
  const { form, times } = await openChangeForm(user);
  await times.read();
  await user.selectOptions(within(form).getByLabelText('Guests'), '6');
  await times.read();
  await times.pick('12:00 pm');
  await user.click(within(form).getByRole('button', { name: 'Continue' }));
}

/** Saves a change that costs nothing more: its review first, then Save changes. */
async function saveChange(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('button', { name: 'Save changes' }, SLOW));
}

/** Opens the change form of the reservation shown; its times (the wizard's time buttons) are `times`. */
async function openChangeForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Change' }, SLOW));
  const form = await screen.findByRole('form', { name: 'Change reservation' }, SLOW);
  const buttons = () => within(within(form).getByRole('group', { name: 'Time' })).queryAllByRole('button');
  const times = {
    /** Waits until the day's times are read and may be picked. */
    read: () => waitFor(() => expect(within(form).queryByText('Checking availability…')).toBeNull(), SLOW),
    offered: () => buttons().map((button) => button.textContent),
    picked: () => buttons().filter((button) => button.getAttribute('aria-pressed') === 'true').map((button) => button.textContent),
    pick: (time: string) => user.click(within(within(form).getByRole('group', { name: 'Time' })).getByRole('button', { name: time })),
  };
  return { form, times };
}

const cardsIn = (section: HTMLElement) => within(section).queryAllByRole('listitem');

describe('the reservation list', () => {
  it('groups upcoming (by date, then time), an empty waitlist and past, with docs/PRODUCT.md §4 labels', async () => {
    const guest = await newGuest();
    // A reservation that ended three weeks ago: booked back then on the server's clock.
    api().clock.set('2026-11-01T02:00:00Z');
    const expired = await book(guest, leClos('2026-11-02', 720));
    api().clock.set(TEST_NOW);
    const later = await book(guest, leClos('2026-11-30', 1140, 1));
    const sooner = await book(guest, leClos('2026-11-25', 720));
    const sameDayLater = await book(guest, leClos('2026-11-25', 1200, 3));
    const canceled = await book(guest, { venueId: OBE, experience: 'Bar Seating', date: '2026-11-26', startTime: 1200 });
    expect(await cancelOnServer(guest, canceled._id)).toBe('CANCELED');
    const late = await book(guest, leClos('2026-11-23', 1200));
    expect(await cancelOnServer(guest, late._id)).toBe('LATE_CANCELED');
    const pending = await book(guest, leClos('2026-12-02', 1140), { hold: true });

    await openAs(api(), [guest.email, PASSWORD], '/pages/order', 'My reservations');

    const upcoming = cardsIn(await region('Upcoming'));
    // A booking held and not yet finished is with the upcoming ones (it was once under Past as Pending).
    expect(upcoming.map((card) => fieldTexts(card).Reference)).toEqual([
      sooner.uniqueId,
      sameDayLater.uniqueId,
      later.uniqueId,
      pending.uniqueId,
    ]);
    expect(fieldTexts(upcoming[3]!)).toMatchObject({ Status: 'Pending' });
    expect(fieldTexts(upcoming[0]!)).toEqual({
      Date: '25 Nov 2026',
      Time: '12:00 pm',
      Guests: '2 guests',
      Reference: sooner.uniqueId,
      Status: 'Confirmed',
    });
    expect(within(upcoming[0]!).getByRole('heading', { level: 3 }).textContent).toBe('Le Clos');
    expect(within(upcoming[0]!).getByText('À la Carte')).toBeTruthy();
    expect(fieldTexts(upcoming[1]!)).toMatchObject({ Time: '8:00 pm', Guests: '3 guests' });
    expect(fieldTexts(upcoming[2]!)).toMatchObject({ Date: '30 Nov 2026', Time: '7:00 pm', Guests: '1 guest' });

    // The waitlist group loads its entries on its own, after the reservations: wait for its word.
    expect(await within(await region('Waitlist')).findByText('You are not on any waitlist.', {}, SLOW)).toBeTruthy();

    const past = cardsIn(await region('Past'));
    const statusOf = Object.fromEntries(past.map((card) => [fieldTexts(card).Reference, fieldTexts(card).Status]));
    expect(statusOf).toEqual({
      [expired.uniqueId]: 'Expired',
      [canceled.uniqueId]: 'Canceled',
      [late.uniqueId]: 'Canceled Late',
    });
    // Each card opens the reservation's own page.
    expect(within(upcoming[0]!).getByRole('link', { name: `Details of reservation ${sooner.uniqueId}` }).getAttribute('href')).toBe(
      `#/pages/order?id=${sooner._id}`,
    );
  });

  it('lists a confirmed meal that has ended since the server answered as Expired, before the server says so', async () => {
    const guest = await newGuest();
    // Breakfast 9:15–10:45 am today, booked at 8:00 am.
    api().clock.set('2026-11-23T00:00:00Z');
    const breakfast = await book(guest, leClos('2026-11-23', 555));
    // At 10:44:50 am the server has it CONFIRMED (under way), and so does the list it hands the page.
    api().clock.set('2026-11-23T02:44:50Z');
    await storeSession(api(), guest.email, PASSWORD);
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await openApp('/pages/order');
    await findHeading('My reservations');
    expect(fieldTexts(cardsIn(await region('Upcoming'))[0]!)).toMatchObject({ Reference: breakfast.uniqueId, Status: 'Confirmed' });
    first.unmount();
    // Twenty seconds later on both clocks the meal has ended; the page shows the list it keeps (still CONFIRMED).
    api().clock.advance(20_000);
    vi.setSystemTime(Date.now() + 20_000);
    await openApp('/pages/order');
    await findHeading('My reservations');

    expect(within(await region('Upcoming')).getByText('No Available Reservations')).toBeTruthy();
    const [card] = cardsIn(await region('Past'));
    expect(fieldTexts(card!)).toMatchObject({ Reference: breakfast.uniqueId, Time: '9:15 am', Status: 'Expired' });
  });

  it("lists the guest's waitlist entries with their status, and leaves one after asking", async () => {
    const [guest, other] = [await newGuest(), await newGuest()];
    // Only Obe's K1 seats eight: once it is booked at 8 pm, the guest waits for 7 to 9 pm.
    await book(other, { venueId: OBE, experience: 'Bar Seating', date: '2026-11-30', startTime: 1200, numberOfGuests: 8 });
    const experienceId = await experienceIdByName(api().deps.db, OBE, 'Bar Seating');
    const joined = await api().request('POST', '/user/waitlist', {
      token: await guest.token(),
      body: { venueId: OBE, experienceId, date: '2026-11-30', numberOfGuests: 8, earliestTime: 1140, latestTime: 1260 },
    });
    expect(joined.body.data.status).toBe('WAITING');
    const user = userEvent.setup();
    await openAs(api(), [guest.email, PASSWORD], '/pages/order', 'My reservations');

    // The waitlist loads apart from the reservations: its group may be drawn before its entries come.
    const waitlist = await region('Waitlist');
    await waitFor(() => expect(cardsIn(waitlist)).toHaveLength(1), SLOW);
    const [card] = cardsIn(waitlist);
    expect(within(card!).getByRole('heading', { level: 3 }).textContent).toBe('Obe');
    expect(fieldTexts(card!)).toMatchObject({ Times: '7:00 pm – 9:00 pm', Guests: '8 guests', Status: 'Waiting' });
    await user.click(within(card!).getByRole('button', { name: 'Leave the waitlist' }));
    await user.click(within(card!).getByRole('button', { name: 'Yes, leave the waitlist' }));
    expect(await within(card!).findByText('You have left the waitlist.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(fieldTexts(cardsIn(screen.getByRole('region', { name: 'Waitlist' }))[0]!).Status).toBe('Left the waitlist'), SLOW);
    expect(within(screen.getByRole('region', { name: 'Waitlist' })).queryByRole('button', { name: 'Leave the waitlist' })).toBeNull();
  });

  it('shows 20 past reservations and the older ones 20 at a time on "Show more", from the keyboard', async () => {
    const guest = await newGuest();
    const [user] = await api().deps.db.select().from(users).where(like(users.email, guest.email));
    const pastIds = await insertPastReservations(api().deps.db, user!.id, '2026-11-23', 45, 7 * 60);
    const keyboard = userEvent.setup();
    await openAs(api(), [guest.email, PASSWORD], '/pages/order', 'My reservations');

    const past = await region('Past');
    expect(cardsIn(past)).toHaveLength(20);
    const more = within(past).getByRole('button', { name: 'Show more' });
    more.focus();
    await keyboard.keyboard('{Enter}');
    await waitFor(() => expect(cardsIn(past)).toHaveLength(40), SLOW);
    expect(within(past).getByRole('status').textContent).toBe('Showing 40 past reservations');
    expect(document.activeElement).toBe(more);
    await keyboard.keyboard('{Enter}');
    await waitFor(() => expect(cardsIn(past)).toHaveLength(45), SLOW);
    // The last page takes the button away; the keyboard stays at the end of the list, where it is said how many there are.
    expect(within(past).queryByRole('button', { name: 'Show more' })).toBeNull();
    // The focus moves in an effect after the render that removed the button.
    await waitFor(() => expect(document.activeElement).toBe(within(past).getByRole('status')));
    expect(within(past).getByRole('status').textContent).toBe('Showing 45 past reservations');
    expect(fieldTexts(cardsIn(past).at(-1)!).Reference).toBe(`PAST-${user!.id.slice(-6)}-44`);
    expect(new Set(cardsIn(past).map((card) => fieldTexts(card).Reference)).size).toBe(pastIds.length);
  });

  it("says 'No Available Reservations' in the groups of bookings when there are none, and the waitlist's own words", async () => {
    const guest = await newGuest();
    await openAs(api(), [guest.email, PASSWORD], '/pages/order', 'My reservations');
    for (const name of ['Upcoming', 'Past']) {
      expect(await within(await region(name)).findByText('No Available Reservations', {}, SLOW)).toBeTruthy();
    }
    expect(await within(await region('Waitlist')).findByText('You are not on any waitlist.', {}, SLOW)).toBeTruthy();
  });
});

describe('one reservation', () => {
  it('shows every detail, with Change and Cancel for an upcoming confirmed one', async () => {
    const { booked } = await openBooked('order', leClos('2026-11-27', 1140, 4));

    const details = await region(`Reservation ${booked.uniqueId}`);
    expect(fieldTexts(details)).toMatchObject({
      Venue: 'Le Clos',
      Experience: 'À la Carte',
      Date: '27 Nov 2026',
      Time: '7:00 pm – 8:30 pm',
      Guests: '4 guests',
      Reference: booked.uniqueId,
      Status: 'Confirmed',
      Name: 'Grace Chan',
    });
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(`#/pages/cancel?id=${booked._id}`);
  });

  it('offers neither Change nor Cancel for a canceled one, and says so for an unknown id', async () => {
    const { booked } = await openBooked('order', leClos('2026-11-28', 1140), { canceled: true });
    expect(fieldTexts(await region(`Reservation ${booked.uniqueId}`)).Status).toBe('Canceled');
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancel' })).toBeNull();
    cleanup();

    await openApp(`/pages/order?id=${UNKNOWN_ID}`);
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('Reservation not found');
    expect(screen.getByRole('link', { name: 'Back to my reservations' })).toBeTruthy();
  });

  it('changes date, party and time in the page: the times follow the new day and party', async () => {
    const user = userEvent.setup();
    const { guest, booked } = await openBooked('order', leClos('2026-11-27', 720));
    const { form, times } = await openChangeForm(user);
    // The form starts from the reservation as it is.
    expect((within(form).getByLabelText('Date') as HTMLInputElement).value).toBe('2026-11-27');
    expect((within(form).getByLabelText('Guests') as HTMLSelectElement).value).toBe('2');
    await times.read();
    expect(times.picked()).toEqual(['12:00 pm']);

    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2026-11-29' } });
    await user.selectOptions(within(form).getByLabelText('Guests'), '4');
    await times.read();
    // 29 Nov is a Sunday: no breakfast, so the first time offered is lunch at 11:00 am; the time picked stays while it is offered.
    expect(times.offered()[0]).toBe('11:00 am');
    expect(times.picked()).toEqual(['12:00 pm']);
    await times.pick('8:00 pm');
    expect(times.picked()).toEqual(['8:00 pm']);
    await saveChange(user);

    const changed = await findText('Your reservation has been changed.');
    // The outcome has the focus, so it is in view and heard (docs/PRODUCT.md §9).
    await waitFor(() => expect(document.activeElement).toBe(changed), SLOW);
    expect(fieldTexts(await region(`Reservation ${booked.uniqueId}`))).toMatchObject({
      Date: '29 Nov 2026',
      Time: '8:00 pm – 9:30 pm',
      Guests: '4 guests',
      Status: 'Confirmed',
    });
    expect(await serverReservation(guest, booked._id)).toMatchObject({ date: '2026-11-29', startTime: 1200, numberOfGuests: 4 });
  });

  it("keeps the form with 'Sorry, your selection is unavailable' when the time is taken meanwhile", async () => {
    const user = userEvent.setup();
    const { guest, booked } = await openBooked('order', leClos('2026-12-01', 780));
    const { form, times } = await openChangeForm(user);
    await times.read();

    // Ten guests fit one table only at Le Clos; another party takes it at 7:00 pm while the form is open.
    await user.selectOptions(within(form).getByLabelText('Guests'), '10');
    await times.read();
    await times.pick('7:00 pm');
    await book(await newGuest(), leClos('2026-12-01', 1140, 10));
    await user.click(within(form).getByRole('button', { name: 'Continue' }));

    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('Sorry, your selection is unavailable');
    // What was typed stays; the time is asked again from fresh availability, without 7:00 pm.
    expect((within(form).getByLabelText('Guests') as HTMLSelectElement).value).toBe('10');
    await times.read();
    expect(times.picked()).toEqual([]);
    expect(times.offered()).not.toContain('7:00 pm');
    expect(await serverReservation(guest, booked._id)).toMatchObject({ startTime: 780, numberOfGuests: 2 });
  });
});

describe('cancelling', () => {
  it('states a free cancellation before confirming, then shows Canceled', async () => {
    const user = userEvent.setup();
    const { guest, booked } = await openBooked('cancel', leClos('2026-11-30', 1140));

    const consequence = await region('If you cancel');
    await within(consequence).findByText('Free cancellation', {}, SLOW);
    expect(consequence.textContent).toContain('You are cancelling more than 24 hours before your reservation, so no fee applies.');
    expect(consequence.textContent).toContain('From 29 Nov 2026, 7:00 pm a late cancellation fee would apply.');
    // Nothing has happened yet.
    expect((await serverReservation(guest, booked._id)).status).toBe('CONFIRMED');

    await user.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    const canceled = await findText('Your reservation has been canceled.');
    await waitFor(() => expect(document.activeElement).toBe(canceled), SLOW);
    expect(screen.getByText('New status:').textContent).toBe('New status: Canceled');
    expect(screen.getByRole('link', { name: 'Back to my reservations' }).getAttribute('href')).toBe('#/pages/order');
    expect((await serverReservation(guest, booked._id)).status).toBe('CANCELED');
  });

  it('states the late cancellation fee inside the window, then shows Canceled Late', async () => {
    const user = userEvent.setup();
    const { guest, booked } = await openBooked('cancel', leClos('2026-11-23', 1200, 3));

    const consequence = await region('If you cancel');
    await within(consequence).findByText('Late cancellation', {}, SLOW);
    // Nothing was paid for the à la carte table, so nothing can be kept (as the server does).
    expect(consequence.textContent).toContain('Nothing was paid up front, so no late cancellation fee is charged.');
    expect(consequence.textContent).not.toContain('HK$');

    await user.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    expect(await findText('Your reservation has been canceled.')).toBeTruthy();
    expect(screen.getByText('New status:').textContent).toBe('New status: Canceled Late');
    expect((await serverReservation(guest, booked._id)).status).toBe('LATE_CANCELED');
  });

  it("states the fee of the party's size tier, the one the server then keeps", async () => {
    const user = userEvent.setup();
    const guest = await newGuest();
    // Six at noon today (inside Le Clos's 24 hours): HK$1,800 deposit, and Le Clos's tier from six is HK$300 a guest.
    const booked = await bookPaidDeposit(guest, '2026-11-23', 6);
    await openAs(api(), [guest.email, PASSWORD], `/pages/cancel?id=${booked._id}`, 'Cancel reservation');
    const consequence = await region('If you cancel');
    await within(consequence).findByText('Late cancellation', {}, SLOW);
    expect(consequence.textContent).toContain('Late cancellation fee: HK$1,800 (HK$300 per person for 6 guests).');

    await user.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    expect(await findText('Your reservation has been canceled.')).toBeTruthy();
    const [row] = await api().deps.db.select().from(reservations).where(eq(reservations.id, booked._id));
    expect(row).toMatchObject({ status: 'LATE_CANCELED', feeKept: 180_000 });
    // The reservation then says the fee kept, though nothing came back (the fee kept the whole deposit).
    cleanup();
    await openAs(api(), [guest.email, PASSWORD], `/pages/order?id=${booked._id}`, 'Your reservation');
    const kept = await findText('Late cancellation fee kept');
    expect(kept.nextElementSibling!.textContent).toBe('HK$1,800');
  });

  it("says 'Cancellation failed' when the call fails, and lets the guest try again", async () => {
    const user = userEvent.setup();
    const { guest, booked } = await openBooked('cancel', leClos('2026-12-03', 1140));
    await within(await region('If you cancel')).findByText('Free cancellation', {}, SLOW);

    failOnce('PUT', `/user/reservation/v1.1/cancel/${booked._id}`, () => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Cancellation failed');
    expect(alert.textContent).toContain('We could not reach the club. Please check your connection and try again.');
    expect((await serverReservation(guest, booked._id)).status).toBe('CONFIRMED');
    // The page stays usable: the consequence is still there and the guest may try again.
    expect(screen.getByText('Free cancellation')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findText('Your reservation has been canceled.')).toBeTruthy();
    expect((await serverReservation(guest, booked._id)).status).toBe('CANCELED');
  });

  it('does not offer to cancel a reservation that is already canceled', async () => {
    await openBooked('cancel', leClos('2026-12-04', 1140), { canceled: true });
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('Only an upcoming confirmed reservation can be canceled.');
    expect(screen.queryByRole('button', { name: 'Cancel reservation' })).toBeNull();
  });
});

describe('cancellation terms', () => {
  const policy = venueFixture.policy;
  const dinner = reservationFixture({ status: 'CONFIRMED', date: '2026-11-25', startTime: 1140, numberOfGuests: 4 });
  const paid = { ...dinner, payment: { ...dinner.payment, prePaymentType: 'DEPOSIT' as const, amountDue: 80000 } };

  it('is free, with the payment refunded, before the window; late from its first minute', () => {
    // The window of 24 hours opens at 7:00 pm on 24 Nov, Hong Kong time (11:00 UTC).
    expect(cancellationTerms(paid, policy, new Date('2026-11-24T10:59:59Z'))).toMatchObject({ kind: 'free', refund: 80000 });
    // HK$300 a guest for 4 is HK$1,200, but only the HK$800 paid can be kept (as the server keeps).
    expect(cancellationTerms(paid, policy, new Date('2026-11-24T11:00:00Z'))).toMatchObject({
      kind: 'late',
      fee: 80000,
      rule: { type: 'PER_PERSON', amountPerPerson: 30000, guests: 4, tierFrom: null },
    });
  });

  it("charges per person by the party's size tier, from a tier above one guest", () => {
    const tiered = { ...policy, cancellationFee: { type: 'PERCENTAGE' as const, amount: 50 }, feesByPartySize: [{ minGuestCount: 1, amount: 10000 }, { minGuestCount: 4, amount: 15000 }] };
    const late = new Date('2026-11-25T00:00:00Z');
    expect(cancellationTerms(paid, tiered, late)).toMatchObject({ kind: 'late', fee: 60000, rule: { type: 'PER_PERSON', amountPerPerson: 15000, guests: 4, tierFrom: 4 } });
    const two = { ...paid, numberOfGuests: 2 };
    expect(cancellationTerms(two, tiered, late)).toMatchObject({ kind: 'late', fee: 40000, rule: { type: 'PERCENTAGE', percent: 50 } });
  });

  it('charges a percentage of the amount paid', () => {
    const percentage = { ...policy, cancellationFee: { type: 'PERCENTAGE' as const, amount: 50 } };
    expect(cancellationTerms(paid, percentage, new Date('2026-11-25T00:00:00Z'))).toMatchObject({
      kind: 'late',
      fee: 40000,
      rule: { type: 'PERCENTAGE', percent: 50 },
      paid: 80000,
    });
  });
});

describe('through the manage link of its mails, logged out', () => {
  /** A fresh guest's booking, opened by its confirmation mail's link with no session stored. */
  async function openByLink(booking: Booking, action?: 'confirm' | 'cancel') {
    const guest = await newGuest();
    const booked = await book(guest, booking);
    const token = await mailedToken(booked.uniqueId);
    await openApp(`/pages/manage?token=${encodeURIComponent(token)}${action ? `&action=${action}` : ''}`);
    await findHeading('Your reservation');
    return { guest, booked, token };
  }

  it('shows the reservation and changes it; the old link then says it was changed', async () => {
    const user = userEvent.setup();
    const { guest, booked, token } = await openByLink(leClos('2026-11-27', 720));
    expect(fieldTexts(await region(`Reservation ${booked.uniqueId}`))).toMatchObject({ Date: '27 Nov 2026', Status: 'Confirmed' });
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm I am coming' })).toBeTruthy();

    const { form, times } = await openChangeForm(user);
    await user.selectOptions(within(form).getByLabelText('Guests'), '3');
    await times.read();
    await times.pick('8:00 pm');
    await saveChange(user);
    expect(await findText('Your reservation has been changed.')).toBeTruthy();
    expect(fieldTexts(await region(`Reservation ${booked.uniqueId}`))).toMatchObject({ Time: '8:00 pm – 9:30 pm', Guests: '3 guests' });
    expect(await serverReservation(guest, booked._id)).toMatchObject({ startTime: 1200, numberOfGuests: 3 });
    // The address moved on to the new version's token, the one the change mail carries.
    const newToken = await mailedToken(booked.uniqueId);
    expect(newToken).not.toBe(token);
    await waitFor(() => expect(address()).toBe(`/pages/manage?token=${newToken}`));
    cleanup();

    await openApp(`/pages/manage?token=${encodeURIComponent(token)}`);
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('This reservation has been changed since this e-mail was sent.');
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });

  it('shows what a bigger party costs before saving, and keeps the booking as it was while the difference is unpaid', async () => {
    const user = userEvent.setup();
    const guest = await newGuest();
    const booked = await bookPaidDeposit(guest, '2026-11-28');
    // Six guests: HK$300 a guest from six, HK$1,800; HK$800 paid, HK$1,000 more, stated before saving.
    await askForSixThroughTheLink(user, booked);
    const review = await screen.findByRole('region', { name: 'Check your change' }, SLOW);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Check your change'));
    expect(within(review).getByRole('status').textContent).toBe('New deposit: HK$1,800. Paid so far: HK$800.Difference to pay before the change is made: HK$1,000.');
    // Not a member through the link: the card only, and nothing saved yet.
    expect(within(review).queryByRole('button', { name: /wallet/ })).toBeNull();
    expect(within(review).queryByRole('button', { name: 'Save changes' })).toBeNull();
    await user.click(within(review).getByRole('button', { name: 'Pay HK$1,000 by card' }));

    // The new time is held while the card pays the difference; the booking is as it was meanwhile.
    const paying = await screen.findByRole('region', { name: 'Pay the difference' }, SLOW);
    expect(within(paying).getByText(/Your table is held for/)).toBeTruthy();
    expect(await serverReservation(guest, booked._id)).toMatchObject({ numberOfGuests: 4, payment: { amountDue: 80_000 } });
    await user.type(await within(paying).findByLabelText('Cardholder name', {}, SLOW), 'Grace Chan');
    await user.type(within(paying).getByLabelText('Card number'), '4242424242424242');
    await user.type(within(paying).getByLabelText('Expiry (MM/YY)'), CARD_EXPIRY);
    await user.type(within(paying).getByLabelText('Security code'), '123');
    await user.click(within(paying).getByRole('button', { name: 'Pay HK$1,000' }));

    expect(await findText('Your reservation has been changed.')).toBeTruthy();
    expect(fieldTexts(await region(`Reservation ${booked.uniqueId}`))).toMatchObject({ Guests: '6 guests' });
    expect(await serverReservation(guest, booked._id)).toMatchObject({ numberOfGuests: 6, payment: { amountDue: 180_000 } });
  });

  it('keeps the booking as it was when the guest leaves the payment of a change', async () => {
    const user = userEvent.setup();
    const guest = await newGuest();
    const booked = await bookPaidDeposit(guest, '2026-12-02');
    await askForSixThroughTheLink(user, booked);
    await user.click(await screen.findByRole('button', { name: 'Pay HK$1,000 by card' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Keep my booking as it was' }, SLOW));
    // Back at the form, the booking untouched, and the held time released.
    await screen.findByRole('form', { name: 'Change reservation' }, SLOW);
    expect(await serverReservation(guest, booked._id)).toMatchObject({ numberOfGuests: 4, payment: { amountDue: 80_000 } });
  });

  it('says so when the time held for the change runs out before the card pays, back at the form with the booking as it was', async () => {
    // Timers are fake but run with real time, so the page's own waits work; both clocks jump 15 minutes.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const guest = await newGuest();
    const booked = await bookPaidDeposit(guest, '2026-12-05');
    await askForSixThroughTheLink(user, booked);
    await user.click(await screen.findByRole('button', { name: 'Pay HK$1,000 by card' }, SLOW));
    await screen.findByRole('region', { name: 'Pay the difference' }, SLOW);

    api().clock.advanceMinutes(15);
    await act(async () => vi.advanceTimersByTime(15 * 60_000));
    const form = await screen.findByRole('form', { name: 'Change reservation' }, SLOW);
    expect(within(form).getByRole('alert').textContent).toBe('The time held for your change has run out. Your booking stays as it was.');
    expect(screen.queryByRole('region', { name: 'Pay the difference' })).toBeNull();
    expect(await serverReservation(guest, booked._id)).toMatchObject({ numberOfGuests: 4, payment: { amountDue: 80_000 } });
  });

  it('confirms attendance in one tap from the reminder, and shows it', async () => {
    const { guest, booked } = await openByLink(leClos('2026-11-28', 720), 'confirm');
    expect(await findText('Thank you: we have noted that you are coming.')).toBeTruthy();
    expect(fieldTexts(await region(`Reservation ${booked.uniqueId}`)).Reconfirmed).toBe('23 Nov 2026, 10:00 am');
    expect(screen.queryByRole('button', { name: 'Confirm I am coming' })).toBeNull();
    expect((await serverReservation(guest, booked._id)).reconfirmedAt).toBe(TEST_NOW.toISOString());
  });

  it('opens the cancellation with its consequence first, then cancels', async () => {
    const user = userEvent.setup();
    const { guest, booked } = await openByLink(leClos('2026-11-30', 1140), 'cancel');
    await within(await region('If you cancel')).findByText('Free cancellation', {}, SLOW);
    expect((await serverReservation(guest, booked._id)).status).toBe('CONFIRMED');
    await user.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    expect(await findText('Your reservation has been canceled.')).toBeTruthy();
    expect((await serverReservation(guest, booked._id)).status).toBe('CANCELED');
  });

  it("opens the one-tap cancel of a booking inside the window with its fee first, and cancels only when the guest confirms", async () => {
    const user = userEvent.setup();
    const guest = await newGuest();
    // Six at noon today, inside Le Clos's 24 hours: the deposit is kept as the late cancellation fee.
    const booked = await bookPaidDeposit(guest, '2026-11-23', 6);
    await openApp(`/pages/manage?token=${encodeURIComponent(await mailedToken(booked.uniqueId))}&action=cancel`);
    await findHeading('Your reservation');
    const consequence = await region('If you cancel');
    await within(consequence).findByText('Late cancellation', {}, SLOW);
    expect(consequence.textContent).toContain('Late cancellation fee: HK$1,800 (HK$300 per person for 6 guests).');
    // Opening the link cancels nothing: the guest confirms first (or keeps the reservation).
    expect((await serverReservation(guest, booked._id)).status).toBe('CONFIRMED');
    await user.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    expect(await findText('Your reservation has been canceled.')).toBeTruthy();
    const [row] = await api().deps.db.select().from(reservations).where(eq(reservations.id, booked._id));
    expect(row).toMatchObject({ status: 'LATE_CANCELED', feeKept: 180_000 });
  });

  it('says so for a forged link and an expired one, offering nothing to do', async () => {
    const { booked, token } = await openByLink(leClos('2026-12-03', 720));
    cleanup();
    await openApp(`/pages/manage?token=${encodeURIComponent(token.slice(0, -3))}xyz`);
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toMatch(/^This link is not valid/);
    cleanup();
    // A day after the visit ends (3 Dec, 12:00–1:30 pm), on the server's clock.
    api().clock.set('2026-12-04T05:30:00Z');
    await openApp(`/pages/manage?token=${encodeURIComponent(token)}`);
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toMatch(/^This link has expired/);
    expect(screen.queryByText(booked.uniqueId)).toBeNull();
  });
});
