// @vitest-environment jsdom
/**
 * The day sheet in the whole app against the real API: the venue's bookings by service, a guest's
 * booking arriving live (the page's EventSource reads the real stream), the visit's buttons as the chart
 * allows them, a no-show with the fee the server reports, its card charged again from the row (the
 * processor not reached, then charged; a refusal with its reason), a refused change (409) shown and
 * re-read, and a walk-in with no visit count, and a failed re-read that keeps the sheet on screen and says so.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { deliverPendingWebhooks } from '../../../server/services/payments/payment-worker';
import { formatDateTimeFor } from '../../../common/time';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { card } from '../../support/server/payment-helpers';
import { openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

const DAY = '2026-11-24';
let unique = 0;

/**
 * A confirmed booking at Le Clos on DAY for a new guest named `firstName` Test: À la Carte, or with
 * `depositCard` the Rotisserie Sharing Menu, its deposit (HK$200 a guest) paid with that card.
 */
async function book(
  firstName: string,
  startTime: number,
  numberOfGuests = 2,
  { depositCard, guaranteeCard }: { depositCard?: string; guaranteeCard?: string } = {},
): Promise<string> {
  const email = `sheet-${Date.now()}-${++unique}@example.com`;
  const signUp = await api().request('POST', '/user/user/sign-up', { body: { firstName, lastName: 'Test', email, password: 'sheet-pass-1' } });
  expect(signUp.status).toBe(202);
  const { db } = api().deps;
  // The mailed confirmation is the account pages' business: here the address is taken as confirmed.
  await db.update(users).set({ emailVerifiedAt: api().clock.now() }).where(eq(users.email, email));
  const token = await api().login(email, 'sheet-pass-1');
  const experienceId = await experienceIdByName(db, LECLOS, guaranteeCard ? "Chef's Counter" : depositCard ? 'Rotisserie Sharing Menu' : 'À la Carte');
  const held = await api().request('POST', '/user/reservation/v1.1', { token, body: { venueId: LECLOS, experienceId, date: DAY, startTime, numberOfGuests } });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  if (depositCard) {
    const started = await api().request('POST', `/user/reservation/${held.body.data._id}/payment`, { token, body: { method: 'CARD', idempotencyKey: `deposit-${unique}` } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const { intentId, clientSecret } = started.body.data;
    expect((await api().request('POST', `/payments/test-processor/intents/${intentId}/confirm`, { body: card(clientSecret, depositCard) })).status).toBe(200);
    await deliverPendingWebhooks(api().deps);
  }
  if (guaranteeCard) {
    // The test processor takes a card guarantee's setup at its intents' confirm endpoint.
    const started = await api().request('POST', `/user/reservation/${held.body.data._id}/card-guarantee`, { token });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const { clientSecret } = started.body.data as { clientSecret: string };
    const setupId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    expect((await api().request('POST', `/payments/test-processor/intents/${setupId}/confirm`, { body: card(clientSecret, guaranteeCard) })).status).toBe(200);
    // The guest's read of the guarantee asks the processor, and records the card saved.
    expect((await api().request('GET', `/user/reservation/${held.body.data._id}/card-guarantee`, { token })).body.data.status).toBe('SAVED');
  }
  const done = await api().request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
    token,
    body: { firstName, lastName: 'Test', email, mobileCountryCode: '852', mobileNumber: '61234567', agreements: { cancellationPolicy: true, noShowPolicy: true } },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return held.body.data._id;
}

/**
 * jsdom has no EventSource: this one reads the real stream through the page's fetch (the in-process
 * API), enough of the browser's for the sheet's `ready` and `reservation` events.
 */
class StreamEventSource extends EventTarget {
  onerror: (() => void) | null = null;
  private readonly abort = new AbortController();
  constructor(url: string) {
    super();
    void this.read(url);
  }
  private async read(url: string) {
    try {
      const res = await fetch(url, { signal: this.abort.signal });
      if (!res.ok || !res.body) throw new Error(String(res.status));
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          if (type) this.dispatchEvent(new MessageEvent(type, { data: /^data: (.*)$/m.exec(block)?.[1] ?? '' }));
        }
      }
    } catch {
      if (!this.abort.signal.aborted) this.onerror?.();
    }
  }
  close() {
    this.abort.abort();
  }
}

async function openSheetAs(email: string, password: string) {
  return openAsStaff(`/pages/staff/login?redirect=${encodeURIComponent(`/pages/staff/day?venue=leclos&date=${DAY}`)}`, [email, password], 'Day sheet');
}

const rowOf = async (name: string) => (await screen.findByText(name, {}, SLOW)).closest('tr')!;

/** A row's buttons that change the visit or the booking, by their words (the notes' editor is on every row). */
const actionButtons = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent)
    .filter((text) => !text?.startsWith('Edit notes of'));

describe('the day sheet', () => {
  afterEach(() => {
    // Only this file's stand-in: the harness's fetch stays routed to the API.
    delete (globalThis as { EventSource?: unknown }).EventSource;
  });

  it('shows a guest booking live, and works the visit: arrived, seated, and a no-show not charged without a card, undone', async () => {
    (globalThis as { EventSource?: unknown }).EventSource = StreamEventSource;
    // 10:30 on the day: a party is marked arrived or seated from two hours before its booking.
    api().clock.set(new Date(`${DAY}T10:30:00+08:00`));
    await book('Olive', 720, 4);
    const user = await openSheetAs('host@example.com', 'host-pass-1');
    const olive = await rowOf('Olive Test');
    expect(within(olive).getByText('Confirmed')).toBeTruthy();
    expect(actionButtons(olive)).toEqual(['Arrived', 'Seat', 'Cancel for guest', expect.stringMatching(/^Move /)]);
    expect(screen.getByRole('region', { name: 'Lunch' })).toBeTruthy();

    // A guest books elsewhere: the sheet shows it without a reload, and says so.
    await book('Peter', 735, 2);
    const peter = await rowOf('Peter Test');
    expect(within(peter).getByText('2')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('The sheet has been updated.')).toBeTruthy());

    await user.click(within(olive).getByRole('button', { name: 'Arrived: Olive Test' }));
    // The action button is itself labelled 'Arrived': wait for the row the server's answer draws.
    await waitFor(() => expect(actionButtons(olive)).toEqual(['Undo arrival', 'Seat']), SLOW);
    await user.click(within(olive).getByRole('button', { name: 'Seat: Olive Test' }));
    await waitFor(() => expect(actionButtons(olive)).toEqual(['Finish']), SLOW);
    expect(within(olive).getByText('Seated')).toBeTruthy();

    // Past Peter's start, the chart allows a no-show (and no longer a cancellation).
    api().clock.set(new Date('2026-11-24T04:30:00Z'));
    await book('Quinn', 1140, 2);
    await waitFor(() => expect(within(peter).queryByRole('button', { name: 'No-show: Peter Test' })).toBeTruthy(), SLOW);
    expect(within(peter).queryByRole('button', { name: 'Cancel for guest: Peter Test' })).toBeNull();
    await user.click(within(peter).getByRole('button', { name: 'No-show: Peter Test' }));
    expect(within(peter).getByText(/Mark Peter Test as a no-show\?/)).toBeTruthy();
    await user.click(within(peter).getByRole('button', { name: 'Confirm no-show' }));
    // Peter booked online and paid nothing: no card on file, so the fee is not charged, nor shown owed (docs/PRODUCT.md §6).
    await waitFor(() => expect(screen.getByText('No-show recorded. No card on file: fee not charged.')).toBeTruthy(), SLOW);
    await waitFor(() => expect(within(peter).getByText('No card on file: fee not charged')).toBeTruthy(), SLOW);
    expect(within(peter).queryByText(/Fee outstanding/)).toBeNull();
    // Marked by mistake: undone the same day.
    await user.click(within(peter).getByRole('button', { name: 'Undo no-show: Peter Test' }));
    await waitFor(() => expect(screen.getByText('No-show undone for Peter Test. The fee it charged is refunded: HK$0.')).toBeTruthy(), SLOW);
    await waitFor(() => expect(within(peter).queryByRole('button', { name: 'No-show: Peter Test' })).toBeTruthy(), SLOW);
  });

  it("charges a no-show's card again from its row: the processor not reached, then charged; the payment column follows", async () => {
    api().clock.set(new Date(`${DAY}T10:00:00+08:00`));
    await book('Uma', 750, 2, { depositCard: TEST_CARDS.visa });
    // Half an hour after Uma's 12:30 start; the card processor cannot be reached for now.
    api().clock.set(new Date(`${DAY}T13:00:00+08:00`));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = vi.spyOn(api().processor, 'chargeCardOnFile').mockRejectedValue(new TypeError('fetch failed'));
    const user = await openSheetAs('host@example.com', 'host-pass-1');
    const uma = await rowOf('Uma Test');
    const payment = () => uma.querySelector('td[data-label="Payment"]')!.textContent;
    try {
      await user.click(within(uma).getByRole('button', { name: 'No-show: Uma Test' }));
      await user.click(within(uma).getByRole('button', { name: 'Confirm no-show' }));
      // Le Clos: HK$300 a person; the HK$400 deposit is kept and the rest is asked of the card.
      expect(await screen.findByText('No-show recorded. Fee HK$600. Kept from what was paid: HK$400. Still owed: HK$200.', {}, SLOW)).toBeTruthy();
      const firstRetry = formatDateTimeFor(new Date(`${DAY}T13:05:00+08:00`), 'en');
      await waitFor(() => expect(payment()).toBe(`Deposit paid HK$400No-show fee HK$600Fee outstanding HK$200Card processor not reached: tried again at ${firstRetry}`), SLOW);

      await user.click(within(uma).getByRole('button', { name: 'Charge the card again: Uma Test' }));
      expect(within(uma).getByRole('group', { name: 'Charge the card again' }).textContent).toContain("Charge the HK$200 still owed to the card that paid Uma Test's booking?");
      await user.click(within(uma).getByRole('button', { name: 'Confirm charge' }));
      const secondRetry = formatDateTimeFor(new Date(`${DAY}T13:10:00+08:00`), 'en');
      expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(
        `The card processor could not be reached. Still owed: HK$200. It is tried again automatically at ${secondRetry}.`,
      );
      await waitFor(() => expect(payment()).toContain(`tried again at ${secondRetry}`), SLOW);
    } finally {
      down.mockRestore();
      quiet.mockRestore();
    }

    // The processor is back: the same charge goes through.
    await user.click(within(uma).getByRole('button', { name: 'Charge the card again: Uma Test' }));
    await user.click(within(uma).getByRole('button', { name: 'Confirm charge' }));
    expect(await screen.findByText('Charged to the card that paid: HK$200.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(payment()).toBe('Deposit paid HK$400No-show fee HK$600Fee charged HK$200'), SLOW);
    expect(within(uma).queryByRole('button', { name: 'Charge the card again: Uma Test' })).toBeNull();
  });

  it("says a guarantee's no-show fee went to the card saved for the guarantee, in staff words", async () => {
    api().clock.set(new Date(`${DAY}T10:00:00+08:00`));
    await book('Gia', 1140, 2, { guaranteeCard: TEST_CARDS.visa });
    // Half an hour after Gia's 19:00 start at the Chef's Counter: HK$500 a guest.
    api().clock.set(new Date(`${DAY}T19:30:00+08:00`));
    const user = await openSheetAs('host@example.com', 'host-pass-1');
    const gia = await rowOf('Gia Test');
    await user.click(within(gia).getByRole('button', { name: 'No-show: Gia Test' }));
    expect(within(gia).getByRole('group', { name: 'No-show' }).textContent).toContain("The venue's no-show fee is charged to the card saved for the guarantee.");
    await user.click(within(gia).getByRole('button', { name: 'Confirm no-show' }));
    expect(await screen.findByText('No-show recorded. Fee HK$1,000. Charged to the card saved for the guarantee: HK$1,000.', {}, SLOW)).toBeTruthy();
  });

  it('shows the difference a staff party change left owed, and records it paid at the venue', async () => {
    api().clock.set(new Date(`${DAY}T09:00:00+08:00`));
    const id = await book('Owen', 1140, 2, { depositCard: TEST_CARDS.visa });
    const admin = (await api().request('POST', '/admin/authentication/login', { body: { email: 'admin@example.com', password: 'admin-pass-1' } })).body.data.token;
    // Six guests: HK$300 a guest, HK$1,800; HK$400 was paid, HK$1,400 is owed at the venue.
    const moved = await api().request('PUT', `/admin/reservation/${id}/move`, { token: admin, body: { numberOfGuests: 6 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const user = await openSheetAs('host@example.com', 'host-pass-1');
    const owen = await rowOf('Owen Test');
    const payment = () => owen.querySelector('td[data-label="Payment"]')!.textContent;
    expect(payment()).toBe('Deposit paid HK$400Owed at the venue HK$1,400');
    await user.click(within(owen).getByRole('button', { name: 'Paid at the venue: Owen Test' }));
    expect(within(owen).getByRole('group', { name: 'Paid at the venue' }).textContent).toContain('Record the HK$1,400 Owen Test owes as paid at the venue?');
    await user.click(within(owen).getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Recorded as paid at the venue: HK$1,400.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(payment()).toBe('Deposit paid HK$400Paid at the venue HK$1,400'), SLOW);
    expect(within(owen).queryByRole('button', { name: 'Paid at the venue: Owen Test' })).toBeNull();
  });

  it("shows a card's refusal with the processor's reason, and says so again when staff charge it again", async () => {
    api().clock.set(new Date(`${DAY}T10:00:00+08:00`));
    await book('Vera', 780, 2, { depositCard: TEST_CARDS.declinesLater });
    api().clock.set(new Date(`${DAY}T13:30:00+08:00`));
    const user = await openSheetAs('host@example.com', 'host-pass-1');
    const vera = await rowOf('Vera Test');
    const payment = () => vera.querySelector('td[data-label="Payment"]')!.textContent;
    await user.click(within(vera).getByRole('button', { name: 'No-show: Vera Test' }));
    await user.click(within(vera).getByRole('button', { name: 'Confirm no-show' }));
    await waitFor(() => expect(payment()).toBe('Deposit paid HK$400No-show fee HK$600Fee outstanding HK$200Card refused: Your card was declined.'), SLOW);
    await user.click(within(vera).getByRole('button', { name: 'Charge the card again: Vera Test' }));
    await user.click(within(vera).getByRole('button', { name: 'Confirm charge' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('The card was refused: Your card was declined. Still owed: HK$200.');
    // Still owed, and still offered: the guest may top the card up.
    expect(within(vera).getByRole('button', { name: 'Charge the card again: Vera Test' })).toBeTruthy();
    expect(payment()).toContain('Fee outstanding HK$200');
  });

  it('shows a refused change with its reason and reads the sheet again; a walk-in with no visit count', async () => {
    api().clock.set(new Date(`${DAY}T12:30:00+08:00`));
    const admin = (await api().request('POST', '/admin/authentication/login', { body: { email: 'admin@example.com', password: 'admin-pass-1' } })).body.data.token;
    const walkIn = await api().request('POST', `/admin/venue/${LECLOS}/walk-in`, { token: admin, body: { numberOfGuests: 2, firstName: 'Sam', lastName: 'Walker' } });
    expect(walkIn.status, JSON.stringify(walkIn.body)).toBe(201);
    // An hour after the clock, so the booking is still ahead and its party may arrive.
    const id = await book('Rita', 825, 2);
    const user = await openSheetAs('host@example.com', 'host-pass-1');
    const rita = await rowOf('Rita Test');
    expect(within(rita).getByText('First visit')).toBeTruthy();
    // The walk-in account's visits are no guest's: the walk-in's Visits cell stays empty.
    const walker = await rowOf('Sam Walker');
    expect(walker.querySelector('td[data-label="Visits"]')!.textContent).toBe('');
    // Another host stand seats the party meanwhile (no live stream on this page).
    expect((await api().request('PUT', `/admin/reservation/${id}/visit`, { token: admin, body: { action: 'seat' } })).status).toBe(200);

    await user.click(within(rita).getByRole('button', { name: 'Arrived: Rita Test' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('This change is not allowed for the booking as it stands');
    await waitFor(() => expect(within(rita).getByText('Seated')).toBeTruthy(), SLOW);
  });

  it("states the cancellation policy's outcome before staff cancel for the guest", async () => {
    // 2 pm on the day: the 8:30 pm booking is inside Le Clos's 24-hour window, so cancelling is late.
    api().clock.set(new Date('2026-11-24T06:00:00Z'));
    await book('Sam', 1230, 2);
    const user = await openSheetAs('host@example.com', 'host-pass-1');
    const sam = await rowOf('Sam Test');
    await user.click(within(sam).getByRole('button', { name: 'Cancel for guest: Sam Test' }));
    const question = within(sam).getByRole('group', { name: 'Cancel for guest' });
    expect(question.textContent).toMatch(/^Cancel Sam Test's booking\? The guest is told by e-mail\. /);
    // Le Clos: HK$200 a person once inside 24 hours, but the booking took no deposit: nothing can be kept.
    await waitFor(
      () => expect(question.textContent).toContain('Less than 24 hours before the booking: nothing was paid, so no late cancellation fee is kept.'),
      SLOW,
    );
    await user.click(within(question).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByText('Cancelled for the guest. Refunded: HK$0.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(within(sam).getByText(/^Canceled/)).toBeTruthy(), SLOW);
    expect(actionButtons(sam)).toEqual([]);
  });

  it('keeps the sheet on screen when reading it again fails, says so, and reads it again on Retry', async () => {
    api().clock.set(new Date('2026-11-24T06:00:00Z'));
    await book('Tess', 930, 2); // 3:30 pm: its party may arrive from 1:30 pm
    const user = await openSheetAs('host@example.com', 'host-pass-1');
    const tess = await rowOf('Tess Test');
    // The network drops for the sheet's reads only: the visit's change still reaches the server.
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      (input instanceof Request ? input.url : String(input)).includes('/day-sheet/') ? Promise.reject(new TypeError('Failed to fetch')) : answer(input, init),
    );
    try {
      await user.click(within(tess).getByRole('button', { name: 'Arrived: Tess Test' }));
      expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('We could not reach the club. Please check your connection and try again.');
      expect(tess.isConnected).toBe(true);
      expect(tess.querySelector('td[data-label="Status"]')!.textContent).toBe('Confirmed');
    } finally {
      vi.stubGlobal('fetch', answer);
    }
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    // The status cell, not the 'Arrived' button the sheet kept from before.
    await waitFor(() => expect(tess.querySelector('td[data-label="Status"]')!.textContent).toBe('Arrived'), SLOW);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
