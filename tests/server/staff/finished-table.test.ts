/**
 * A finished party frees its table from the moment it finished, through the HTTP API on PGlite and on
 * PostgreSQL: online availability offers the table again, a guest's hold, a walk-in and a move can take
 * it, the table plan shows it free; the booked times stay on record, and a finished visit takes no
 * change back. Finishing races a guest booking the table's next slot, in both orders.
 *
 * Obe's Cask Room (K1) is its only table for eight: a party of eight there from 17:00 holds it until
 * 19:00 as booked (Bar Seating, two hours; bookable online an hour ahead).
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationSql } from '../../../server/db/migrate';
import { venueTables, waitlistEntries } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { addDays } from '../../../common/time';
import { experienceIdByName, LECLOS, OBE } from '../../support/server/fixtures';
import { testDrivers, type TestApi } from '../../support/server/harness';
import { insertStaff, paymentHelpers, usePaymentTestApi, type TestUser } from '../../support/server/payment-helpers';

/** An instant of a Hong Kong day, 'HH:MM' local. */
const hongKong = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

const RACE_ROUNDS = 3;

for (const driver of testDrivers()) {
  describe(`a finished party frees its table (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    usePaymentTestApi(driver, (a, helpers) => {
      api = a;
      h = helpers;
    });

    let host: TestUser;
    let barSeating: string;
    let caskRoom: string;
    let lounge5: string;

    let days = 0;
    /** An Obe service day no other test of this file uses. */
    const ownDay = () => addDays('2026-12-01', days++);

    beforeAll(async () => {
      host = await insertStaff(api, 'staff', OBE);
      barSeating = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      const tableId = async (name: string) =>
        (await api.deps.db.select().from(venueTables).where(and(eq(venueTables.venueId, OBE), eq(venueTables.name, name))))[0]!.id;
      caskRoom = await tableId('K1');
      lounge5 = await tableId('L5');
    });

    /** Runs SQL text one statement at a time (PGlite's query takes one). */
    async function runStatements(text: string) {
      const statements = text.replace(/--.*$/gm, '').split(/;\s*$/m).map((st) => st.trim()).filter(Boolean);
      for (const statement of statements) await api.deps.db.execute(sql.raw(statement));
    }

    const visit = (id: string, action: string) => api.request('PUT', `/admin/reservation/${id}/visit`, { token: host.token(), body: { action } });

    /** A party booked by phone on `tableId` at `startTime`; its id. */
    async function phoneBooking(date: string, numberOfGuests: number, tableId: string, startTime = 1020): Promise<string> {
      const res = await api.request('POST', '/admin/reservation', {
        token: host.token(),
        body: { venueId: OBE, experienceId: barSeating, date, startTime, numberOfGuests, tableId, email: `${newId()}@example.com`, firstName: 'Cask', lastName: 'Party' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id;
    }

    /** The party of eight in the Cask Room from 17:00, seated at 17:05 and finished at `finishedAt`. */
    async function finishedParty(date: string, finishedAt = '17:20'): Promise<string> {
      const id = await phoneBooking(date, 8, caskRoom);
      api.clock.set(hongKong(date, '17:05'));
      expect((await visit(id, 'seat')).status).toBe(200);
      api.clock.set(hongKong(date, finishedAt));
      const finished = await visit(id, 'finish');
      expect(finished.status, JSON.stringify(finished.body)).toBe(200);
      return id;
    }

    /** The start times offered online to a party of eight. */
    async function offeredToEight(date: string): Promise<number[]> {
      const guest = await h.newUser('guest');
      const res = await api.request('GET', `/user/reservation/v1.1/timeslot-availability/${OBE}/${date}?numberOfGuests=8&experienceId=${barSeating}`, { token: guest.token() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.timeslots as { startTime: number }[]).map((t) => t.startTime);
    }

    /** A guest's hold for eight at 18:30, inside the party's booked time. */
    const holdForEight = async (date: string) =>
      api.request('POST', '/user/reservation/v1.1', {
        token: (await h.newUser('guest')).token(),
        body: { venueId: OBE, experienceId: barSeating, date, startTime: 1110, numberOfGuests: 8 },
      });

    const caskRoomOnPlan = async () => {
      const res = await api.request('GET', `/admin/venue/${OBE}/table-plan`, { token: host.token() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.areas.flatMap((a: { tables: { _id: string }[] }) => a.tables).find((t: { _id: string }) => t._id === caskRoom);
    };

    // First: the file's later tests leave bookings on freed tables, which the old constraint refuses.
    it('frees the tables of visits finished before the migration, from their recorded finish', async () => {
      const date = ownDay();
      const id = await finishedParty(date);
      // The database as it stood before migration 0018, with this finished visit in it; then 0018 again.
      await runStatements(`
        ALTER TABLE reservations DROP CONSTRAINT reservations_no_double_booking;
        ALTER TABLE reservations DROP COLUMN table_freed_at;
        ALTER TABLE reservations ADD CONSTRAINT reservations_no_double_booking EXCLUDE USING gist (
          table_id WITH =, tstzrange(starts_at, ends_at) WITH &&) WHERE (status IN ('PENDING', 'CONFIRMED'));`);
      await runStatements(migrationSql('0018_table_freed_at.sql'));
      expect((await h.reservationRow(id)).tableFreedAt?.toISOString()).toBe(hongKong(date, '17:20').toISOString());
      expect((await holdForEight(date)).status).toBe(201);
    });

    it('offers the table online again from when the party finished, and shows it free on the plan; the booked times stay', async () => {
      const date = ownDay();
      const id = await phoneBooking(date, 8, caskRoom);
      api.clock.set(hongKong(date, '17:05'));
      expect((await visit(id, 'seat')).status).toBe(200);
      api.clock.set(hongKong(date, '17:20'));
      // Seated, the party holds the Cask Room until 19:00: nothing for eight starts before then.
      expect((await offeredToEight(date)).filter((t) => t < 1140)).toEqual([]);
      expect(await caskRoomOnPlan()).toMatchObject({ state: 'seated', booking: { _id: id } });

      expect((await visit(id, 'finish')).status).toBe(200);
      // 18:30 is the first slot an hour ahead of 17:20.
      expect((await offeredToEight(date)).filter((t) => t < 1140)).toEqual([1110]);
      expect(await caskRoomOnPlan()).toMatchObject({ state: 'free', booking: null });

      const row = await h.reservationRow(id);
      expect({ startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), duration: row.duration, visitStatus: row.visitStatus }).toEqual({
        startsAt: hongKong(date, '17:00').toISOString(),
        endsAt: hongKong(date, '19:00').toISOString(),
        duration: 120,
        visitStatus: 'FINISHED',
      });
      expect(row.tableFreedAt?.toISOString()).toBe(hongKong(date, '17:20').toISOString());
    });

    it("lets a guest's hold, a walk-in and a move take the freed table inside the party's booked time", async () => {
      const holdDay = ownDay();
      await finishedParty(holdDay);
      const hold = await holdForEight(holdDay);
      expect(hold.status, JSON.stringify(hold.body)).toBe(201);
      expect((await h.reservationRow(hold.body.data._id)).tableId).toBe(caskRoom);

      const walkInDay = ownDay();
      await finishedParty(walkInDay);
      const walkIn = await api.request('POST', `/admin/venue/${OBE}/walk-in`, { token: host.token(), body: { numberOfGuests: 8 } });
      expect(walkIn.status, JSON.stringify(walkIn.body)).toBe(201);
      expect((await h.reservationRow(walkIn.body.data._id)).tableId).toBe(caskRoom);

      const moveDay = ownDay();
      const six = await phoneBooking(moveDay, 6, lounge5, 1110);
      await finishedParty(moveDay);
      const moved = await api.request('PUT', `/admin/reservation/${six}/move`, { token: host.token(), body: { tableId: caskRoom } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect((await h.reservationRow(six)).tableId).toBe(caskRoom);
    });

    it('offers the freed table to the first guest on the waitlist at once', async () => {
      const date = ownDay();
      const id = await phoneBooking(date, 8, caskRoom);
      const waiting = await h.newUser('guest');
      const joined = await api.request('POST', '/user/waitlist', { token: waiting.token(), body: { venueId: OBE, experienceId: barSeating, date, numberOfGuests: 8, earliestTime: 1110, latestTime: 1110 } });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      api.clock.set(hongKong(date, '17:05'));
      expect((await visit(id, 'seat')).status).toBe(200);
      api.clock.set(hongKong(date, '17:20'));
      expect((await visit(id, 'finish')).status).toBe(200);
      // Read straight from the table: reading the waitlist through the API would settle it itself.
      const entries = await api.deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, waiting.id));
      expect(entries.map((e) => e.status)).toEqual(['OFFERED']);
    });

    it("lets a guest who finished at one venue book another inside the first booking's time (no 10208)", async () => {
      const date = ownDay();
      const guest = await h.newUser('guest');
      const alaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      // Le Clos, 17:30 to 19:00.
      const dinner = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: LECLOS, experienceId: alaCarte, date, startTime: 1050, numberOfGuests: 2 } });
      expect(dinner.status, JSON.stringify(dinner.body)).toBe(201);
      expect((await h.complete(guest, dinner.body.data._id)).status).toBe(200);
      // Obe at 18:30, held an hour ahead, completed once the Le Clos party has finished.
      api.clock.set(hongKong(date, '17:25'));
      const drinks = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: OBE, experienceId: barSeating, date, startTime: 1110, numberOfGuests: 2 } });
      expect(drinks.status, JSON.stringify(drinks.body)).toBe(201);
      api.clock.set(hongKong(date, '17:30'));
      const admin = await insertStaff(api, 'admin', null);
      for (const action of ['seat', 'finish']) {
        expect((await api.request('PUT', `/admin/reservation/${dinner.body.data._id}/visit`, { token: admin.token(), body: { action } })).status).toBe(200);
      }
      const done = await h.complete(guest, drinks.body.data._id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    });

    it('frees the whole booked time of a party that finished before its booked start', async () => {
      const date = ownDay();
      const id = await phoneBooking(date, 8, caskRoom);
      api.clock.set(hongKong(date, '16:30'));
      expect((await visit(id, 'seat')).status).toBe(200);
      expect((await visit(id, 'finish')).status).toBe(200);
      // The bar opens at 17:00, the party's booked start: a walk-in then takes the table.
      api.clock.set(hongKong(date, '17:00'));
      const walkIn = await api.request('POST', `/admin/venue/${OBE}/walk-in`, { token: host.token(), body: { numberOfGuests: 8 } });
      expect(walkIn.status, JSON.stringify(walkIn.body)).toBe(201);
      expect((await h.reservationRow(walkIn.body.data._id)).tableId).toBe(caskRoom);
    });

    it('takes no change back once finished: every visit change and a move are refused, and the table stays free', async () => {
      const date = ownDay();
      const id = await finishedParty(date);
      const freed = await h.reservationRow(id);
      api.clock.set(hongKong(date, '17:30'));
      for (const action of ['arrive', 'undo-arrival', 'seat', 'finish', 'no-show', 'cancel']) {
        expect((await visit(id, action)).status, action).toBe(409);
      }
      expect((await api.request('PUT', `/admin/reservation/${id}/move`, { token: host.token(), body: { startTime: 1140 } })).status).toBe(409);
      expect(await h.reservationRow(id)).toEqual(freed);
    });

    it('frees a no-show\'s table as well, from when it was marked (its status holds no table)', async () => {
      const date = ownDay();
      const id = await phoneBooking(date, 8, caskRoom);
      api.clock.set(hongKong(date, '17:20'));
      expect((await visit(id, 'no-show')).status).toBe(200);
      expect((await offeredToEight(date)).filter((t) => t < 1140)).toEqual([1110]);
    });

    describe('finishing races a guest booking the next slot', () => {
      it('books the table when the finish comes first', async () => {
        const date = ownDay();
        await finishedParty(date);
        expect((await holdForEight(date)).status).toBe(201);
      });

      it('refuses the booking that comes first, and takes it once the party has finished', async () => {
        const date = ownDay();
        const id = await phoneBooking(date, 8, caskRoom);
        api.clock.set(hongKong(date, '17:05'));
        expect((await visit(id, 'seat')).status).toBe(200);
        api.clock.set(hongKong(date, '17:20'));
        const early = await holdForEight(date);
        expect(early.status, JSON.stringify(early.body)).toBe(409);
        expect((await visit(id, 'finish')).status).toBe(200);
        expect((await holdForEight(date)).status).toBe(201);
      });

      it(`never double-books when both run at once, and the party always finishes (${RACE_ROUNDS} rounds)`, async () => {
        for (let round = 0; round < RACE_ROUNDS; round++) {
          const date = ownDay();
          const id = await phoneBooking(date, 8, caskRoom);
          api.clock.set(hongKong(date, '17:05'));
          expect((await visit(id, 'seat')).status).toBe(200);
          api.clock.set(hongKong(date, '17:20'));
          const [finished, hold] = await Promise.all([visit(id, 'finish'), holdForEight(date)]);
          expect(finished.status, JSON.stringify(finished.body)).toBe(200);
          // The hold either came after the finish (the table is free) or before it (still taken, refused).
          expect([201, 409], JSON.stringify(hold.body)).toContain(hold.status);
          const after = hold.status === 201 ? hold : await holdForEight(date);
          expect(after.status, JSON.stringify(after.body)).toBe(201);
          expect((await h.reservationRow(after.body.data._id)).tableId).toBe(caskRoom);
        }
      });
    });
  });
}
