/**
 * Bookings wait only for bookings of the same table on the same day: with one booking of Obe's only
 * table for eight in flight (its transaction open), a booking of that table on another day and one at
 * another venue go through at once, while the same table on the same day waits and then finds it taken;
 * and a party that could take that table too is given a free one at once. On PostgreSQL, where
 * transactions really run side by side (PGlite runs them one at a time).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../../server/db/schema';
import { bookableSlot, scheduledSlots } from '../../../server/services/booking-rules/slot-schedule';
import { checkSelection } from '../../../server/services/booking-rules/selection-checks';
import { loadVenueCatalog } from '../../../server/services/booking-rules/venue-catalog';
import { insertHold } from '../../../server/services/reservations/reservation-create';
import { findUser } from '../../../server/services/reservations/reservations';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, LECLOS, OBE } from '../../support/server/fixtures';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

// Long enough for a free booking on a loaded machine; a booking stuck behind the open transaction never ends.
const PROMPT_MS = 5_000;

/** The promise's value, or 'still waiting' when it takes longer than `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

describe.runIf(testDrivers().includes('postgres'))('booking locks per table and day (postgres)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi({ driver: 'postgres' });
  });
  afterAll(async () => {
    await api?.close();
  });

  const newGuest = async () => {
    const guest = await testKit(api).guest({ firstName: 'Lock', lastName: 'Tester' });
    return { id: guest.id, token: guest.token() };
  };

  /** A booking holding its table inside a transaction left open until `finish()`, which commits it. */
  async function bookingInFlight(userId: string, body: { venueId: string; experienceId: string; date: string; startTime: number; numberOfGuests: number }) {
    const now = api.clock.now();
    const { entry, experience } = checkSelection(await loadVenueCatalog(api.deps.db), body, now);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const committed = api.deps.db.transaction(async (tx) => {
      const user = (await findUser(tx, userId))!;
      const slot = bookableSlot(entry, experience, body.date, body.startTime, now);
      await insertHold(tx, { entry, experience, user, input: { ...body, bookingSource: 'GUEST_WEB', locale: 'en' }, slot, now });
      holding();
      await released;
    });
    await held;
    return {
      finish: async () => {
        release();
        await committed;
      },
    };
  }

  it('lets other days and venues book past a booking in flight, and makes the same table and day wait', async () => {
    const now = api.clock.now();
    const day = addDays(hongKongToday(now), 7);
    const bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
    // At Obe only the Cask Room's K1 seats eight.
    const eight = { venueId: OBE, experienceId: bar, date: day, startTime: 1200, numberOfGuests: 8 };
    const catalog = await loadVenueCatalog(api.deps.db);
    const first = await newGuest();

    const inFlight = await bookingInFlight(first.id, eight);

    const leClos = catalog.venues.get(LECLOS)!;
    const leClosExperience = leClos.experiences.find((e) => !e.membersOnly && scheduledSlots(leClos, e, day).length > 0)!;
    const leClosBody = {
      venueId: LECLOS,
      experienceId: leClosExperience.id,
      date: day,
      startTime: scheduledSlots(leClos, leClosExperience, day)[0]!.startTime,
      numberOfGuests: Math.max(2, leClos.venue.onlineMinGuests),
    };
    const post = async (body: object) => api.request('POST', '/user/reservation/v1.1', { token: (await newGuest()).token, body });

    let sameDaySettled = false;
    const sameDay = post(eight).finally(() => (sameDaySettled = true));
    try {
      const [nextDay, otherVenue] = await Promise.all([
        within(post({ ...eight, date: addDays(day, 1) }), PROMPT_MS),
        within(post(leClosBody), PROMPT_MS),
      ]);
      expect(nextDay !== 'still waiting' && nextDay.status).toBe(201);
      expect(otherVenue !== 'still waiting' && otherVenue.status).toBe(201);
      expect(sameDaySettled).toBe(false);
    } finally {
      await inFlight.finish();
    }
    const refused = await sameDay;
    expect(refused.body).toEqual({ status: 409, errorCode: 20102, message: 'Sorry, your selection is unavailable' });
    const rows = await api.deps.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.venueId, OBE), eq(reservations.date, day), eq(reservations.status, 'PENDING')));
    expect(rows.map((r) => r.userId)).toEqual([first.id]);
  });

  it('gives a party another free table at once while a booking of a table it could also use is in flight', async () => {
    const day = addDays(hongKongToday(api.clock.now()), 9);
    const bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
    // Eight fit only K1 (6–10); six fit L5 and L6 (4–6) too, and take the smallest free one.
    const inFlight = await bookingInFlight((await newGuest()).id, { venueId: OBE, experienceId: bar, date: day, startTime: 1200, numberOfGuests: 8 });
    try {
      const six = await within(
        api.request('POST', '/user/reservation/v1.1', {
          token: (await newGuest()).token,
          body: { venueId: OBE, experienceId: bar, date: day, startTime: 1200, numberOfGuests: 6 },
        }),
        PROMPT_MS,
      );
      expect(six !== 'still waiting' && six.status).toBe(201);
    } finally {
      await inFlight.finish();
    }
  });
});
