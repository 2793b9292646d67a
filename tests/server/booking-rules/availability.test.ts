import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { BATARD, experienceIdByName, HOPSZE, LECLOS, OBE, seatingAreaIdByName, UNKNOWN_ID } from '../../support/server/fixtures';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';

// TEST_NOW is Monday 23 Nov 2026, 10:00 in Hong Kong.
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const NEXT_MONDAY = '2026-11-30';

for (const driver of testDrivers()) {
  describe(`timeslot availability (${driver})`, () => {
    let api: TestApi;
    let token: string;

    const experienceId = (venueId: string, name: string) => experienceIdByName(api.deps.db, venueId, name);
    const areaId = (venueId: string, name: string) => seatingAreaIdByName(api.deps.db, venueId, name);
    const lookUp = (venueId: string, date: string, query: Record<string, string | number>) =>
      api.request(
        'GET',
        `/user/reservation/v1.1/timeslot-availability/${venueId}/${date}?${new URLSearchParams(
          Object.entries(query).map(([k, v]) => [k, String(v)]),
        )}`,
        { token },
      );
    const startTimes = async (venueId: string, date: string, query: Record<string, string | number>) => {
      const res = await lookUp(venueId, date, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.timeslots as { startTime: number }[]).map((t) => t.startTime);
    };

    // A token for the clock's current time (tokens last 15 minutes, and tests move the clock by hours).
    const setClock = async (at: Date | string) => {
      api.clock.set(at);
      const [guest] = await api.deps.db.select().from(users).where(eq(users.email, 'guest@example.com'));
      token = await api.tokenFor(guest!);
    };

    beforeAll(async () => {
      api = await createTestApi({ driver });
      token = await api.login('guest@example.com', 'guest-pass-1');
    });
    afterAll(async () => {
      await api?.close();
    });

    it('answers the wire shape for a service day', async () => {
      const alaCarte = await experienceId(LECLOS, 'À la Carte');
      const res = await lookUp(LECLOS, TUESDAY, { numberOfGuests: 2, experienceId: alaCarte });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(200);
      const { timeslots, seatingAreas, ...rest } = res.body.data;
      expect(rest).toEqual({ venueId: LECLOS, experienceId: alaCarte, date: TUESDAY, dateStr: '24 Nov 2026', numberOfGuests: 2, open: true });
      expect(timeslots[0]).toEqual({
        startTime: 480,
        startTimeStr: '8:00 am',
        duration: 90,
        titleStr: 'Breakfast',
        seatingOptions: [await areaId(LECLOS, 'Dining Room'), await areaId(LECLOS, 'Garden Terrace'), await areaId(LECLOS, 'Bar Counter')],
      });
      // Each area is described once for the day, not in every slot.
      expect(seatingAreas.map((o: { name: string }) => o.name)).toEqual(['Dining Room', 'Garden Terrace', 'Bar Counter']);
      expect(Object.keys(seatingAreas[0]).sort()).toEqual(['_id', 'description', 'name']);
      expect(JSON.stringify(res.body).split(seatingAreas[0].description)).toHaveLength(2);
    });

    it("follows Le Clos's hours: supper Tuesday to Saturday only, each meal ending by the period's end", async () => {
      const alaCarte = await experienceId(LECLOS, 'À la Carte');
      const tuesday = await lookUp(LECLOS, TUESDAY, { numberOfGuests: 2, experienceId: alaCarte });
      const supper = tuesday.body.data.timeslots.filter((t: { titleStr: string }) => t.titleStr === 'Supper');
      // 22:00–01:00 with 90-minute meals: the last seating starts at 23:30.
      expect(supper.map((t: { startTime: number }) => t.startTime)).toEqual([1320, 1335, 1350, 1365, 1380, 1395, 1410]);
      const tuesdayTimes = tuesday.body.data.timeslots.map((t: { startTime: number }) => t.startTime);
      expect(tuesdayTimes).toContain(1320);
      expect(Math.max(...tuesdayTimes)).toBe(1410);

      const monday = await startTimes(LECLOS, NEXT_MONDAY, { numberOfGuests: 2, experienceId: alaCarte });
      // Dinner ends at 22:00, so Monday's last seating is 20:30 and nothing after.
      expect(Math.max(...monday)).toBe(1230);
      expect(monday).toContain(480);
      const sunday = await startTimes(LECLOS, '2026-11-29', { numberOfGuests: 2, experienceId: alaCarte });
      expect(Math.min(...sunday)).toBe(660); // no breakfast at weekends
    });

    it("says whether the experience is served that day at all ('No Availability') apart from a full day", async () => {
      const supperClub = await experienceId(LECLOS, "Members' Supper Club");
      const monday = await lookUp(LECLOS, NEXT_MONDAY, { numberOfGuests: 2, experienceId: supperClub });
      expect(monday.body.data).toMatchObject({ open: false, timeslots: [] });
      const tuesday = await lookUp(LECLOS, TUESDAY, { numberOfGuests: 2, experienceId: supperClub });
      expect(tuesday.body.data.open).toBe(true);
      expect(tuesday.body.data.timeslots.length).toBeGreaterThan(0);
    });

    it("offers Obe's after-midnight slots on the service day they start in, Wednesday to Saturday", async () => {
      const bar = await experienceId(OBE, 'Bar Seating');
      const flight = await experienceId(OBE, 'Whisky Flight');
      const wednesdayBar = await lookUp(OBE, WEDNESDAY, { numberOfGuests: 2, experienceId: bar });
      const last = wednesdayBar.body.data.timeslots.at(-1);
      expect(last).toMatchObject({ startTime: 1440, startTimeStr: '12:00 am', duration: 120, titleStr: 'Evening' });
      const wednesdayFlight = await startTimes(OBE, WEDNESDAY, { numberOfGuests: 2, experienceId: flight });
      expect(wednesdayFlight.slice(-2)).toEqual([1440, 1470]);
      // Tuesday closes at midnight: the last two-hour seating is 22:00.
      const tuesdayBar = await startTimes(OBE, TUESDAY, { numberOfGuests: 2, experienceId: bar });
      expect(Math.max(...tuesdayBar)).toBe(1320);
      expect(Math.min(...tuesdayBar)).toBe(1020);
    });

    it("offers Hop Sze's two fixed dinner seatings, 18:00 and 20:30, exactly", async () => {
      const dinner = await experienceId(HOPSZE, 'À la Carte Dinner');
      const res = await lookUp(HOPSZE, TUESDAY, { numberOfGuests: 4, experienceId: dinner });
      expect(res.body.data.timeslots.map((t: { startTime: number; startTimeStr: string; titleStr: string }) => [t.startTime, t.startTimeStr, t.titleStr])).toEqual([
        [1080, '6:00 pm', 'Dinner – First Seating'],
        [1230, '8:30 pm', 'Dinner – Second Seating'],
      ]);
    });

    it('offers nothing in the past or inside the lead time, and moves with the clock', async () => {
      const alaCarte = await experienceId(LECLOS, 'À la Carte');
      // 10:00 plus Le Clos's 60-minute lead: 11:00 itself is too soon, 11:15 is the first.
      const today = await startTimes(LECLOS, MONDAY, { numberOfGuests: 2, experienceId: alaCarte });
      expect(today[0]).toBe(675);
      const yesterday = await startTimes(LECLOS, '2026-11-22', { numberOfGuests: 2, experienceId: alaCarte });
      expect(yesterday).toEqual([]);
      try {
        await setClock('2026-11-23T12:00:00Z'); // 20:00 in Hong Kong: Monday dinner's last 20:30 seating is inside the lead
        expect(await startTimes(LECLOS, MONDAY, { numberOfGuests: 2, experienceId: alaCarte })).toEqual([]);
        // Bâtard needs two hours' notice.
        const batard = await startTimes(BATARD, MONDAY, { numberOfGuests: 2, experienceId: await experienceId(BATARD, 'À la Carte') });
        expect(batard).toEqual([]);
        await setClock('2026-11-23T09:00:00Z'); // 17:00: Bâtard's dinner from 19:15
        const batardLater = await startTimes(BATARD, MONDAY, { numberOfGuests: 2, experienceId: await experienceId(BATARD, 'À la Carte') });
        expect(batardLater[0]).toBe(1155);
      } finally {
        await setClock(TEST_NOW);
      }
    });

    it('drops a slot once every fitting table is booked, and only the overlapping slots', async () => {
      const bar = await experienceId(OBE, 'Bar Seating');
      // Only the Cask Room's K1 seats eight at Obe.
      const before = await startTimes(OBE, WEDNESDAY, { numberOfGuests: 8, experienceId: bar });
      expect(before).toContain(1200);
      const hold = await api.request('POST', '/user/reservation/v1.1', {
        token,
        body: { venueId: OBE, experienceId: bar, date: WEDNESDAY, startTime: 1200, numberOfGuests: 8 },
      });
      expect(hold.status, JSON.stringify(hold.body)).toBe(201);
      const after = await startTimes(OBE, WEDNESDAY, { numberOfGuests: 8, experienceId: bar });
      // A 2-hour meal at 20:00 blocks every start from 18:30 to 21:30.
      expect(after.filter((t) => t >= 1110 && t <= 1290)).toEqual([]);
      expect(after).toContain(1080);
      expect(after).toContain(1320);
      // Smaller parties still have other tables.
      expect(await startTimes(OBE, WEDNESDAY, { numberOfGuests: 2, experienceId: bar })).toContain(1200);
      // Releasing the hold brings it back.
      const cancel = await api.request('PUT', `/user/reservation/v1.1/cancel/${hold.body.data._id}`, { token });
      expect(cancel.status).toBe(200);
      expect(await startTimes(OBE, WEDNESDAY, { numberOfGuests: 8, experienceId: bar })).toContain(1200);
    });

    it('filters by seating area and lists only areas with a free table', async () => {
      const alaCarte = await experienceId(LECLOS, 'À la Carte');
      const barCounter = await areaId(LECLOS, 'Bar Counter');
      const res = await lookUp(LECLOS, TUESDAY, { numberOfGuests: 2, experienceId: alaCarte, seatingAreaId: barCounter });
      expect(res.status).toBe(200);
      for (const slot of res.body.data.timeslots) expect(slot.seatingOptions).toEqual([barCounter]);
      expect(res.body.data.seatingAreas).toEqual([{ _id: barCounter, name: 'Bar Counter', description: expect.any(String) }]);
      // The bar counter seats at most two.
      const four = await lookUp(LECLOS, TUESDAY, { numberOfGuests: 4, experienceId: alaCarte, seatingAreaId: barCounter });
      expect(four.body.data.timeslots).toEqual([]);
      const anyArea = await lookUp(LECLOS, TUESDAY, { numberOfGuests: 4, experienceId: alaCarte });
      expect(anyArea.body.data.timeslots[0].seatingOptions).toEqual([await areaId(LECLOS, 'Dining Room'), await areaId(LECLOS, 'Garden Terrace')]);
      // Another venue's area is not this venue's.
      const wrong = await lookUp(LECLOS, TUESDAY, { numberOfGuests: 2, experienceId: alaCarte, seatingAreaId: await areaId(OBE, 'Lounge') });
      expect(wrong.status).toBe(400);
      expect(wrong.body.field).toBe('seatingAreaId');
    });

    it('refuses party sizes outside 1..10 with a 400 naming numberOfGuests', async () => {
      const alaCarte = await experienceId(LECLOS, 'À la Carte');
      for (const numberOfGuests of ['11', '0', 'two', '2.5', '']) {
        const res = await lookUp(LECLOS, TUESDAY, { numberOfGuests, experienceId: alaCarte });
        expect(res.status, numberOfGuests).toBe(400);
        expect(res.body.field).toBe('numberOfGuests');
        expect(res.body.message).toBe('numberOfGuests must be a whole number from 1 to 10');
      }
      const missing = await lookUp(LECLOS, TUESDAY, { experienceId: alaCarte });
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe('numberOfGuests');
      expect(missing.body.message).toBe('numberOfGuests is required');
    });

    it("sends parties outside Hop Sze's online 2–7 to its reservations team (422 20101 with the contact)", async () => {
      const dinner = await experienceId(HOPSZE, 'À la Carte Dinner');
      const eight = await lookUp(HOPSZE, TUESDAY, { numberOfGuests: 8, experienceId: dinner });
      expect(eight.status).toBe(422);
      expect(eight.body).toEqual({
        status: 422,
        errorCode: 20101,
        message: 'For parties of 8 or more, please contact our reservations team on +852 2388 6203 or at hopsze.reservations@example.com.',
        field: 'numberOfGuests',
        contact: { phone: '+852 2388 6203', email: 'hopsze.reservations@example.com' },
      });
      const one = await lookUp(HOPSZE, TUESDAY, { numberOfGuests: 1, experienceId: dinner });
      expect(one.status).toBe(422);
      expect(one.body.errorCode).toBe(20101);
      expect(one.body.message).toContain('+852 2388 6203');
      expect(one.body.contact).toEqual({ phone: '+852 2388 6203', email: 'hopsze.reservations@example.com' });
      // Ten is fine where the venue takes it online.
      expect((await lookUp(OBE, WEDNESDAY, { numberOfGuests: 10, experienceId: await experienceId(OBE, 'Bar Seating') })).status).toBe(200);
    });

    it('answers 404 for an unknown venue or an experience not of that venue', async () => {
      const alaCarte = await experienceId(LECLOS, 'À la Carte');
      const venue = await lookUp(UNKNOWN_ID, TUESDAY, { numberOfGuests: 2, experienceId: alaCarte });
      expect(venue.status).toBe(404);
      expect(venue.body).toMatchObject({ errorCode: 20103, message: 'The venue information does not exist' });
      const other = await lookUp(OBE, TUESDAY, { numberOfGuests: 2, experienceId: alaCarte });
      expect(other.status).toBe(404);
      const unknown = await lookUp(OBE, TUESDAY, { numberOfGuests: 2, experienceId: UNKNOWN_ID });
      expect(unknown.status).toBe(404);
    });

    it('answers 400 naming the field for malformed ids and dates', async () => {
      const alaCarte = await experienceId(LECLOS, 'À la Carte');
      const badVenue = await lookUp('leclos', TUESDAY, { numberOfGuests: 2, experienceId: alaCarte });
      expect([badVenue.status, badVenue.body.field]).toEqual([400, 'venueId']);
      for (const date of ['2026-02-30', '24-11-2026', 'tomorrow']) {
        const badDate = await lookUp(LECLOS, date, { numberOfGuests: 2, experienceId: alaCarte });
        expect([badDate.status, badDate.body.field]).toEqual([400, 'date']);
      }
      const badExperience = await lookUp(LECLOS, TUESDAY, { numberOfGuests: 2, experienceId: 'x' });
      expect([badExperience.status, badExperience.body.field]).toEqual([400, 'experienceId']);
      const noExperience = await lookUp(LECLOS, TUESDAY, { numberOfGuests: 2 });
      expect([noExperience.status, noExperience.body.field]).toEqual([400, 'experienceId']);
    });

    it('opens 90 days ahead and says so beyond that', async () => {
      const alaCarte = await experienceId(LECLOS, 'À la Carte');
      expect((await lookUp(LECLOS, '2027-02-21', { numberOfGuests: 2, experienceId: alaCarte })).status).toBe(200);
      const far = await lookUp(LECLOS, '2027-02-22', { numberOfGuests: 2, experienceId: alaCarte });
      expect(far.status).toBe(422);
      expect(far.body.field).toBe('date');
      expect(far.body.message).toBe('Reservations open 90 days in advance. Please choose a date on or before 21 Feb 2027.');
    });

    it('requires a token', async () => {
      const alaCarte = await experienceId(LECLOS, 'À la Carte');
      const res = await api.request('GET', `/user/reservation/v1.1/timeslot-availability/${LECLOS}/${TUESDAY}?numberOfGuests=2&experienceId=${alaCarte}`);
      expect(res.status).toBe(401);
    });
  });
}
