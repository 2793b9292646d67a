/**
 * No 5xx from input: every write call of openapi.yaml with a JSON body, on /public, /user and /admin (and
 * the mails' links, /manage and /feedback, with tokens signed for a real booking), gets
 * bad bodies made from its schema (tests/support/openapi-write-calls.ts): the whole body {}, [], [1,2,3] or
 * null, and each field in turn of a body that is otherwise good, given a wrong type, null, an empty or a
 * huge text, a negative, huge, fractional or out-of-range number, or a date that is no date the server
 * books. Each goes as the caller the call is for (nobody, a member, Obe's staff, an admin) with the path
 * parameters of real demo rows, and is refused with a 4xx and the error envelope, with nothing written
 * (a digest of every table's rows, less the rate limits) and so nobody mailed (the outbox is one of them).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, seatingAreas, users, venueTables } from '../../../server/db/schema';
import { signFeedbackToken } from '../../../server/services/feedback/feedback-link';
import { manageTokenFor } from '../../../server/services/reservations/manage-link';
import { badBodies, sample, writeCalls, type SampleValues, type WriteCall } from '../../support/server/openapi-write-calls';
import { experienceIdByName, OBE, UNKNOWN_ID } from '../../support/server/fixtures';
import { createTestApi, newClientAddress, testDrivers, type TestApi } from '../../support/server/harness';
import { GUEST_DETAILS, insertStaff, paymentHelpers, type TestUser } from '../../support/server/payment-helpers';

/** Tables a refused call may write: each caller's count of calls (docs/PRODUCT.md §6's rate limits). */
const NOT_DIGESTED = new Set(['rate_limits']);

const CALLS = writeCalls(['/public/', '/user/', '/admin/', '/manage/', '/feedback/']);

/** Who sends a call: nobody on /public (and a few /user calls without a token), else its area's user. */
type Caller = 'nobody' | 'member' | 'staff' | 'admin';
// The host stand's calls go as a venue's staff; set-up, staff and privacy as an admin.
const STAFF_CALLS = /^\/admin\/(reservation|venue\/\{venueId\}\/walk-in|closure|guest\/)/;
const callerOf = (call: WriteCall): Caller =>
  !call.token ? 'nobody' : call.template.startsWith('/user/') ? 'member' : STAFF_CALLS.test(call.template) ? 'staff' : 'admin';

describe('the generated bad bodies', () => {
  it('cover every write call with a JSON body on /public, /user, /admin, /manage and /feedback', () => {
    expect(CALLS.length).toBeGreaterThanOrEqual(61);
    expect(CALLS.map((c) => `${c.method} ${c.template}`)).toEqual(
      expect.arrayContaining(['PUT /user/reservation/v1.1/{id}', 'PUT /admin/reservation/{id}/move', 'POST /public/contact-form', 'PATCH /admin/staff/{id}', 'PUT /manage/{token}', 'PUT /feedback/{token}']),
    );
  });
});

for (const driver of testDrivers()) {
  describe(`bad bodies of every write call, from openapi.yaml (${driver})`, () => {
    let api: TestApi;
    let tokens: Record<Exclude<Caller, 'nobody'>, string>;
    let values: SampleValues;
    let ids: { reservation: string; member: string; staff: string; table: string; area: string; experience: string };
    let linkTokens: { manage: string; feedback: string };

    beforeAll(async () => {
      api = await createTestApi({ driver });
      const h = paymentHelpers(api);
      const [member] = await api.deps.db.select().from(users).where(eq(users.email, 'member@example.com'));
      const [admin] = await api.deps.db.select().from(users).where(eq(users.email, 'admin@example.com'));
      const staff: TestUser = await insertStaff(api, 'staff', OBE);
      const bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      const [area] = await api.deps.db.select().from(seatingAreas).where(eq(seatingAreas.venueId, OBE));
      const [table] = await api.deps.db.select().from(venueTables).where(eq(venueTables.venueId, OBE));
      const memberToken = api.tokenFor({ id: member!.id, role: member!.role });
      // The member's confirmed booking, which the /user and /admin reservation calls are sent about.
      const held = await api.request('POST', '/user/reservation/v1.1', {
        token: memberToken,
        body: { venueId: OBE, experienceId: bar, date: '2026-12-09', startTime: 1080, numberOfGuests: 2 },
      });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      expect((await h.complete({ ...member!, token: () => memberToken } as TestUser, held.body.data._id, member!.email)).status).toBe(200);
      const [booking] = await api.deps.db.select().from(reservations).where(eq(reservations.id, held.body.data._id));
      linkTokens = {
        manage: manageTokenFor(api.deps.config, booking!),
        feedback: signFeedbackToken(api.deps.config.jwtSecret, { reservationId: booking!.id, expiresAt: new Date(booking!.endsAt.getTime() + 30 * 86_400_000) }),
      };
      ids = { reservation: held.body.data._id, member: member!.id, staff: staff.id, table: table!.id, area: area!.id, experience: bar };
      tokens = { member: await memberToken, staff: await staff.token(), admin: await api.tokenFor({ id: admin!.id, role: admin!.role }) };
      values = {
        byPattern: { '^[0-9a-f]{24}$': UNKNOWN_ID, '^\\d{4}-\\d{2}$': '2026-12', '^\\d{1,4}$': '852', '^\\d{4,15}$': '91234567', '^\\d{6}$': '123456', '^\\d{3,4}$': '123' },
        byName: {
          ...GUEST_DETAILS,
          venueId: OBE,
          experienceId: bar,
          seatingAreaId: area!.id,
          tableId: table!.id,
          date: '2026-12-10',
          startTime: 1140,
          numberOfGuests: 2,
          email: 'bad-input@example.com',
          password: 'bad-input-pass-1',
          newPassword: 'bad-input-pass-2',
          idempotencyKey: 'bad-input-key-1',
          phone: '+852 2388 6204',
          reservationsPhone: '+852 2388 6204',
          reservationsEmail: 'reservations@example.com',
          page: 'home',
          combineGroup: 'G1',
          intervalMinutes: 15,
          // Every demo row is at its first version.
          version: 1,
        },
        omit: new Set(['tableIds']),
      };
    });
    afterAll(async () => {
      await api?.close();
    });

    /** The real row a path parameter names: the member's booking, a staff member, Obe's table, area, experience. */
    const pathValue = (call: WriteCall, name: string): string => {
      if (name === 'venueId') return OBE;
      if (name === 'userId') return ids.member;
      if (name === 'token') return call.template.startsWith('/feedback/') ? linkTokens.feedback : linkTokens.manage;
      if (name !== 'id') return UNKNOWN_ID;
      const byArea: [RegExp, string][] = [
        [/reservation/, ids.reservation],
        [/^\/admin\/staff\//, ids.staff],
        [/^\/admin\/guest\//, ids.member],
        [/^\/admin\/table\//, ids.table],
        [/^\/admin\/area\//, ids.area],
        [/^\/admin\/experience\//, ids.experience],
      ];
      return byArea.find(([area]) => area.test(call.template))?.[1] ?? UNKNOWN_ID;
    };
    const urlOf = (call: WriteCall) => {
      const path = call.template.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(call, name));
      const query = new URLSearchParams(call.query.map((p) => [p.name, String(sample(p.schema, p.name, values))]));
      return query.size ? `${path}?${query}` : path;
    };

    /** A digest of every row of every table but the rate limits, one per table, read in one query. */
    async function digest(): Promise<Record<string, string>> {
      const rows = async <T,>(query: Parameters<typeof api.deps.db.execute>[0]) => ((await api.deps.db.execute(query)) as unknown as { rows: T[] }).rows;
      const tables = (await rows<{ name: string }>(sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`))
        .map((r) => r.name)
        .filter((name) => !NOT_DIGESTED.has(name));
      const columns = tables.map((name) => `(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM "${name}" t) AS "${name}"`);
      return (await rows<Record<string, string>>(sql.raw(`SELECT ${columns.join(', ')}`)))[0]!;
    }

    it('refuses each with a 4xx and the error envelope, writing nothing and mailing nobody', { timeout: 600_000 }, async () => {
      const wrong: string[] = [];
      let bodies = 0;
      // How far the bodies got: answers by status, and the 400s that name the field spoiled.
      const statuses: Record<number, number> = {};
      let named = 0;
      for (const call of CALLS) {
        const caller = callerOf(call);
        const base = sample(call.body, 'body', values);
        const before = await digest();
        for (const bad of badBodies(call, base)) {
          bodies++;
          const res = await api.request(call.method, urlOf(call), {
            body: JSON.stringify(bad.body),
            ...(caller === 'nobody' ? {} : { token: tokens[caller] }),
            // A caller of its own each time, so no rate limit answers in place of the check.
            from: newClientAddress(),
          });
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 400 && bad.label.startsWith(`${res.body?.field}:`)) named++;
          const envelope = res.body && typeof res.body === 'object' && res.body.status === res.status && typeof res.body.errorCode === 'number' && typeof res.body.message === 'string';
          if (res.status < 400 || res.status >= 500 || !envelope) wrong.push(`${call.method} ${call.template} ${bad.label} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
        const after = await digest();
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length > 0) wrong.push(`${call.method} ${call.template} wrote to ${changed.join(', ')}`);
      }
      console.info(`bad-input-generated (${driver}): ${CALLS.length} write calls, ${bodies} bad bodies; answers ${JSON.stringify(statuses)}; ${named} 400s name the field spoiled`);
      expect(wrong).toEqual([]);
      expect(bodies).toBeGreaterThan(1000);
    });
  });
}
