/**
 * Look-ups from memory (docs/decisions/0038-lookup-cache.md): over random bookings, holds, cancellations,
 * held changes, closures, set-up changes and the clock moving on, every look-up answered through the
 * cache (in any language, compressed or not) is byte for byte the answer worked out afresh at that moment.
 * On PostgreSQL, two app instances with databases of their own (as two server processes) share one
 * database: a change made through either is heard by both. A change reaches a process as its notification
 * does, after the commit: each step waits for it (`settled`) before it looks.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../../server/db/client';
import { createThrowawayDatabase } from '../../../server/db/throwaway-database';
import { changeHolds, closures, experiences, reservations, users, venues, venueTables } from '../../../server/db/schema';
import { translatorFor } from '../../../server/i18n/translator';
import { newId } from '../../../server/lib/ids';
import { localizeAvailability } from '../../../server/routes/localisation/content';
import { disableLookupCache, enableLookupCache, type LookupCache } from '../../../server/routes/reservations/availability-cache';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { getAvailability } from '../../../server/services/venues/availability';
import { subscribeToReservationEvents } from '../../../server/services/reservations/reservation-events';
import { addDays, hongKongToday, serviceDayStartMs } from '../../../common/time';
import type { Locale } from '../../../common/locales';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';

const LOCALES: Locale[] = ['en', 'ja', 'zh-Hant'];
const ENCODINGS = [undefined, 'br', 'gzip'] as const;
const DAYS = 3;

interface Target {
  venueId: string;
  experienceId: string;
  duration: number;
  minGuests: number;
  maxGuests: number;
}

/** One process: an app with a database handle and a cache of its own. */
interface Instance {
  api: TestApi;
  cache: LookupCache;
  /** Resolves once this process heard every notification committed before it was called. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

let fences = 0;

async function instanceOn(api: TestApi): Promise<Instance> {
  const db = api.database.db;
  const cache = enableLookupCache(db);
  const waiting = new Map<string, () => void>();
  const stop = await subscribeToReservationEvents(db, {
    onEvent: (e) => waiting.get(e.reservationId)?.(),
    onLost: () => {},
  });
  return {
    api,
    cache,
    async settled() {
      // A notification of our own after everything committed: delivered in commit order, so once it is here, so is the rest.
      const fence = `fence-${++fences}`;
      const heard = new Promise<void>((resolve) => waiting.set(fence, resolve));
      await db.execute(sql`SELECT pg_notify('reservation_events', ${JSON.stringify({ venueId: 'none', date: '2000-01-01', reservationId: fence })})`);
      await heard;
      waiting.delete(fence);
    },
    async stop() {
      await stop();
      await disableLookupCache(db);
    },
  };
}

const step = fc.oneof(
  fc.record({ kind: fc.constant('hold' as const), target: fc.nat(), day: fc.nat(DAYS - 1), table: fc.nat(), slot: fc.nat(), confirmed: fc.boolean(), change: fc.boolean() }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('close' as const), target: fc.nat(), day: fc.nat(DAYS - 1), days: fc.nat(2) }),
  fc.record({ kind: fc.constant('reopen' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('setup' as const), target: fc.nat(), lead: fc.constantFrom(0, 60, 240) }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 120 }) }),
  fc.record({
    kind: fc.constant('look' as const),
    target: fc.nat(),
    day: fc.nat(DAYS - 1),
    party: fc.nat(),
    member: fc.boolean(),
    locale: fc.constantFrom(...LOCALES),
    encoding: fc.constantFrom(...ENCODINGS),
    through: fc.nat(1),
  }),
);

const LOOK = { kind: 'look', target: 0, day: 0, party: 0, member: false, locale: 'en', encoding: undefined, through: 0 } as const;

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const coding = res.headers.get('content-encoding');
  return (coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
}

for (const driver of testDrivers()) {
  describe(`look-ups from memory (${driver})`, () => {
    let instances: Instance[] = [];
    let second: Database | undefined;
    let drop: (() => Promise<void>) | undefined;
    let targets: Target[];
    let tables: (typeof venueTables.$inferSelect)[];
    let guestId: string;
    let member: { id: string; role: 'member' };

    beforeAll(async () => {
      // On PostgreSQL, two handles on one database: two processes' pools, LISTENs and caches.
      let first: TestApi;
      if (driver === 'postgres') {
        const made = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!, 'test');
        drop = made.drop;
        first = await createTestApi({ database: await openDatabase({ url: made.url }) });
        second = await openDatabase({ url: made.url });
        instances = [await instanceOn(first), await instanceOn(await createTestApi({ database: second, seed: false }))];
      } else {
        first = await createTestApi({ driver });
        instances = [await instanceOn(first)];
      }
      const db = first.database.db;
      const venueRows = await db.select().from(venues);
      targets = (await db.select().from(experiences))
        .filter((e) => !e.membersOnly)
        .map((e) => {
          const venue = venueRows.find((v) => v.id === e.venueId)!;
          return { venueId: e.venueId, experienceId: e.id, duration: e.durationMinutes, minGuests: venue.onlineMinGuests, maxGuests: Math.min(venue.onlineMaxGuests, 8) };
        });
      tables = await db.select().from(venueTables);
      guestId = (await db.select().from(users).where(eq(users.email, 'guest@example.com')))[0]!.id;
      member = { id: (await db.select().from(users).where(eq(users.email, 'member@example.com')))[0]!.id, role: 'member' };
    }, 60_000);

    afterAll(async () => {
      for (const instance of instances) {
        await instance.stop();
        await instance.api.close();
      }
      await drop?.();
    });

    it('answers every look-up as it would be worked out afresh', async () => {
      const first = instances[0]!;
      const db: Db = first.api.database.db;
      const booked: string[] = [];
      const held: string[] = [];
      const closed: string[] = [];
      const now = () => first.api.clock.now();
      const setClocks = (at: Date) => instances.forEach((i) => i.api.clock.set(at));
      const start = now();

      const apply = async (s: Exclude<Step, { kind: 'look' }>) => {
        const today = hongKongToday(now());
        if (s.kind === 'hold') {
          const t = targets[s.target % targets.length]!;
          const date = addDays(today, s.day);
          const free = await getAvailability(db, { venueId: t.venueId, experienceId: t.experienceId, date, numberOfGuests: t.minGuests }, now(), 'member').catch(() => null);
          const slot = free?.timeslots[s.slot % Math.max(1, free.timeslots.length)];
          const venueTablesOf = tables.filter((x) => x.venueId === t.venueId);
          if (!slot || venueTablesOf.length === 0) return;
          const table = venueTablesOf[s.table % venueTablesOf.length]!;
          const startsAt = new Date(serviceDayStartMs(date) + slot.startTime * 60_000);
          const endsAt = new Date(startsAt.getTime() + t.duration * 60_000);
          const holdExpiresAt = new Date(now().getTime() + 15 * 60_000);
          const id = newId();
          const row = { id, venueId: t.venueId, date, startTime: slot.startTime, duration: t.duration, startsAt, endsAt, numberOfGuests: t.minGuests, tableId: table.id };
          const written = s.change && booked.length > 0
            ? db.insert(changeHolds).values({ ...row, reservationId: booked[0]!, userId: guestId, baseSequence: 0, amountDue: 0, difference: 0, status: 'HELD', holdExpiresAt })
            : db.insert(reservations).values({
                ...row,
                uniqueId: `LC-${id.slice(0, 10)}`,
                userId: guestId,
                experienceId: t.experienceId,
                seatingAreaId: null,
                status: s.confirmed ? 'CONFIRMED' : 'PENDING',
                holdExpiresAt: s.confirmed ? null : holdExpiresAt,
                bookingSource: 'GUEST_WEB',
                prePaymentType: 'NONE',
                amountDue: 0,
              });
          // A table taken already is refused by the database (its exclusion constraint): a step that changes nothing.
          const ok = await written.then(() => true, () => false);
          if (ok) (s.change && booked.length > 0 ? held : booked).push(id);
        } else if (s.kind === 'cancel') {
          const id = booked[s.pick % Math.max(1, booked.length)];
          if (id) await db.update(reservations).set({ status: 'CANCELED', holdExpiresAt: null }).where(eq(reservations.id, id));
        } else if (s.kind === 'close') {
          const t = targets[s.target % targets.length]!;
          const id = newId();
          const fromDate = addDays(today, s.day);
          await db.insert(closures).values({ id, venueId: t.venueId, scope: 'VENUE', fromDate, toDate: addDays(fromDate, s.days), reason: 'PRIVATE_EVENT', createdBy: guestId, createdAt: now() });
          closed.push(id);
        } else if (s.kind === 'reopen') {
          const id = closed.splice(s.pick % Math.max(1, closed.length), 1)[0];
          if (id) await db.delete(closures).where(eq(closures.id, id));
        } else if (s.kind === 'setup') {
          const t = targets[s.target % targets.length]!;
          await db.transaction(async (tx) => {
            await tx.update(venues).set({ minLeadMinutes: s.lead }).where(eq(venues.id, t.venueId));
            await catalogChanged(tx);
          });
        } else {
          setClocks(new Date(now().getTime() + s.minutes * 60_000));
        }
        for (const instance of instances) await instance.settled();
      };

      const look = async (s: Extract<Step, { kind: 'look' }>) => {
        const t = targets[s.target % targets.length]!;
        const date = addDays(hongKongToday(now()), s.day);
        const numberOfGuests = t.minGuests + (s.party % (t.maxGuests - t.minGuests + 1));
        const instance = instances[s.through % instances.length]!;
        const query = `${t.venueId}/${date}?numberOfGuests=${numberOfGuests}&experienceId=${t.experienceId}`;
        const headers: Record<string, string> = { 'accept-language': s.locale, ...(s.encoding ? { 'accept-encoding': s.encoding } : {}) };
        // The token call (the public one counts its callers against a rate limit), as a member or a guest.
        headers.authorization = `Bearer ${await instance.api.tokenFor(s.member ? member : { id: guestId, role: 'guest' })}`;
        const path = `/user/reservation/v1.1/timeslot-availability/${query}`;
        const fresh = await getAvailability(db, { venueId: t.venueId, experienceId: t.experienceId, date, numberOfGuests }, now(), s.member ? 'member' : 'guest').then(
          (a) => JSON.stringify({ status: 200, data: localizeAvailability(translatorFor(s.locale), a) }),
          () => null,
        );
        // Twice: the second is the one memory answers.
        for (let i = 0; i < 2; i++) {
          const res = await instance.api.app.request(path, { headers });
          const text = await decoded(res);
          if (fresh === null) expect(res.status).not.toBe(200);
          else expect(text).toBe(fresh);
        }
      };

      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
          setClocks(start);
          // After each change, the questions asked before are asked again: those are the answers memory may hold.
          const asked: Extract<Step, { kind: 'look' }>[] = [];
          for (const s of steps) {
            if (s.kind === 'look') {
              await look(s);
              asked.push(s);
              if (asked.length > 6) asked.shift();
            } else {
              await apply(s);
              for (const again of asked) await look(again);
            }
          }
        }),
        {
          numRuns: 15,
          seed: 38,
          // The clock alone moving on past a slot's lead time, and past a hold's end.
          examples: [
            [[LOOK, { kind: 'wait', minutes: 120 }, LOOK]],
            [[{ kind: 'hold', target: 0, day: 0, table: 0, slot: 8, confirmed: false, change: false }, LOOK, { kind: 'wait', minutes: 16 }]],
          ],
        },
      );
      // Memory answered some of them: what is compared above is the cache, not only fresh work.
      expect(instances.reduce((n, i) => n + i.cache.counts.kept, 0)).toBeGreaterThan(0);
    }, 120_000);
  });
}
