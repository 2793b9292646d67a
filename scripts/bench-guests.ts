/**
 * The guest book's search on a big book (`npm run bench:guests`): GUESTS (default 100,000) guest accounts
 * on PostgreSQL (TEST_DATABASE_URL, or a throw-away cluster of Debian's PostgreSQL when it is unset), with
 * Hong Kong names, mobile numbers and e-mails, beside the demo data; then staff searches through the API
 * (GET /admin/guest, in process), each query ROUNDS times (default 40) after a warm-up: the median and p95
 * per query and over all. Target: the median under 50 ms.
 */
import { sql } from 'drizzle-orm';
import { createTestApi } from '../tests/support/server/harness';
import { insertStaff } from '../tests/support/server/payment-helpers';
import { startTestPostgres } from './postgres-for-tests';

const GUESTS = Number(process.env.GUESTS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 40);
const QUERIES = ['chan 9123', 'chna 9123', 'grace chan', 'wong', 'leung ka', 'tsang 6', '5123 4', 'grace.chan1', 'cheung wai man', 'ho mei'];

const cluster = process.env.TEST_DATABASE_URL ? undefined : await startTestPostgres();
if (cluster) process.env.TEST_DATABASE_URL = cluster.url;
if (!process.env.TEST_DATABASE_URL) throw new Error('bench:guests needs PostgreSQL: set TEST_DATABASE_URL or install Debian\'s postgresql');

const api = await createTestApi({ driver: 'postgres' });
try {
  const started = performance.now();
  // Names and numbers made in SQL, so 100,000 rows go in with one statement; md5 spreads them evenly.
  await api.deps.db.execute(sql`
    INSERT INTO users (id, role, email, password_hash, first_name, last_name, mobile_country_code, mobile_number, created_at, updated_at)
    SELECT substr(md5('guest' || n), 1, 24), CASE WHEN n % 10 = 0 THEN 'member' ELSE 'guest' END,
      replace(lower(given), ' ', '') || '.' || lower(family) || n || '@example.com', 'not-used', given, family, '+852',
      (ARRAY['5', '6', '9'])[1 + n % 3] || lpad((abs(hashtext('phone' || n)) % 10000000)::text, 7, '0'),
      now(), now()
    FROM (
      SELECT n,
        (ARRAY['Ka Ming', 'Wai Man', 'Mei Ling', 'Siu Fung', 'Grace', 'Ivy', 'Kelvin', 'Joyce', 'Winnie', 'Tommy', 'Cheuk Yin', 'Hoi Ying', 'Chun Kit', 'Wing Sze', 'Yuen Ting', 'Alan'])[1 + abs(hashtext('given' || n)) % 16] AS given,
        (ARRAY['Chan', 'Wong', 'Leung', 'Cheung', 'Lau', 'Lee', 'Ho', 'Tsang', 'Ng', 'Lam', 'Yip', 'Chow', 'Kwok', 'Tang', 'Fung', 'Mak', 'Yeung', 'Lai', 'Tse', 'Siu'])[1 + abs(hashtext('family' || n)) % 20] AS family
      FROM generate_series(1, ${GUESTS}) AS n
    ) AS people`);
  await api.deps.db.execute(sql`VACUUM ANALYZE users`);
  const [{ guests }] = (await api.deps.db.execute(sql`SELECT count(*)::int AS guests FROM users WHERE role IN ('guest', 'member')`)).rows as [{ guests: number }];
  console.log(`${guests} guests in ${Math.round(performance.now() - started)} ms (PostgreSQL)`);

  const host = await insertStaff(api, 'admin', null);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
  const all: number[] = [];
  for (const q of QUERIES) {
    const path = `/admin/guest?${new URLSearchParams({ q })}`;
    let found = 0;
    for (let i = 0; i < 3; i++) await api.request('GET', path, { token: host.token() });
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      const res = await api.request('GET', path, { token: host.token() });
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${q}: ${res.status} ${JSON.stringify(res.body)}`);
      found = res.body.data.length;
    }
    all.push(...times);
    console.log(`${JSON.stringify(q).padEnd(20)} median ${median(times).toFixed(1)} ms  p95 ${p95(times).toFixed(1)} ms  (${found} found)`);
  }
  const overall = median(all);
  console.log(`all searches: median ${overall.toFixed(1)} ms, p95 ${p95(all).toFixed(1)} ms over ${all.length}; target: median under 50 ms: ${overall < 50 ? 'met' : 'NOT met'}`);
} finally {
  await api.close();
  cluster?.stop();
}
