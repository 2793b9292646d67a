/**
 * Reservations set up through the real API for the whole-app tests of managing one: a fresh guest of
 * its own (so tests do not see each other's reservations), a booking held or confirmed, cancelled on
 * the server, and the manage link of its newest mail.
 */
import { desc, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox, users } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { hashPassword } from '../../../server/lib/password';
import { experienceIdByName, LECLOS } from '../server/fixtures';
import type { TestApi } from '../server/harness';
import { manageTokenIn } from '../server/manage-helpers';
import { card } from '../server/payment-helpers';
import { deliverPendingWebhooks } from '../../../server/services/payments/payment-worker';

export const GUEST_DETAILS = {
  firstName: 'Grace',
  lastName: 'Chan',
  email: 'grace.chan@example.com',
  mobileCountryCode: '852',
  mobileNumber: '91234567',
  agreements: { cancellationPolicy: true, noShowPolicy: true },
};

export const GUEST_PASSWORD = 'manage-pass-1';

export interface Guest {
  email: string;
  token(): Promise<string>;
}

export interface Booking {
  venueId: string;
  experience: string;
  date: string;
  startTime: number;
  numberOfGuests?: number;
}

export const leClos = (date: string, startTime: number, numberOfGuests = 2): Booking => ({
  venueId: LECLOS,
  experience: 'À la Carte',
  date,
  startTime,
  numberOfGuests,
});

/** The scenes on the API `api()` gives (a getter: the API starts with the tests). */
export function manageScenes(api: () => TestApi) {
  let passwordHash: Promise<string> | undefined;
  let unique = 0;

  /** A verified guest of this test only; `profile` adds to (or changes) what their account holds. */
  async function newGuest(profile: Partial<typeof users.$inferInsert> = {}): Promise<Guest> {
    const email = `manage-${++unique}-${newId()}@example.com`;
    await api().deps.db.insert(users).values({
      id: newId(),
      role: 'guest',
      email,
      passwordHash: await (passwordHash ??= hashPassword(GUEST_PASSWORD)),
      firstName: 'Grace',
      lastName: 'Chan',
      emailVerifiedAt: api().clock.now(),
      ...profile,
    });
    return { email, token: () => api().login(email, GUEST_PASSWORD) };
  }

  /** Checks the slot is offered, holds it and (unless `hold`) confirms it; returns the reservation. */
  async function book(guest: Guest, booking: Booking, { hold = false } = {}) {
    const token = await guest.token();
    const experienceId = await experienceIdByName(api().deps.db, booking.venueId, booking.experience);
    const numberOfGuests = booking.numberOfGuests ?? 2;
    const offered = await api().request(
      'GET',
      `/user/reservation/v1.1/timeslot-availability/${booking.venueId}/${booking.date}?numberOfGuests=${numberOfGuests}&experienceId=${experienceId}`,
      { token },
    );
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.data.timeslots.map((s: { startTime: number }) => s.startTime)).toContain(booking.startTime);
    const created = await api().request('POST', '/user/reservation/v1.1', {
      token,
      body: { venueId: booking.venueId, experienceId, date: booking.date, startTime: booking.startTime, numberOfGuests },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (hold) return created.body.data;
    const done = await api().request('PUT', `/user/reservation/v1.1/complete/${created.body.data._id}`, { token, body: GUEST_DETAILS });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return done.body.data as { _id: string; uniqueId: string; status: string };
  }

  /** A Rotisserie Sharing Menu for 4 (or `numberOfGuests`) at Le Clos at noon on `date`, its deposit (HK$200 a guest, HK$300 from six) paid by card. */
  async function bookPaidDeposit(guest: Guest, date: string, numberOfGuests = 4) {
    const token = await guest.token();
    const experienceId = await experienceIdByName(api().deps.db, LECLOS, 'Rotisserie Sharing Menu');
    const held = await api().request('POST', '/user/reservation/v1.1', { token, body: { venueId: LECLOS, experienceId, date, startTime: 720, numberOfGuests } });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const started = await api().request('POST', `/user/reservation/${held.body.data._id}/payment`, { token, body: { method: 'CARD', idempotencyKey: `deposit-${newId()}` } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const { intentId, clientSecret } = started.body.data;
    expect((await api().request('POST', `/payments/test-processor/intents/${intentId}/confirm`, { body: card(clientSecret) })).status).toBe(200);
    await deliverPendingWebhooks(api().deps);
    const done = await api().request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, { token, body: GUEST_DETAILS });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return done.body.data as { _id: string; uniqueId: string };
  }

  async function cancelOnServer(guest: Guest, id: string) {
    const res = await api().request('PUT', `/user/reservation/v1.1/cancel/${id}`, { token: await guest.token() });
    expect(res.status).toBe(200);
    return res.body.data.status as string;
  }

  async function serverReservation(guest: Guest, id: string) {
    return (await api().request('GET', `/user/reservation/${id}`, { token: await guest.token() })).body.data;
  }

  /** The manage token of the newest mail about `reference` (every booking here mails the same address). */
  async function mailedToken(reference: string, action?: 'confirm' | 'cancel'): Promise<string> {
    const mails = await api().deps.db.select().from(outbox).where(like(outbox.subject, `%${reference}%`)).orderBy(desc(outbox.seq));
    return manageTokenIn(mails[0]!.body, action)!;
  }

  return { newGuest, book, bookPaidDeposit, cancelOnServer, serverReservation, mailedToken };
}
