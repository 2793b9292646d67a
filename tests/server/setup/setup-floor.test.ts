/**
 * The club's set-up through the HTTP API: tables and the floor layout, pacing, turn times.
 * Admins only; every change starts from a version (409 20140 when stale, nothing saved), is refused
 * with its reasons (409 20141), previewed with the confirmed bookings it affects (never cancelled) and
 * audited before and after. Pacing is enforced by availability and booking, also under 16 parallel
 * guests. Dates come from the injected clock.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reservations } from '../../../server/db/schema';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, LECLOS, OBE, seatingAreaIdByName } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const LUNCH = 720;
const DINNER = 1140;

interface SetupTable {
  _id: string;
  name: string;
  seatingAreaId: string;
  minGuests: number;
  maxGuests: number;
  bookable: string;
  combineGroup: string | null;
  active: boolean;
  shape: string;
  x: number | null;
  y: number | null;
  width: number;
  height: number;
  rotation: number;
  version: number;
}

for (const driver of testDrivers()) {
  describe(`set-up: floor, pacing, turn times (${driver})`, () => {
    let { api, h, admin, leclosStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff } = accounts));

    let alaCarte: string;
    let terrace: string;
    let nextDay = 3;
    const ownDay = () => addDays(hongKongToday(api.clock.now()), nextDay++);

    const floor = async () => (await api.request('GET', `/admin/venue/${LECLOS}/floor`, { token: admin.token() })).body.data as { tables: SetupTable[] };
    const tableNamed = async (name: string) => (await floor()).tables.find((t) => t.name === name)!;
    const changeOf = (t: SetupTable) => {
      const { _id: _ignored, ...values } = t;
      return { ...values, x: t.x ?? 0, y: t.y ?? 0 };
    };
    const putTable = (staff: TestUser, t: SetupTable, changes: Partial<SetupTable>, preview = false) =>
      api.request('PUT', `/admin/table/${t._id}${preview ? '?preview=true' : ''}`, { token: staff.token(), body: { ...changeOf(t), ...changes } });
    const putPacing = (staff: TestUser, body: unknown, preview = false) =>
      api.request('PUT', `/admin/venue/${LECLOS}/pacing${preview ? '?preview=true' : ''}`, { token: staff.token(), body });
    const newTable = (name: string, extra: Record<string, unknown> = {}) => ({
      seatingAreaId: terrace,
      name,
      minGuests: 2,
      maxGuests: 4,
      bookable: 'ONLINE',
      combineGroup: null,
      active: true,
      shape: 'ROUND',
      x: 100,
      y: 200,
      width: 80,
      height: 80,
      rotation: 0,
      ...extra,
    });
    const hold = (user: TestUser, date: string, startTime: number, numberOfGuests = 2) =>
      api.request('POST', '/user/reservation/v1.1', { token: user.token(), body: { venueId: LECLOS, experienceId: alaCarte, date, startTime, numberOfGuests } });
    const book = async (date: string, startTime: number, numberOfGuests = 2) => {
      const user = await h.newUser();
      const held = await hold(user, date, startTime, numberOfGuests);
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      expect((await h.complete(user, held.body.data._id)).status).toBe(200);
      const [row] = await api.deps.db.select().from(reservations).where(eq(reservations.id, held.body.data._id));
      return row!;
    };
    const offered = async (date: string, numberOfGuests = 2) => {
      const query = new URLSearchParams({ experienceId: alaCarte, numberOfGuests: String(numberOfGuests) });
      const res = await api.request('GET', `/user/reservation/v1.1/timeslot-availability/${LECLOS}/${date}?${query}`, { token: (await h.newUser()).token() });
      expect(res.status).toBe(200);
      return (res.body.data.timeslots as { startTime: number }[]).map((s) => s.startTime);
    };
    const auditOf = (entityId: string) => api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, entityId)));

    beforeAll(async () => {
      alaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      terrace = await seatingAreaIdByName(api.deps.db, LECLOS, 'Garden Terrace');
    });

    it('refuses venue staff, guests and callers without a log-in every set-up call, and changes nothing', async () => {
      const before = await floor();
      const t1 = before.tables.find((t) => t.name === 'T1')!;
      for (const caller of [leclosStaff, await h.newUser('guest'), await h.newUser('member')]) {
        expect((await api.request('GET', `/admin/venue/${LECLOS}/floor`, { token: caller.token() })).status).toBe(403);
        expect((await api.request('POST', `/admin/venue/${LECLOS}/table`, { token: caller.token(), body: newTable('X1') })).status).toBe(403);
        expect((await putTable(caller, t1, { name: 'Nope' })).status).toBe(403);
        expect((await putPacing(caller, { rules: [], version: 0 })).status).toBe(403);
        expect((await api.request('GET', `/admin/venue/${LECLOS}/turn-times`, { token: caller.token() })).status).toBe(403);
      }
      expect((await api.request('GET', `/admin/venue/${LECLOS}/pacing`)).status).toBe(401);
      expect(await floor()).toEqual(before);
    });

    it('adds a table, placed on the floor plan, audited with nothing before', async () => {
      const res = await api.request('POST', `/admin/venue/${LECLOS}/table`, { token: admin.token(), body: newTable('T7') });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toMatchObject({ version: 1, published: true, affected: [] });
      const t7 = await tableNamed('T7');
      expect(t7).toMatchObject({ seatingAreaId: terrace, minGuests: 2, maxGuests: 4, shape: 'ROUND', x: 100, y: 200, active: true, version: 1 });
      const [entry] = await auditOf(t7._id);
      expect(entry).toMatchObject({ action: 'setup.table.create', actorId: admin.id, venueId: LECLOS, entityType: 'table', before: null });
      expect(entry!.after).toMatchObject({ tableId: t7._id, name: 'T7', x: 100, y: 200 });
    });

    it('answers a stale change 409 20140 and saves nothing; the fresh one is audited with before and after', async () => {
      const read = await tableNamed('T2');
      const first = await putTable(admin, read, { rotation: 45, x: 300 });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.version).toBe(read.version + 1);
      // A second admin still holding the first read.
      const stale = await putTable(admin, read, { name: 'T2b' });
      expect(stale.status).toBe(409);
      expect(stale.body.errorCode).toBe(20140);
      expect(await tableNamed('T2')).toMatchObject({ rotation: 45, x: 300, version: read.version + 1 });
      // The ETag read back as If-Match is the same rule.
      const viaHeader = await api.request('PUT', `/admin/table/${read._id}`, { token: admin.token(), headers: { 'If-Match': `W/"${read.version}"` }, body: { ...changeOf(read), version: 999 } });
      expect(viaHeader.body.errorCode).toBe(20140);
      const entries = (await auditOf(read._id)).filter((e) => e.action === 'setup.table.change');
      expect(entries).toHaveLength(1);
      expect(entries[0]!.before).toMatchObject({ rotation: 0, name: 'T2' });
      expect(entries[0]!.after).toMatchObject({ rotation: 45, x: 300, name: 'T2' });
    });

    it('refuses a change that breaks the rules with every reason, and a bad field with 400, saving nothing', async () => {
      const t3 = await tableNamed('T3');
      const refused = await putTable(admin, t3, { name: 'T1', seatingAreaId: await seatingAreaIdByName(api.deps.db, OBE, 'Dining Room').catch(() => 'ffffffffffffffffffffffff') });
      expect(refused.status).toBe(409);
      expect(refused.body.errorCode).toBe(20141);
      expect(refused.body.reasons).toEqual(['The dining area is not one of this venue', 'Another table is already called T1']);
      const bad = await putTable(admin, t3, { minGuests: 6, maxGuests: 2 });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('maxGuests');
      expect(await tableNamed('T3')).toEqual(t3);
    });

    it('previews the bookings a change leaves without a table, saves nothing; publishing lists them and cancels none', async () => {
      const date = ownDay();
      const booking = await book(date, DINNER, 2);
      const table = (await floor()).tables.find((t) => t._id === booking.tableId)!;
      const audited = (await auditOf(table._id)).length;
      const preview = await putTable(admin, table, { active: false }, true);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.data.published).toBe(false);
      expect(preview.body.data.version).toBe(table.version + 1);
      expect(preview.body.data.affected).toEqual([expect.objectContaining({ _id: booking.id, uniqueId: booking.uniqueId, date, startTime: DINNER, reasons: ['NO_TABLE'] })]);
      expect(await tableNamed(table.name)).toEqual(table);
      expect((await auditOf(table._id)).length).toBe(audited);

      const published = await putTable(admin, table, { active: false });
      expect(published.body.data).toMatchObject({ published: true, affected: [expect.objectContaining({ _id: booking.id, reasons: ['NO_TABLE'] })] });
      const [after] = await api.deps.db.select().from(reservations).where(eq(reservations.id, booking.id));
      expect(after!.status).toBe('CONFIRMED');
      // An inactive table is offered to nobody; put back, it is again.
      const inactive = await tableNamed(table.name);
      expect((await putTable(admin, inactive, { active: true })).status).toBe(200);
    });

    it('keeps a staff-only table from guests online', async () => {
      const date = ownDay();
      const b1 = await tableNamed('B1');
      const b2 = await tableNamed('B2');
      await putTable(admin, b1, { bookable: 'STAFF' });
      await putTable(admin, b2, { bookable: 'WALK_IN' });
      // Parties of one fit D1-D5, T1-T3 and B1-B2; none of the guests' bookings lands on a bar seat.
      for (let i = 0; i < 3; i++) expect(['B1', 'B2'].map((n) => [b1, b2].find((t) => t.name === n)!._id)).not.toContain((await book(date, DINNER, 1)).tableId);
      await putTable(admin, await tableNamed('B1'), { bookable: 'ONLINE' });
      await putTable(admin, await tableNamed('B2'), { bookable: 'ONLINE' });
    });

    it('moves tables on the floor plan at once, and refuses the whole move when one was changed meanwhile', async () => {
      const [d1, d2] = [await tableNamed('D1'), await tableNamed('D2')];
      const layout = (t: SetupTable, x: number, version = t.version) => ({ tableId: t._id, version, shape: 'RECT', x, y: 40, width: 90, height: 60, rotation: 90 });
      const moved = await api.request('PUT', `/admin/venue/${LECLOS}/floor`, { token: admin.token(), body: { tables: [layout(d1, 10), layout(d2, 120)] } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(await tableNamed('D1')).toMatchObject({ x: 10, y: 40, width: 90, height: 60, rotation: 90, version: d1.version + 1 });
      const stale = await api.request('PUT', `/admin/venue/${LECLOS}/floor`, { token: admin.token(), body: { tables: [layout(d1, 500, d1.version + 1), layout(d2, 600, d2.version)] } });
      expect(stale.body.errorCode).toBe(20140);
      expect((await tableNamed('D1')).x).toBe(10);
    });

    describe('pacing', () => {
      it('reads 0 before any, refuses a service the venue does not have, and answers a stale version 409', async () => {
        const read = await api.request('GET', `/admin/venue/${LECLOS}/pacing`, { token: admin.token() });
        expect(read.body.data).toEqual({ venueId: LECLOS, rules: [], version: 0, services: ['Breakfast', 'Lunch', 'Dinner', 'Supper'] });
        const refused = await putPacing(admin, { rules: [{ periodName: 'Tea', maxCoversPerSlot: 4, maxCoversPerService: null }], version: 0 });
        expect(refused.body).toMatchObject({ errorCode: 20141, reasons: ['Tea is not a service of this venue'] });
        const bad = await putPacing(admin, { rules: [{ periodName: 'Lunch', maxCoversPerSlot: 10, maxCoversPerService: 4 }], version: 0 });
        expect(bad.status).toBe(400);
      });

      it('previews the bookings a new limit puts over it; then availability and booking refuse a party over the limit', async () => {
        const date = ownDay();
        const first = await book(date, LUNCH, 4);
        // The second was made after the first: it is the one over the limit.
        api.clock.advanceMinutes(1);
        const second = await book(date, LUNCH, 4);
        const rules = [{ periodName: 'Lunch', maxCoversPerSlot: 6, maxCoversPerService: null }];
        const preview = await putPacing(admin, { rules, version: 0 }, true);
        expect(preview.body.data.affected).toEqual([expect.objectContaining({ _id: second.id, reasons: ['OVER_PACING'] })]);
        expect((await api.request('GET', `/admin/venue/${LECLOS}/pacing`, { token: admin.token() })).body.data.version).toBe(0);

        const published = await putPacing(admin, { rules, version: 0 });
        expect(published.body.data).toMatchObject({ version: 1, published: true });
        expect(published.body.data.affected.map((b: { _id: string }) => b._id)).toEqual([second.id]);
        expect(first.status).toBe('CONFIRMED');
        const [audit] = await auditOf(LECLOS);
        expect(audit).toMatchObject({ action: 'setup.pacing.create', before: null, after: { rules } });

        // 8 of 6 covers at 12:00: nothing more starts then; 12:15 is free.
        expect(await offered(date)).not.toContain(LUNCH);
        expect(await offered(date)).toContain(LUNCH + 15);
        const refused = await hold(await h.newUser(), date, LUNCH, 2);
        expect(refused.status).toBe(409);
        expect(refused.body.errorCode).toBe(20102);
        // Staff are told the limit and the count.
        const byPhone = await api.request('POST', '/admin/reservation', {
          token: admin.token(),
          body: { venueId: LECLOS, experienceId: alaCarte, date, startTime: LUNCH, numberOfGuests: 2, firstName: 'Pat', lastName: 'Ng', email: 'pat.ng@example.com' },
        });
        expect(byPhone.status).toBe(409);
        expect(byPhone.body.staffReason).toMatchObject({ code: 'PACED_OUT', maxCovers: 6, bookedCovers: 8, startTime: LUNCH });
      });

      it('lets 16 guests booking at once never start more covers than the limit', async () => {
        const date = ownDay();
        const now = (await api.request('GET', `/admin/venue/${LECLOS}/pacing`, { token: admin.token() })).body.data;
        const rules = [...now.rules.filter((r: { periodName: string }) => r.periodName !== 'Lunch'), { periodName: 'Lunch', maxCoversPerSlot: 6, maxCoversPerService: 40 }];
        expect((await putPacing(admin, { rules, version: now.version })).status).toBe(200);
        const guests = await Promise.all(Array.from({ length: 16 }, () => h.newUser()));
        const answers = await Promise.all(guests.map((g) => hold(g, date, LUNCH + 30, 2)));
        expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
        expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409 && a.body.errorCode === 20102)).toBe(true);
      });
    });

    describe('turn times', () => {
      it('reads and sets them from the version read, audited', async () => {
        const rules = [{ periodName: 'Dinner', minGuests: 1, maxGuests: 4, minutes: 105 }, { periodName: null, minGuests: 5, maxGuests: 12, minutes: 150 }];
        const set = await api.request('PUT', `/admin/venue/${LECLOS}/turn-times`, { token: admin.token(), body: { rules, version: 0 } });
        expect(set.status, JSON.stringify(set.body)).toBe(200);
        const read = await api.request('GET', `/admin/venue/${LECLOS}/turn-times`, { token: admin.token() });
        expect(read.body.data).toEqual({ venueId: LECLOS, rules, version: 1 });
        expect(read.status).toBe(200);
        const stale = await api.request('PUT', `/admin/venue/${LECLOS}/turn-times`, { token: admin.token(), body: { rules: [], version: 0 } });
        expect(stale.body.errorCode).toBe(20140);
      });

      it('gives availability and the booking the turn time of the service and party, else the experience length', async () => {
        const date = ownDay();
        const query = new URLSearchParams({ experienceId: alaCarte, numberOfGuests: '2' });
        const res = await api.request('GET', `/user/reservation/v1.1/timeslot-availability/${LECLOS}/${date}?${query}`, { token: (await h.newUser()).token() });
        const durationAt = (start: number) => (res.body.data.timeslots as { startTime: number; duration: number }[]).find((s) => s.startTime === start)?.duration;
        expect(durationAt(DINNER)).toBe(105);
        // Lunch has no rule for two: the experience's 90 minutes.
        expect(durationAt(LUNCH + 60)).toBe(90);
        const booked = await book(date, DINNER, 2);
        expect(booked.duration).toBe(105);
        expect(booked.endsAt.getTime() - booked.startsAt.getTime()).toBe(105 * 60_000);
      });
    });
  });
}
