/**
 * What the staff report costs with a year of bookings: every venue gets `PER_DAY` bookings a day for the
 * 365 days before the clock's today (seated, no-shows, cancelled by guests and by staff), half paid by
 * card, a tenth from the wallet, refunds for the cancellations; then GET /admin/report is timed for one
 * venue by day and by week, and for every venue by week (median of 5), and the CSV once.
 * `npx tsx scripts/bench-report.ts` (PGlite; DRIVER=postgres on TEST_DATABASE_URL, or a throw-away
 * cluster of Debian's PostgreSQL when it is unset; PER_DAY=60 by default).
 */
import { eq, sql } from 'drizzle-orm';
import { auditLog, cardEntries, payments, reservations, users, venueTables, experiences, walletEntries } from '../server/db/schema';
import { loadWalletHistory } from '../server/services/wallet/wallet-ledger';
import { newId } from '../server/lib/ids';
import { addDays, hongKongToday, serviceDayStartMs } from '../common/time';
import { createTestApi } from '../tests/support/server/harness';
import { startTestPostgres } from './postgres-for-tests';

const driver = process.env.DRIVER === 'postgres' ? 'postgres' : 'pglite';
const cluster = driver === 'postgres' && !process.env.TEST_DATABASE_URL ? await startTestPostgres() : undefined;
if (cluster) process.env.TEST_DATABASE_URL = cluster.url;
const api = await createTestApi({ driver });
const PER_DAY = Number(process.env.PER_DAY ?? 60);
const DAYS = 365;
const { db } = api.deps;
const [member] = await db.select().from(users).where(eq(users.email, 'member@example.com'));
const [admin] = await db.select().from(users).where(eq(users.email, 'admin@example.com'));
const tables = await db.select().from(venueTables);
const experienceRows = await db.select().from(experiences);
const today = hongKongToday(api.clock.now());
const first = addDays(today, -DAYS);
const venueIds = [...new Set(tables.map((t) => t.venueId))];

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
const rows = { reservations: [] as Insert<typeof reservations>[], payments: [] as Insert<typeof payments>[], cards: [] as Insert<typeof cardEntries>[], wallet: [] as Insert<typeof walletEntries>[], audit: [] as Insert<typeof auditLog>[] };
const SLOTS = [480, 600, 720, 840, 960, 1080, 1200];
let n = 0;
for (const venueId of venueIds) {
  const venueTablesOf = tables.filter((t) => t.venueId === venueId);
  const experience = experienceRows.find((e) => e.venueId === venueId)!;
  const perDay = Math.min(PER_DAY, venueTablesOf.length * SLOTS.length);
  for (let d = 0; d < DAYS; d++) {
    const date = addDays(first, d);
    for (let i = 0; i < perDay; i++) {
      const table = venueTablesOf[i % venueTablesOf.length]!;
      const startTime = SLOTS[Math.floor(i / venueTablesOf.length)]!;
      const startsAt = new Date(serviceDayStartMs(date) + startTime * 60_000);
      const kind = n++ % 20; // 0: no-show, 1-2: cancelled by the guest, 3: by staff, else seated and finished
      const id = newId();
      const status = kind === 0 ? 'NO_SHOW' : kind <= 3 ? 'CANCELED' : 'CONFIRMED';
      const bookedAt = new Date(startsAt.getTime() - 3 * 86_400_000);
      rows.reservations.push({
        id, uniqueId: `BENCH-${n}`, userId: member!.id, venueId, experienceId: experience.id, tableId: table.id, date, startTime, duration: 120,
        startsAt, endsAt: new Date(startsAt.getTime() + 120 * 60_000), numberOfGuests: table.minGuests, status,
        visitStatus: status === 'CONFIRMED' ? 'FINISHED' : null, bookingSource: 'GUEST_WEB', prePaymentType: n % 2 ? 'DEPOSIT' : 'PREPAYMENT',
        amountDue: 50_000, confirmedAt: bookedAt, canceledAt: status === 'CANCELED' ? new Date(startsAt.getTime() - 86_400_000) : null,
      });
      if (kind === 3) rows.audit.push({ id: newId(), actorId: admin!.id, venueId, action: 'visit.cancel', entityType: 'reservation', entityId: id, before: null, after: null, createdAt: bookedAt });
      const paid = n % 10 < 5 ? 'CARD' : n % 10 === 5 ? 'WALLET' : null;
      if (!paid) continue;
      const paymentId = newId();
      const refunded = status === 'CANCELED';
      rows.payments.push({ id: paymentId, userId: member!.id, reservationId: id, purpose: 'RESERVATION', amount: 50_000, status: refunded ? 'REFUNDED' : 'SUCCEEDED', method: paid, idempotencyKey: `bench-${paymentId}`, refundedAmount: refunded ? 50_000 : 0, createdAt: bookedAt, updatedAt: bookedAt });
      const entry = { userId: member!.id, reservationId: id, paymentId, description: 'bench' };
      if (paid === 'CARD') {
        rows.cards.push({ id: newId(), ...entry, type: 'PAYMENT', amount: -50_000, createdAt: bookedAt });
        if (refunded) rows.cards.push({ id: newId(), ...entry, type: 'REFUND', amount: 50_000, createdAt: new Date(startsAt.getTime() - 86_400_000) });
      } else {
        rows.wallet.push({ id: newId(), ...entry, type: 'PAYMENT', amount: -50_000, createdAt: bookedAt });
        if (refunded) rows.wallet.push({ id: newId(), ...entry, type: 'REFUND', amount: 50_000, createdAt: new Date(startsAt.getTime() - 86_400_000) });
      }
    }
  }
}
const insertAll = async <T>(insert: (chunk: T[]) => Promise<unknown>, list: T[]) => {
  for (let i = 0; i < list.length; i += 1000) await insert(list.slice(i, i + 1000));
};
await insertAll((c) => db.insert(reservations).values(c), rows.reservations);
await insertAll((c) => db.insert(payments).values(c), rows.payments);
await insertAll((c) => db.insert(cardEntries).values(c), rows.cards);
await insertAll((c) => loadWalletHistory(db, c), rows.wallet);
await insertAll((c) => db.insert(auditLog).values(c), rows.audit);
await db.execute(sql`ANALYZE`);
const token = api.tokenFor({ id: admin!.id, role: 'admin' });

async function timed(path: string): Promise<{ ms: number; rows: number; bytes: number }> {
  const times: number[] = [];
  let body: any;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const res = await api.request('GET', path, { token });
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    body = res.body;
  }
  times.sort((a, b) => a - b);
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ms: times[2]!, rows: typeof body === 'string' ? body.split('\r\n').length - 2 : body.data.rows.length, bytes: Buffer.byteLength(text) };
}

const range = `from=${first}&to=${addDays(today, -1)}`;
const venue = venueIds[0]!;
console.log(
  `${api.database.driver}: ${rows.reservations.length} reservations (${rows.reservations.length / venueIds.length} a venue over ${DAYS} days), ` +
    `${rows.payments.length} payments, ${rows.cards.length} card entries, ${rows.wallet.length} wallet entries, ${rows.audit.length} audit entries`,
);
for (const [label, path] of [
  ['one venue, by day', `/admin/report?venueId=${venue}&${range}`],
  ['one venue, by week', `/admin/report?venueId=${venue}&${range}&by=week`],
  ['every venue, by day', `/admin/report?${range}`],
  ['every venue, by week', `/admin/report?${range}&by=week`],
  ['one venue, by day, CSV', `/admin/report.csv?venueId=${venue}&${range}`],
] as const) {
  const r = await timed(path);
  console.log(`${label}: ${r.ms.toFixed(0)} ms (median of 5), ${r.rows} rows, ${(r.bytes / 1024).toFixed(0)} KB`);
}
await api.close();
cluster?.stop();
