/**
 * The host stand through the HTTP API, on PGlite and on PostgreSQL (docs/PRODUCT.md §6): a service day's
 * floor and parties at the server's clock (late after the grace, seated minutes, booked soon with the
 * time), running late (audited), a seat at a table by drag, and two hosts giving one table to two
 * parties at once: one wins, the other is told who took it.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, reservations } from '../../../server/db/schema';
import type { Schema } from '../../../server/lib/api-types';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

type Stand = Schema<'HostStand'>;

/** The harness's Monday, 2026-11-23, in Hong Kong. */
const DAY = '2026-11-23';
const hk = (hhmm: string) => `${DAY}T${hhmm}:00+08:00`;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

for (const driver of testDrivers()) {
  describe(`host stand (${driver})`, () => {
    let { api, h, admin, leclosStaff, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff, obeStaff } = accounts));

    /** A confirmed À la Carte booking at Le Clos for `name`, made in the morning as a guest books. */
    async function book(name: string, at: string, numberOfGuests = 2): Promise<string> {
      const [firstName, lastName] = name.split(' ');
      const guest = await testKit(api).guest({ firstName, lastName });
      const experienceId = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      const held = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: LECLOS, experienceId, date: DAY, startTime: minutes(at), numberOfGuests } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const done = await api.request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
        token: guest.token(),
        body: { firstName, lastName, email: guest.email, mobileCountryCode: '852', mobileNumber: '61230000', agreements: { cancellationPolicy: true, noShowPolicy: true } },
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return held.body.data._id;
    }

    const readStand = async (token = leclosStaff.token()): Promise<Stand> => {
      const res = await api.request('GET', `/admin/venue/${LECLOS}/host-stand/${DAY}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const partyOf = (stand: Stand, id: string) => stand.parties.find((p) => p.booking.id === id)!;
    const tableOf = (stand: Stand, id: string) => stand.tables.find((t) => t._id === id)!;
    const visit = (id: string, action: string) => api.request('PUT', `/admin/reservation/${id}/visit`, { token: leclosStaff.token(), body: { action } });
    const seatAt = (id: string, tableIds: string[]) => api.request('POST', `/admin/reservation/${id}/seat-at`, { token: leclosStaff.token(), body: { tableIds } });
    /** A table free all evening that seats two, other than these. */
    const freeTable = (stand: Stand, ...not: string[]) => stand.tables.find((t) => t.state === 'free' && !t.next && t.maxGuests >= 2 && t.minGuests <= 2 && !not.includes(t._id))!;

    it('draws the whole floor with its layout, each party with its status by the clock, and the covers', async () => {
      const early = await book('Ada Early', '19:00');
      const late = await book('Lee Late', '19:30');
      const soon = await book('Sam Soon', '20:30', 4);
      api.clock.set(hk('18:58'));
      expect((await visit(early, 'seat')).status).toBe(200);
      api.clock.set(hk('19:52'));

      const stand = await readStand();
      expect(stand.now).toBe(new Date(hk('19:52')).toISOString());
      expect(stand.graceMinutes).toBe(15);
      expect(stand.tables).toHaveLength(20);
      expect(stand.tables.every((t) => t.x !== null && t.y !== null && t.width > 0)).toBe(true);
      expect(stand.areas.map((a) => a.name)).toEqual(['Dining Room', 'Garden Terrace', 'Bar Counter']);

      expect(partyOf(stand, late)).toMatchObject({ standStatus: 'late', lateMinutes: 22, booking: { guestName: 'Lee Late' } });
      expect(tableOf(stand, partyOf(stand, late).tableIds[0]!)).toMatchObject({ state: 'late', partyId: late, lateMinutes: 22 });
      expect(partyOf(stand, early)).toMatchObject({ standStatus: 'seated', seatedMinutes: 54, overdue: false });
      expect(tableOf(stand, partyOf(stand, early).tableIds[0]!)).toMatchObject({ state: 'seated', seatedMinutes: 54 });
      expect(partyOf(stand, soon).standStatus).toBe('upcoming');
      expect(tableOf(stand, partyOf(stand, soon).tableIds[0]!)).toMatchObject({ state: 'bookedSoon', next: { partyId: soon, startTime: minutes('20:30') } });
      expect(stand.counts).toMatchObject({ all: 3, late: 1, seated: 1, upcoming: 1, arrived: 0 });
      expect(stand.covers).toEqual([
        { startTime: minutes('19:00'), covers: 2, limit: null },
        { startTime: minutes('19:30'), covers: 2, limit: null },
        { startTime: minutes('20:30'), covers: 4, limit: null },
      ]);

      // Past the turn time the party was given (the booking's length), the seated party is overdue.
      api.clock.set(new Date(Date.parse(hk('18:58')) + (partyOf(stand, early).booking.duration + 1) * 60_000));
      const later = await readStand();
      expect(partyOf(later, early).overdue).toBe(true);
      expect(tableOf(later, partyOf(later, early).tableIds[0]!).state).toBe('overdue');
    });

    it("answers each party's booking with what the stand shows and nothing more, with the guest book's VIP tag and allergy note", async () => {
      const id = await book('Vera Vip', '19:00');
      const guestId = (await api.deps.db.select({ userId: reservations.userId }).from(reservations).where(eq(reservations.id, id)))[0]!.userId;
      const tags = await api.request('GET', '/admin/guest-tag', { token: leclosStaff.token() });
      const vipTag = tags.body.data.find((t: { code: string | null }) => t.code === 'VIP')._id;
      expect((await api.request('POST', `/admin/guest/${guestId}/tag`, { token: leclosStaff.token(), body: { tagId: vipTag } })).status).toBe(200);
      expect((await api.request('POST', `/admin/guest/${guestId}/note`, { token: leclosStaff.token(), body: { kind: 'ALLERGY', body: 'Peanuts' } })).status).toBe(201);
      api.clock.set(hk('18:30'));

      const party = partyOf(await readStand(), id);
      expect(Object.keys(party.booking).sort()).toEqual(
        [
          'id', 'uniqueId', 'startTime', 'duration', 'numberOfGuests', 'guestName', 'guestType', 'mobile', 'table', 'visitState', 'startsAt',
          'serviceEndsAt', 'tableTaken', 'payment', 'notes', 'staffNotes', 'payLink', 'occasion', 'dietaryNote', 'guestAlerts',
        ].sort(),
      );
      // No e-mail, visit count, experience or payment detail: the day sheet has those.
      expect(party.booking.payment).toEqual({ owed: 0 });
      expect(party).toMatchObject({
        vip: true,
        allergy: true,
        booking: { guestName: 'Vera Vip', guestType: 'guest', mobile: '+852 6123 0000', visitState: 'confirmed', startTime: minutes('19:00'), guestAlerts: [{ kind: 'ALLERGY', text: 'Peanuts' }] },
      });
    });

    it('is for the venue\'s own staff: another venue\'s staff are refused', async () => {
      const res = await api.request('GET', `/admin/venue/${LECLOS}/host-stand/${DAY}`, { token: obeStaff.token() });
      expect(res.status).toBe(403);
    });

    it("says whether one of the venue's services runs now by the server's clock, and the service day running", async () => {
      const serviceNow = async (at: string) => {
        api.clock.set(at);
        const res = await api.request('GET', `/admin/venue/${LECLOS}/service-now`, { token: leclosStaff.token() });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data;
      };
      // Monday: dinner runs at 7:30 pm; Le Clos has no supper on Mondays, so at 11 pm nothing does.
      expect(await serviceNow(hk('19:30'))).toEqual({ date: DAY, running: true, service: 'Dinner' });
      expect(await serviceNow(hk('23:00'))).toEqual({ date: DAY, running: false, service: null });
      // Tuesday's supper at 00:30 on Wednesday is Tuesday's service day.
      expect(await serviceNow('2026-11-25T00:30:00+08:00')).toEqual({ date: '2026-11-24', running: true, service: 'Supper' });
      expect((await api.request('GET', `/admin/venue/${LECLOS}/service-now`, { token: obeStaff.token() })).status).toBe(403);
    });

    it('marks a party running late with the minutes expected, audited; an arrived party is refused', async () => {
      const coming = await book('Rita Ring', '20:00');
      const arrived = await book('Amy Here', '20:00');
      api.clock.set(hk('19:55'));
      const marked = await api.request('PUT', `/admin/reservation/${coming}/running-late`, { token: leclosStaff.token(), body: { minutes: 20 } });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect(marked.body.data).toEqual({ reservationId: coming, runningLateMinutes: 20 });
      expect(partyOf(await readStand(), coming).runningLateMinutes).toBe(20);
      const audit = await api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, coming), eq(auditLog.action, 'reservation.running-late')));
      expect(audit.map((a) => [a.actorId, a.after])).toEqual([[leclosStaff.id, { runningLateMinutes: 20 }]]);

      expect((await visit(arrived, 'arrive')).status).toBe(200);
      const refused = await api.request('PUT', `/admin/reservation/${arrived}/running-late`, { token: leclosStaff.token(), body: { minutes: 10 } });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ errorCode: 20202, message: 'Only a party that has not arrived can be running late.' });
      const bad = await api.request('PUT', `/admin/reservation/${coming}/running-late`, { token: leclosStaff.token(), body: { minutes: 0 } });
      expect(bad.status).toBe(400);
    });

    it('seats a party at the table it is dropped on, and moves a seated party to another', async () => {
      const party = await book('Dana Drop', '12:00');
      api.clock.set(hk('12:05'));
      const stand = await readStand();
      const first = freeTable(stand);
      const seated = await seatAt(party, [first._id]);
      expect(seated.status, JSON.stringify(seated.body)).toBe(200);
      expect(seated.body.data).toEqual({ reservationId: party, tableIds: [first._id], visitStatus: 'SEATED' });
      const after = await readStand();
      expect(tableOf(after, first._id)).toMatchObject({ state: 'seated', partyId: party, seatedMinutes: 0 });

      const second = freeTable(after, first._id);
      expect((await seatAt(party, [second._id])).status).toBe(200);
      const moved = await readStand();
      expect(tableOf(moved, second._id)).toMatchObject({ state: 'seated', partyId: party });
      expect(tableOf(moved, first._id).state).toBe('free');
    });

    it('mails the guest nothing when the party is seated at, or moved to, another table: nothing they see changed', async () => {
      const party = await book('Nina Nomail', '12:30');
      const email = (await api.deps.db.select({ email: reservations.email }).from(reservations).where(eq(reservations.id, party)))[0]!.email!;
      const mailed = (await h.outboxOf(email)).length;
      expect(mailed).toBeGreaterThan(0);
      api.clock.set(hk('12:31'));
      const stand = await readStand();
      const own = partyOf(stand, party).tableIds[0]!;
      const other = freeTable(stand, own);
      expect((await seatAt(party, [other._id])).status).toBe(200);
      expect((await seatAt(party, [freeTable(await readStand(), own, other._id)._id])).status).toBe(200);
      expect((await h.outboxOf(email)).length).toBe(mailed);
    });

    it('gives one table to one of two parties dropped on it at once, and tells the other who took it', async () => {
      const ann = await book('Ann Ahead', '13:00');
      const bob = await book('Bob Behind', '13:00');
      api.clock.set(hk('13:02'));
      const table = freeTable(await readStand());
      const answers = await Promise.all([seatAt(ann, [table._id]), seatAt(bob, [table._id])]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const lost = answers.find((a) => a.status === 409)!;
      const winner = answers[0]!.status === 200 ? 'Ann Ahead' : 'Bob Behind';
      expect(lost.body.errorCode).toBe(20201);
      expect(lost.body.message).toContain(`Table ${table.name} has just been given to ${winner} (`);
      expect(lost.body.staffReason).toMatchObject({ code: 'TABLE_TAKEN', table: table.name });
      const stand = await readStand();
      expect(tableOf(stand, table._id)).toMatchObject({ state: 'seated', partyId: winner === 'Ann Ahead' ? ann : bob });
      // The one refused is neither moved nor seated.
      expect(partyOf(stand, winner === 'Ann Ahead' ? bob : ann).standStatus).toBe('upcoming');
    });

    it("shows what protects each booking: asked to reconfirm, reconfirmed and how, and staff's last call", async () => {
      const asked = await book('Ivy Asked', '20:00');
      const called = await book('Carl Called', '20:00');
      const never = await book('Nell Never', '20:30');
      api.clock.set(hk('12:00'));
      const askedAt = new Date(hk('12:00'));
      for (const id of [asked, called]) await api.deps.db.update(reservations).set({ reconfirmAskedAt: askedAt }).where(eq(reservations.id, id));
      const call = (id: string, outcome: string) => api.request('POST', `/admin/reservation/${id}/reconfirmation-call`, { token: leclosStaff.token(), body: { outcome } });
      api.clock.set(hk('17:10'));
      expect((await call(asked, 'NO_ANSWER')).status).toBe(200);
      api.clock.set(hk('17:20'));
      expect((await call(asked, 'VOICEMAIL')).status).toBe(200);
      expect((await call(called, 'CONFIRMED')).status).toBe(200);

      const stand = await readStand();
      expect(partyOf(stand, asked).reconfirmation).toEqual({ askedAt: askedAt.toISOString(), reconfirmedAt: null, via: null, lastCall: { outcome: 'VOICEMAIL', at: new Date(hk('17:20')).toISOString() } });
      expect(partyOf(stand, called).reconfirmation).toEqual({
        askedAt: askedAt.toISOString(),
        reconfirmedAt: new Date(hk('17:20')).toISOString(),
        via: 'PHONE',
        lastCall: { outcome: 'CONFIRMED', at: new Date(hk('17:20')).toISOString() },
      });
      expect(partyOf(stand, never).reconfirmation).toBeNull();
    });

    const tableNamed = (stand: Stand, name: string) => stand.tables.find((t) => t.name === name)!;

    it('joins tables for a party as the set-up combines them: a party of 8 dropped on D10 sits at D10 + D11', async () => {
      api.clock.set(hk('09:00'));
      const eight = await book('Eva Eight', '14:00', 8);
      api.clock.set(hk('14:01'));
      const before = await readStand();
      const [d10, d11] = [tableNamed(before, 'D10'), tableNamed(before, 'D11')];
      const seated = await seatAt(eight, [d10._id]);
      expect(seated.status, JSON.stringify(seated.body)).toBe(200);
      expect(seated.body.data).toEqual({ reservationId: eight, tableIds: [d10._id, d11._id], visitStatus: 'SEATED' });
      const after = await readStand();
      expect(tableOf(after, d10._id)).toMatchObject({ state: 'seated', partyId: eight, joinedWith: [d11._id] });
      expect(tableOf(after, d11._id)).toMatchObject({ state: 'seated', partyId: eight, joinedWith: [d10._id] });
      expect(partyOf(after, eight).tableIds).toEqual([d10._id, d11._id]);
    });

    it('gives a walk-in from the queue seated on a table too small for it that table joined, the first free combination: a party of 8 on D10 sits at D10 + D11', async () => {
      // An afternoon no other test of this file seats anyone at D10 or D11.
      api.clock.set(hk('16:20'));
      const queue = `/admin/venue/${LECLOS}/walk-in-queue`;
      const queued = await api.request('POST', queue, { token: leclosStaff.token(), body: { name: 'Walk Eight', numberOfGuests: 8 } });
      expect(queued.status, JSON.stringify(queued.body)).toBe(201);
      const before = await readStand();
      const [d10, d11] = [tableNamed(before, 'D10'), tableNamed(before, 'D11')];
      const seated = await api.request('POST', `${queue}/${queued.body.data._id}/seat`, { token: leclosStaff.token(), body: { tableId: d10._id } });
      expect(seated.status, JSON.stringify(seated.body)).toBe(201);
      const [visit] = await api.deps.db.select().from(reservations).where(eq(reservations.id, seated.body.data.reservation._id));
      expect(visit).toMatchObject({ numberOfGuests: 8, visitStatus: 'SEATED' });
      expect([visit!.tableId, ...visit!.combinedTableIds].sort()).toEqual([d10._id, d11._id].sort());
      expect(partyOf(await readStand(), visit!.id).tableIds.sort()).toEqual([d10._id, d11._id].sort());
    });

    it('refuses tables joined that are no combination of the set-up, and changes nothing', async () => {
      api.clock.set(hk('09:00'));
      const pair = await book('Paul Pair', '15:15');
      api.clock.set(hk('15:16'));
      const stand = await readStand();
      const own = partyOf(stand, pair).tableIds[0]!;
      const other = freeTable(stand, own);
      const refused = await seatAt(pair, [own, other._id]);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ field: 'tableIds' });
      expect(refused.body.message).toMatch(/^Tables .+ are not joined for a party of 2: choose a table or tables from the list$/);
      const after = await readStand();
      expect(partyOf(after, pair)).toMatchObject({ standStatus: 'upcoming', tableIds: [own] });
      expect(tableOf(after, other._id).state).toBe('free');
    });

    it('of two hosts at once, one joining D10 + D11 for a party of 8 and one seating a pair at D11, one wins and the other is told who has it', async () => {
      api.clock.set(hk('09:00'));
      const eight = await book('Ida Ivy', '11:00', 8);
      const pair = await book('Pam Quick', '11:00');
      api.clock.set(hk('11:02'));
      const stand = await readStand();
      const [d10, d11] = [tableNamed(stand, 'D10'), tableNamed(stand, 'D11')];
      const answers = await Promise.all([seatAt(eight, [d10._id]), seatAt(pair, [d11._id])]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const [won, lost] = answers[0]!.status === 200 ? ['Ida Ivy', answers[1]!] : ['Pam Quick', answers[0]!];
      expect(lost.body.errorCode).toBe(20201);
      expect(lost.body.message).toContain(`has just been given to ${won} (`);
      const after = await readStand();
      expect(tableOf(after, d11._id)).toMatchObject({ state: 'seated', partyId: won === 'Ida Ivy' ? eight : pair });
      expect(partyOf(after, won === 'Ida Ivy' ? pair : eight).standStatus).toBe('upcoming');
    });

    const arrivedCovers = (id: string, covers: number) => api.request('PUT', `/admin/reservation/${id}/arrived-covers`, { token: leclosStaff.token(), body: { covers } });

    it('marks a party partly arrived through the visit chart, then all here; an undone arrival forgets the covers', async () => {
      api.clock.set(hk('09:00'));
      const four = await book('Fay Four', '12:30', 4);
      api.clock.set(hk('12:25'));
      const partly = await arrivedCovers(four, 2);
      expect(partly.status, JSON.stringify(partly.body)).toBe(200);
      expect(partly.body.data).toEqual({ reservationId: four, visitStatus: 'ARRIVED', arrivedCovers: 2 });
      const stand = await readStand();
      expect(partyOf(stand, four)).toMatchObject({ standStatus: 'arrived', arrivedCovers: 2 });
      expect(tableOf(stand, partyOf(stand, four).tableIds[0]!).state).toBe('arrived');
      const audit = await api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, four), eq(auditLog.action, 'reservation.arrived-covers')));
      expect(audit.map((a) => a.after)).toEqual([{ arrivedCovers: 2 }]);

      // More than the party is refused and changes nothing; the whole party here clears the mark.
      expect((await arrivedCovers(four, 5)).body).toMatchObject({ status: 400, field: 'covers' });
      expect(partyOf(await readStand(), four).arrivedCovers).toBe(2);
      expect((await arrivedCovers(four, 4)).body.data).toEqual({ reservationId: four, visitStatus: 'ARRIVED', arrivedCovers: null });
      expect((await arrivedCovers(four, 3)).status).toBe(200);
      expect((await visit(four, 'undo-arrival')).status).toBe(200);
      expect(partyOf(await readStand(), four)).toMatchObject({ standStatus: 'upcoming', arrivedCovers: null });
    });

    it('refuses covers here for a party not expected (cancelled): 409 20212', async () => {
      api.clock.set(hk('09:00'));
      const gone = await book('Gil Gone', '12:45', 3);
      expect((await visit(gone, 'cancel')).status).toBe(200);
      const refused = await arrivedCovers(gone, 1);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ errorCode: 20212, message: 'Only a party expected or at its table can be marked partly arrived.' });
    });

    it("marks a party's staff notes on the list, never the guest's requests", async () => {
      api.clock.set(hk('09:00'));
      const noted = await book('Nora Note', '12:15');
      const notes = (body: object) => api.request('PUT', `/admin/reservation/${noted}/notes`, { token: leclosStaff.token(), body });
      expect((await notes({ notes: 'A quiet table, please' })).status).toBe(200);
      expect(partyOf(await readStand(), noted).staffNote).toBe(false);
      expect((await notes({ staffNotes: 'Regular of the chef' })).status).toBe(200);
      expect(partyOf(await readStand(), noted)).toMatchObject({ staffNote: true, booking: { staffNotes: 'Regular of the chef', notes: 'A quiet table, please' } });
    });

    it("reads a party late by the venue's late grace, which the set-up changes (audited, versioned, 0 to 120)", async () => {
      api.clock.set(hk('09:00'));
      const lou = await book('Lou Grace', '11:30');
      api.clock.set(hk('11:40'));
      expect(partyOf(await readStand(), lou).standStatus).toBe('upcoming');
      const content = async () => (await api.request('GET', `/admin/setup/venue/${LECLOS}/content`, { token: admin.token() })).body.data;
      const { version, lateGraceMinutes } = await content();
      expect(lateGraceMinutes).toBe(15);
      const grace = (body: object) => api.request('PUT', `/admin/venue/${LECLOS}/late-grace`, { token: admin.token(), body });
      const bad = await grace({ lateGraceMinutes: 121, version });
      expect(bad.body).toMatchObject({ status: 400, field: 'lateGraceMinutes', message: 'Enter 0 to 120 minutes' });
      const set = await grace({ lateGraceMinutes: 5, version });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.data).toMatchObject({ published: true, version: version + 1 });
      expect((await grace({ lateGraceMinutes: 10, version })).body.errorCode).toBe(20140);
      expect((await content()).lateGraceMinutes).toBe(5);
      const stand = await readStand();
      expect(stand.graceMinutes).toBe(5);
      expect(partyOf(stand, lou)).toMatchObject({ standStatus: 'late', lateMinutes: 10 });
      const audit = await api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, LECLOS), eq(auditLog.actorId, admin.id)));
      expect(audit.map((a) => [a.before, a.after])).toContainEqual([{ lateGraceMinutes: 15 }, { lateGraceMinutes: 5 }]);
      expect((await grace({ lateGraceMinutes: 15, version: version + 1 })).status).toBe(200);
    });
  });
}
