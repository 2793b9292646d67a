/**
 * The plans a guest's hold runs on, on PostgreSQL with a club's worth of rows (docs/decisions/0039-hold-reads.md).
 * Plans are made once per connection for any parameters (decision 0025), so a spelling or an index that
 * misleads the planner costs every hold: the guard of `guarded_hold_status()` once counted the caller's holds
 * through every pending hold, and scanned the whole table, later the venue's whole days, for the chosen tables. PostgreSQL's auto_explain,
 * loaded in this test's own session, hands the plans of the function's queries back as messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../server/db/client';
import { createThrowawayDatabase } from '../../../server/db/throwaway-database';
import { seedDemoData } from '../../../server/db/seed';
import { venueTables } from '../../../server/db/schema';
import { seedBookings } from '../../../server/bench/seed-bookings';
import { closuresLockKey } from '../../../server/services/booking-rules/closures';
import { tableDayKeys } from '../../../server/services/venues/table-day-locks';
import { addDays, hongKongToday, serviceDayStartMs } from '../../../common/time';
import { OBE } from '../../support/server/fixtures';
import { TEST_NOW } from '../../support/server/harness';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('the plans of a guest hold (postgres)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let session: pg.Client;
  const plans: string[] = [];
  let guestId: string;

  beforeAll(async () => {
    const created = await createThrowawayDatabase(adminUrl!, 'test_plans');
    drop = created.drop;
    database = await openDatabase({ url: created.url, poolSize: 2 });
    await seedDemoData(database.db, { now: TEST_NOW });
    guestId = (await seedBookings(database.db, hongKongToday(TEST_NOW), TEST_NOW)).guestIds[0]!;
    await database.db.execute(sql`ANALYZE`);
    // The server's connections' setting (server/db/client.ts), and every nested query's plan sent back.
    session = new pg.Client({ connectionString: created.url, options: '-c plan_cache_mode=force_generic_plan' });
    await session.connect();
    session.on('notice', (notice) => plans.push(notice.message ?? ''));
    await session.query(`LOAD 'auto_explain'`);
    // Every setting the plans' text depends on, whatever the server's own are (a sample rate, analyze, a format).
    await session.query(
      `SET auto_explain.log_min_duration = 0; SET auto_explain.sample_rate = 1; SET auto_explain.log_analyze = off; ` +
        `SET auto_explain.log_format = text; SET auto_explain.log_nested_statements = on; SET client_min_messages = log`,
    );
  }, 120_000);
  afterAll(async () => {
    await session?.end();
    await database?.close();
    await drop?.();
  });

  it('counts the caller’s holds by the caller’s index, and checks the chosen tables by their own indexes', async () => {
    const date = addDays(hongKongToday(TEST_NOW), 3);
    const [table] = await database.db.select().from(venueTables).where(eq(venueTables.venueId, OBE)).limit(1);
    const fromMs = serviceDayStartMs(date) + 19 * 3_600_000;
    const toMs = fromMs + 2 * 3_600_000;
    const keys = tableDayKeys([table!.id], fromMs, toMs);
    const guard = {
      userId: guestId,
      venueId: OBE,
      date,
      dates: [addDays(date, -1), date, addDays(date, 1)],
      now: TEST_NOW.toISOString(),
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      tableIds: [table!.id],
      lockTables: keys.map((k) => k[0]),
      lockDays: keys.map((k) => k[1]),
      pacingKey: null,
      closuresKey: closuresLockKey(OBE).toString(),
      maxHeld: 2,
      pacing: null,
      closuresFingerprint: 'not the closures of the day',
      locale: 'en',
    };
    await session.query('BEGIN');
    // Its answer does not matter here (the fingerprint above is no day's): the checks before it ran.
    await session.query('SELECT guarded_hold_status($1::jsonb)', [JSON.stringify(guard)]).catch(() => undefined);
    await session.query('ROLLBACK');

    const planOf = (start: string) => plans.find((p) => p.includes(start)) ?? '';
    const count = planOf('(SELECT count(*) FROM reservations WHERE user_id = v_user');
    const tablesBusy = planOf('EXISTS (');
    expect(count, plans.join('\n\n')).toContain('reservations_user_pending');
    // Each chosen table by the exclusion constraint's index, the joined tables by their own (migration 0059).
    expect(tablesBusy, plans.join('\n\n')).toContain('reservations_no_double_booking');
    expect(tablesBusy, plans.join('\n\n')).toContain('reservations_combined_tables');
    expect(tablesBusy).not.toMatch(/Seq Scan on reservations|reservations_venue_day/);
  });
});
