/**
 * The staff console's day sheet through the HTTP API, on PGlite and on PostgreSQL: a venue's day by
 * service and seating with each booking's guest, visit count, table, status and payment, and the cover
 * totals; venue scoping; and the live stream, where a booking made through /user/reservation arrives as
 * an event once it has committed.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reservationEventListeners } from '../../../server/services/reservations/reservation-events';
import { experienceIdByName, LECLOS, OBE } from '../../support/server/fixtures';
import { TEST_NOW, testDrivers } from '../../support/server/harness';
import { type TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const HOUR = 3_600_000;

interface SheetBooking {
  id: string;
  startTime: number;
  numberOfGuests: number;
  guestName: string;
  guestType: string;
  visitCount: number | null;
  table: { name: string };
  seatingArea: { name: string } | null;
  status: string;
  visitState: string | null;
  payment: { type: string; paid: number; refunded: number; noShow: { fee: number; kept: number; charged: number; outstanding: number } | null };
  notes: string | null;
}

/** An open event stream: its events as they arrive, read from the answer's body. */
function readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; data: string }[] = [];
  async function next(match: (e: { event: string; data: string }) => boolean, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.findIndex(match);
      if (found >= 0) return events.splice(found, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no matching event; had ${JSON.stringify(events)}`);
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ?? '' });
      }
    }
  }
  return { next, close: () => reader.cancel() };
}

for (const driver of testDrivers()) {
  describe(`day sheet (${driver})`, () => {
    let { api, h, admin, leclosStaff, obeStaff, newStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff, obeStaff, newStaff } = accounts));


    /** A confirmed À la Carte booking at Le Clos (nothing paid). */
    async function bookLeClos(user: TestUser, date: string, startTime: number, numberOfGuests = 2, notes?: string): Promise<string> {
      const experienceId = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      const held = await api.request('POST', '/user/reservation/v1.1', { token: user.token(), body: { venueId: LECLOS, experienceId, date, startTime, numberOfGuests } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const done = notes
        ? await api.request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
            token: user.token(),
            body: { firstName: 'Nora', lastName: 'Lam', email: user.email, mobileCountryCode: '852', mobileNumber: '61230000', notes, agreements: { cancellationPolicy: true } },
          })
        : await h.complete(user, held.body.data._id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return held.body.data._id;
    }

    const sheet = (staff: TestUser, venueId: string, date: string) =>
      api.request('GET', `/admin/venue/${venueId}/day-sheet/${date}`, { token: staff.token() });
    const visit = (staff: TestUser, id: string, action: string) =>
      api.request('PUT', `/admin/reservation/${id}/visit`, { token: staff.token(), body: { action } });
    const bookingsOf = (data: { services: { seatings: { bookings: SheetBooking[] }[] }[] }) =>
      data.services.flatMap((s) => s.seatings.flatMap((seating) => seating.bookings));

    it("gives a venue's day by service and seating, with each booking's guest, visits, table, status and the covers", async () => {
      const member = await h.newUser('member');
      const guest = await h.newUser('guest');
      // The member came once before: seated and finished on an earlier day.
      const earlier = await bookLeClos(member, '2026-12-02', 750);
      // Arrival and seating on the booking's day, from two hours before it.
      api.clock.set(new Date('2026-12-02T12:00:00+08:00'));
      for (const action of ['arrive', 'seat', 'finish']) expect((await visit(leclosStaff, earlier, action)).status).toBe(200);
      api.clock.set(TEST_NOW);

      const lunch1 = await bookLeClos(member, '2026-12-03', 720, 4, 'Window table please');
      const lunch2 = await bookLeClos(guest, '2026-12-03', 735, 2);
      const lunch3 = await bookLeClos(await h.newUser('guest'), '2026-12-03', 720, 3);
      const dinner = await bookLeClos(guest, '2026-12-03', 1140, 2);
      const cancelled = await bookLeClos(await h.newUser('guest'), '2026-12-03', 1140, 5);
      expect((await visit(admin, cancelled, 'cancel')).status).toBe(200);
      api.clock.set(new Date('2026-12-03T11:30:00+08:00'));
      expect((await visit(leclosStaff, lunch1, 'arrive')).status).toBe(200);

      const res = await sheet(leclosStaff, LECLOS, '2026-12-03');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data;
      expect(data.services.map((s: { name: string }) => s.name)).toEqual(['Lunch', 'Dinner']);
      const [lunch, dinnerService] = data.services;
      expect(lunch.seatings.map((s: { startTime: number }) => s.startTime)).toEqual([720, 735]);
      expect(lunch.seatings[0].bookings.map((b: SheetBooking) => b.id).sort()).toEqual([lunch1, lunch3].sort());
      expect(lunch).toMatchObject({ covers: 9, bookings: 3 });
      // The cancelled booking is listed, and counts no covers.
      expect(dinnerService).toMatchObject({ covers: 2, bookings: 1 });
      expect(dinnerService.seatings[0].bookings.map((b: SheetBooking) => [b.id, b.status])).toEqual([
        [dinner, 'CONFIRMED'],
        [cancelled, 'CANCELED'],
      ]);
      expect(data.coversPerQuarterHour).toEqual([
        { startTime: 720, covers: 7 },
        { startTime: 735, covers: 2 },
        { startTime: 1140, covers: 2 },
      ]);
      expect(data.totals).toEqual({ covers: 11, bookings: 4 });

      const first = bookingsOf(data).find((b) => b.id === lunch1)!;
      expect(first).toMatchObject({
        startTime: 720,
        numberOfGuests: 4,
        guestName: 'Nora Lam',
        // Typed as '852' and '61230000': shown one way, never '++852 61230000'.
        mobile: '+852 6123 0000',
        guestType: 'member',
        visitCount: 1,
        status: 'CONFIRMED',
        visitState: 'arrived',
        notes: 'Window table please',
        payment: { type: 'NONE', paid: 0, refunded: 0, noShow: null },
      });
      expect(first.table.name).toMatch(/^[A-Z]+\d+$/);
      expect(bookingsOf(data).find((b) => b.id === lunch2)).toMatchObject({ guestType: 'guest', visitCount: 0, visitState: 'confirmed' });
    });

    it("shows no visit count for walk-ins: the club's walk-in account is no known guest, and its visits count for no one", async () => {
      const walkIn = async (date: string) => {
        api.clock.set(new Date(`${date}T12:00:00+08:00`));
        const res = await api.request('POST', `/admin/venue/${LECLOS}/walk-in`, { token: leclosStaff.token(), body: { numberOfGuests: 2 } });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.data._id as string;
      };
      // Two walk-ins came and went on an earlier day, under the one walk-in account.
      for (const earlier of [await walkIn('2026-12-09'), await walkIn('2026-12-09')]) expect((await visit(leclosStaff, earlier, 'finish')).status).toBe(200);
      const today = await walkIn('2026-12-10');
      const booked = await bookLeClos(await h.newUser('guest'), '2026-12-10', 1140);

      const bookings = bookingsOf((await sheet(leclosStaff, LECLOS, '2026-12-10')).body.data);
      expect(bookings.find((b) => b.id === today)).toMatchObject({ guestName: 'Walk-in Guest', visitCount: null });
      expect(bookings.find((b) => b.id === booked)).toMatchObject({ visitCount: 0 });
    });

    it("keeps a venue's staff to their own venue's sheet, and guests off every sheet", async () => {
      expect((await sheet(obeStaff, LECLOS, '2026-12-03')).status).toBe(403);
      expect((await sheet(await h.newUser('member'), LECLOS, '2026-12-03')).status).toBe(403);
      expect((await sheet(admin, LECLOS, '2026-12-03')).status).toBe(200);
      expect((await sheet(obeStaff, OBE, '2026-12-03')).status).toBe(200);
      expect((await api.request('GET', `/admin/venue/${LECLOS}/day-sheet/2026-12-03`)).status).toBe(401);
      expect((await sheet(admin, LECLOS, '2026-13-03')).status).toBe(400);
    });

    it("shows a no-show's fee: kept, charged, and not charged when nothing can pay it", async () => {
      const guest = await h.newUser('guest');
      const id = await bookLeClos(guest, '2026-12-04', 1080, 2);
      const row = await h.reservationRow(id);
      api.clock.set(new Date(row.startsAt.getTime() + HOUR));
      const marked = await visit(leclosStaff, id, 'no-show');
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      const booking = bookingsOf((await sheet(leclosStaff, LECLOS, '2026-12-04')).body.data).find((b) => b.id === id)!;
      // Le Clos: HK$300 a person; nothing paid and no card or wallet, so nothing can charge it: not charged, not owed (docs/PRODUCT.md §6).
      expect(booking).toMatchObject({ status: 'NO_SHOW', visitState: 'noShow', payment: { noShow: { fee: 60_000, kept: 0, charged: 0, outstanding: 0, noCardOnFile: true } } });
    });

    it("charges a no-show's fee to a member's wallet only as far as its balance goes, and shows the rest owed", async () => {
      const member = await h.newUser('member', 20_000);
      const id = await bookLeClos(member, '2026-12-04', 1110, 2);
      api.clock.set(new Date((await h.reservationRow(id)).startsAt.getTime() + HOUR));
      const marked = await visit(leclosStaff, id, 'no-show');
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      // HK$600 due, HK$200 in the wallet: the wallet is emptied, never overdrawn (docs/PRODUCT.md §9, "Wallet").
      expect(marked.body.data.noShow).toEqual({ fee: 60_000, kept: 0, walletCharged: 20_000, cardCharged: 0, outstanding: 40_000, noCardOnFile: false });
      expect(await h.balanceOf(member.id)).toBe(0);
      const booking = bookingsOf((await sheet(leclosStaff, LECLOS, '2026-12-04')).body.data).find((b) => b.id === id)!;
      expect(booking).toMatchObject({ payment: { noShow: { fee: 60_000, kept: 0, charged: 20_000, outstanding: 40_000 } } });
    });

    describe('the live stream', () => {
      const streams: { close(): Promise<void> }[] = [];
      afterEach(async () => {
        await Promise.all(streams.splice(0).map((s) => s.close()));
      });

      async function openStream(staff: TestUser, venueId: string) {
        const ticket = await api.request('POST', `/admin/venue/${venueId}/events/ticket`, { token: staff.token() });
        expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
        const res = await api.app.request(`/admin/venue/${venueId}/events?ticket=${encodeURIComponent(ticket.body.data.ticket)}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        const stream = readEvents(res.body!);
        streams.push(stream);
        await stream.next((e) => e.event === 'ready');
        return stream;
      }

      it('brings a booking made through /user/reservation, its change of visit and its cancellation, once committed', async () => {
        const stream = await openStream(leclosStaff, LECLOS);
        const guest = await h.newUser('guest');
        const id = await bookLeClos(guest, '2026-12-05', 1140, 2);
        const made = await stream.next((e) => e.event === 'reservation' && JSON.parse(e.data).reservationId === id);
        expect(JSON.parse(made.data)).toEqual({ venueId: LECLOS, date: '2026-12-05', reservationId: id });

        api.clock.set(new Date('2026-12-05T18:00:00+08:00'));
        expect((await visit(leclosStaff, id, 'arrive')).status).toBe(200);
        await stream.next((e) => e.event === 'reservation' && JSON.parse(e.data).reservationId === id);
        expect((await h.cancel(guest, id)).status).toBe(409);
        expect((await visit(leclosStaff, id, 'undo-arrival')).status).toBe(200);
        expect((await h.cancel(guest, id)).status).toBe(200);
        await stream.next((e) => e.event === 'reservation' && JSON.parse(e.data).reservationId === id);
      });

      it("sends a venue's stream only that venue's changes", async () => {
        const obe = await openStream(obeStaff, OBE);
        const leclos = await openStream(leclosStaff, LECLOS);
        const id = await bookLeClos(await h.newUser('guest'), '2026-12-06', 1140, 2);
        await leclos.next((e) => e.event === 'reservation' && JSON.parse(e.data).reservationId === id);
        const whisky = await h.holdWhiskyFlight(await h.newUser('guest'), '2026-12-06');
        const seen = await obe.next((e) => e.event === 'reservation');
        expect(JSON.parse(seen.data).reservationId).toBe(whisky.id);
      });

      it('lets go of the database when the last stream closes', async () => {
        const listenConnections = async () =>
          driver === 'postgres'
            ? Number(
                ((await api.deps.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
              )
            : null;
        const first = await openStream(leclosStaff, LECLOS);
        const second = await openStream(admin, LECLOS);
        expect(reservationEventListeners(api.deps.db)).toEqual({ subscribers: 2, listening: true });
        if (driver === 'postgres') expect(await listenConnections()).toBe(1);
        await first.close();
        await vi.waitFor(() => expect(reservationEventListeners(api.deps.db).subscribers).toBe(1));
        await second.close();
        await vi.waitFor(() => expect(reservationEventListeners(api.deps.db)).toEqual({ subscribers: 0, listening: false }));
        if (driver === 'postgres') await vi.waitFor(async () => expect(await listenConnections()).toBe(0));
      });

      it("ends the stream of a member an admin removes or moves, and no one else's", async () => {
        const [leaver, mover] = [await newStaff('staff', LECLOS), await newStaff('staff', LECLOS)];
        const [leaverStream, moverStream, stayer] = [await openStream(leaver, LECLOS), await openStream(mover, LECLOS), await openStream(leclosStaff, LECLOS)];
        expect((await api.request('DELETE', `/admin/staff/${leaver.id}`, { token: admin.token() })).status).toBe(200);
        await expect(leaverStream.next(() => false)).rejects.toThrow('the stream ended');
        expect((await api.request('PATCH', `/admin/staff/${mover.id}`, { token: admin.token(), body: { role: 'staff', venueId: OBE } })).status).toBe(200);
        await expect(moverStream.next(() => false)).rejects.toThrow('the stream ended');
        const id = await bookLeClos(await h.newUser('guest'), '2026-12-07', 1140, 2);
        await stayer.next((e) => e.event === 'reservation' && JSON.parse(e.data).reservationId === id);
      });

      it('opens only with a fresh ticket of this venue, for staff who may see it', async () => {
        const open = (venueId: string, ticket: string) => api.app.request(`/admin/venue/${venueId}/events?ticket=${encodeURIComponent(ticket)}`);
        expect((await open(LECLOS, '')).status).toBe(400);
        expect((await open(LECLOS, 'made-up')).status).toBe(401);
        expect((await api.request('POST', `/admin/venue/${LECLOS}/events/ticket`, { token: obeStaff.token() })).status).toBe(403);
        expect((await api.request('POST', `/admin/venue/${LECLOS}/events/ticket`, { token: (await h.newUser('member')).token() })).status).toBe(403);
        const ticket = (await api.request('POST', `/admin/venue/${OBE}/events/ticket`, { token: obeStaff.token() })).body.data.ticket as string;
        // A ticket is for its venue only, and for a minute.
        expect((await open(LECLOS, ticket)).status).toBe(401);
        api.clock.advance(61_000);
        expect((await open(OBE, ticket)).status).toBe(401);
      });

      it('opens one stream, once, with a ticket, for the member it was issued to', async () => {
        const open = (ticket: string) => api.app.request(`/admin/venue/${LECLOS}/events?ticket=${encodeURIComponent(ticket)}`);
        const issue = async (staff: TestUser) =>
          (await api.request('POST', `/admin/venue/${LECLOS}/events/ticket`, { token: staff.token() })).body.data.ticket as string;
        const ticket = await issue(leclosStaff);
        const first = await open(ticket);
        expect(first.status).toBe(200);
        const stream = readEvents(first.body!);
        streams.push(stream);
        await stream.next((e) => e.event === 'ready');
        // The same ticket again, while its stream is open and after it closed, well inside its minute: refused.
        for (let i = 0; i < 3; i++) expect((await open(ticket)).status).toBe(401);
        await stream.close();
        expect((await open(ticket)).status).toBe(401);
        // Used at once from several places, one of them gets the stream.
        const raced = await issue(leclosStaff);
        const answers = await Promise.all(Array.from({ length: 5 }, () => open(raced)));
        expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
        for (const res of answers.filter((r) => r.status === 200)) streams.push(readEvents(res.body!));
        // The ticket names its member, under the signature: another member's name in it breaks it.
        const [userId, ...rest] = (await issue(leclosStaff)).split('.');
        expect(userId).toBe(leclosStaff.id);
        expect((await open([admin.id, ...rest].join('.'))).status).toBe(401);
      });
    });
  });
}
