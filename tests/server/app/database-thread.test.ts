/**
 * The embedded database on its own thread (server/db/pglite-thread.ts): a long query leaves the HTTP
 * thread free, a transaction still has the one connection to itself, and errors keep the fields callers
 * read (the SQLSTATE code), a read seen before is planned once (prepared) and answers alike, and a LISTEN hears the notifications the database's triggers send (the day
 * sheet's live stream).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { RESERVATION_EVENTS_CHANNEL, subscribeToReservationEvents, type ReservationEvent } from '../../../server/services/reservations/reservation-events';

describe('PGlite on a worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.db.execute(sql`CREATE TABLE thread_probe (n int PRIMARY KEY)`);
  });
  afterAll(() => database.close());

  it('keeps the calling thread free while a query runs', async () => {
    // Seconds of database work: on the calling thread, no timer could fire before it answered.
    const slowQuery = database.db.execute(sql`SELECT count(*) FROM generate_series(1, 1000000) a, generate_series(1, 3) b WHERE a % 7 = b`);
    const first = await Promise.race([
      slowQuery.then(() => 'query'),
      new Promise((resolve) => setTimeout(() => resolve('timer'), 20)),
    ]);
    await slowQuery;
    expect(first).toBe('timer');
  });

  it('runs a statement outside a transaction after it, never inside it', async () => {
    let outside: Promise<unknown> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_probe VALUES (1)`);
        outside = database.db.execute(sql`SELECT count(*)::int AS n FROM thread_probe`);
        // Give the outside statement every chance to slip in before the transaction ends.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.execute(sql`SELECT 1`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const { rows } = (await outside) as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
  });

  it('hands back the database error with its SQLSTATE code', async () => {
    await database.db.execute(sql`INSERT INTO thread_probe VALUES (2)`);
    const error = await database.db.execute(sql`INSERT INTO thread_probe VALUES (2)`).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error & { cause?: { code?: string } }).cause?.code).toBe('23505');
  });

  it('plans a read seen before once, and answers it alike whatever its parameters hold', async () => {
    await database.db.execute(sql`INSERT INTO thread_probe VALUES (40), (41) ON CONFLICT DO NOTHING`);
    const read = (text: string | null, from: number) =>
      database.db.execute(sql`SELECT ${text}::text AS said, n FROM thread_probe WHERE n >= ${from} ORDER BY n`).then((r) => (r as { rows: unknown[] }).rows);
    // The first run is planned as before; the second and later are EXECUTEd from one prepared statement.
    expect(await read('plain', 40)).toEqual([{ said: 'plain', n: 40 }, { said: 'plain', n: 41 }]);
    expect(await read("O'Brien \\ 'quoted'", 41)).toEqual([{ said: "O'Brien \\ 'quoted'", n: 41 }]);
    expect(await read(null, 41)).toEqual([{ said: null, n: 41 }]);
    const prepared = (await database.db.execute(sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%FROM thread_probe WHERE n >=%'`)) as { rows: { n: number }[] };
    expect(prepared.rows[0]!.n).toBe(1);
  });

  it('hears the reservation events the database announces, until the last subscriber leaves', async () => {
    const heard: ReservationEvent[] = [];
    const unsubscribe = await subscribeToReservationEvents(database.db, { onEvent: (event) => heard.push(event), onLost: () => {} });
    const event = { venueId: 'v1', date: '2026-12-01', reservationId: 'r1' };
    await database.db.execute(sql`SELECT pg_notify(${RESERVATION_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
    await expect.poll(() => heard).toEqual([event]);
    await unsubscribe();
    const unheard = { ...event, reservationId: 'r2' };
    await database.db.execute(sql`SELECT pg_notify(${RESERVATION_EVENTS_CHANNEL}, ${JSON.stringify(unheard)})`);
    // A later subscriber's notification must arrive, and notifications arrive in the order they were sent:
    // once it has, the one sent to nobody would have reached the first subscriber (or this one) before it.
    const later: ReservationEvent[] = [];
    const unsubscribeLater = await subscribeToReservationEvents(database.db, { onEvent: (e) => later.push(e), onLost: () => {} });
    const last = { ...event, reservationId: 'r3' };
    await database.db.execute(sql`SELECT pg_notify(${RESERVATION_EVENTS_CHANNEL}, ${JSON.stringify(last)})`);
    await expect.poll(() => later.length).toBeGreaterThan(0);
    await unsubscribeLater();
    expect(heard).toEqual([event]);
    expect(later).toEqual([last]);
  });
});
