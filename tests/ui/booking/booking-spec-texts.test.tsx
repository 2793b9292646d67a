// @vitest-environment jsdom
/**
 * docs/PRODUCT.md §4's 'Awaiting Payment' and §8's 'Reservation failed' and payment-component texts, shown by the
 * whole app against the real API where they apply: a held reservation waiting for its payment, a hold or
 * a completion that fails with no more specific text, and a card payment that cannot be set up.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { invalidate } from '../../../src/api/use-api-query';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { agreeAndSubmit, CARD_EXPIRY, pickTime, walkToTimes } from '../../support/ui/booking-walk';
import { fieldTexts, SLOW } from '../../support/ui/page-queries';

// The card form can be made to fail as it is put on the page, as a broken field would.
const cardFormFault = vi.hoisted(() => ({ failing: false }));
vi.mock('../../../src/payment/card-form', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/payment/card-form')>();
  return {
    ...real,
    CardForm: (props: Parameters<typeof real.CardForm>[0]) => {
      if (cardFormFault.failing) throw new Error('the card fields could not be mounted');
      return real.CardForm(props);
    },
  };
});

const api = useAppHarness();
type User = ReturnType<typeof userEvent.setup>;
const GUEST = ['guest@example.com', 'guest-pass-1'] as const;

/** Logs the demo guest in on the page and returns an API token of the same guest. */
async function asGuest() {
  await storeSession(api(), ...GUEST);
  return api().login(...GUEST);
}

/** A Whisky Flight at Obe (prepayment) on `day` at `time`, up to the guest's details: the table is held. */
async function holdWhiskyFlight(user: User, day: RegExp, time: string) {
  await openApp('/pages/experience?domain=obe');
  await walkToTimes(user, { experience: /^Whisky Flight/, day });
  await pickTime(user, time);
  await findHeading('Your details');
}

/** The guest's newest held reservation, read through the API. */
async function heldReservationId(token: string): Promise<string> {
  const list = (await api().request('GET', '/user/reservation', { token })).body.data as { _id: string; status: string; createdAt: string }[];
  const held = list.filter((r) => r.status === 'PENDING').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return held.at(-1)!._id;
}

async function payWithCard(user: User, number: string = TEST_CARDS.visa) {
  await user.type(await screen.findByLabelText('Cardholder name', {}, SLOW), 'Martin Leung');
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), CARD_EXPIRY);
  await user.type(screen.getByLabelText('Security code'), '123');
  await user.click(screen.getByRole('button', { name: /^Pay HK\$[\d,.]+$/ }));
}

const alertWith = (text: string) => screen.findByText((_, el) => el?.getAttribute('role') === 'alert' && el.textContent!.includes(text), {}, SLOW);

/** The page's fetch, failing the calls `fails` picks as a dropped connection would. */
function dropCalls(fails: (method: string, url: string) => boolean): () => void {
  const real = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return fails(request.method, request.url) ? Promise.reject(new TypeError('Failed to fetch')) : real(request);
  });
  return () => vi.stubGlobal('fetch', real);
}

describe("docs/PRODUCT.md §4's 'Awaiting Payment'", () => {
  it('labels a held reservation waiting for its prepayment on the payment step and in My reservations', async () => {
    await asGuest();
    const user = userEvent.setup();
    await holdWhiskyFlight(user, /TUE\s*24/, '8:00 pm');
    await agreeAndSubmit(user, 'Continue to payment');
    await findHeading('Payment');
    expect(fieldTexts(document.body).Status).toBe('Awaiting Payment');

    // A later visit: nothing of this one kept, in memory or in the tab's storage.
    cleanup();
    invalidate();
    sessionStorage.clear();
    await openApp('/pages/order');
    await findHeading('My reservations');
    const card = (await screen.findByText('Awaiting Payment', {}, SLOW)).closest('li')!;
    expect(fieldTexts(card)).toMatchObject({ Status: 'Awaiting Payment' });
    expect(card.textContent).toContain('Whisky Flight');
  });
});

describe("docs/PRODUCT.md §8's 'Reservation failed'", () => {
  it('shows it, with why, when holding the table or completing the booking gets no answer', async () => {
    await asGuest();
    const user = userEvent.setup();
    await openApp('/pages/experience?domain=obe');
    await walkToTimes(user, { experience: /^Bar Seating/, day: /WED\s*25/ });
    let restore = dropCalls((method, url) => method === 'POST' && url.endsWith('/user/reservation/v1.1'));
    try {
      await pickTime(user, '7:00 pm');
      const holdAlert = await alertWith('Reservation failed');
      expect(holdAlert.textContent).toContain('We could not reach the club. Please check your connection and try again.');
      await findHeading('Choose a time');
    } finally {
      restore();
    }

    await pickTime(user, '7:00 pm');
    await findHeading('Your details');
    restore = dropCalls((method, url) => method === 'PUT' && url.includes('/user/reservation/v1.1/complete/'));
    try {
      await agreeAndSubmit(user);
      const completeAlert = await alertWith('Reservation failed');
      expect(completeAlert.textContent).toContain('We could not reach the club. Please check your connection and try again.');
    } finally {
      restore();
    }
    await user.click(screen.getByRole('button', { name: 'Confirm reservation' }));
    await findHeading('Your table is confirmed');
  });
});

describe("docs/PRODUCT.md §8's payment-component texts", () => {
  it("says 'Failed to create payment component' for an attempt already declined elsewhere, then pays afresh", async () => {
    const token = await asGuest();
    const user = userEvent.setup();
    await holdWhiskyFlight(user, /WED\s*25/, '8:00 pm');
    // The same booking open twice: the other copy's first attempt was declined under the key this one uses.
    const id = await heldReservationId(token);
    const other = (await api().request('POST', `/user/reservation/${id}/payment`, { token, body: { method: 'CARD', idempotencyKey: `${id}-card-1` } })).body.data;
    await api().processor.confirm(other.intentId, { clientSecret: other.clientSecret, cardholderName: 'M L', cardNumber: TEST_CARDS.declined, expMonth: 12, expYear: 2030, cvc: '123' });

    await agreeAndSubmit(user, 'Continue to payment');
    await alertWith('Failed to create payment component');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await payWithCard(user);
    await findHeading('Your table is confirmed');
  });

  it("says 'Payment component not initialized' when Pay finds no intent to confirm the card against", async () => {
    const token = await asGuest();
    const user = userEvent.setup();
    await holdWhiskyFlight(user, /THU\s*26/, '8:00 pm');
    const id = await heldReservationId(token);
    await api().request('POST', `/user/reservation/${id}/payment`, { token, body: { method: 'CARD', idempotencyKey: `${id}-card-1` } });
    // The processor cannot give that attempt's intent back when the payment step asks for it.
    const retrieve = vi.spyOn(api().processor, 'retrieve').mockResolvedValue(null);
    try {
      await agreeAndSubmit(user, 'Continue to payment');
      await payWithCard(user);
      await alertWith('Payment component not initialized');
    } finally {
      retrieve.mockRestore();
    }
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await payWithCard(user);
    await findHeading('Your table is confirmed');
  });

  it("says 'Failed to create payment form' when the card fields cannot be put on the page, and builds them again", async () => {
    await asGuest();
    const user = userEvent.setup();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await holdWhiskyFlight(user, /FRI\s*27/, '8:00 pm');
      cardFormFault.failing = true;
      await agreeAndSubmit(user, 'Continue to payment');
      await alertWith('Failed to create payment form');
      expect(screen.queryByLabelText('Card number')).toBeNull();
    } finally {
      cardFormFault.failing = false;
      quiet.mockRestore();
    }
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await payWithCard(user);
    await findHeading('Your table is confirmed');
  });
});
