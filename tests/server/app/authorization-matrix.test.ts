/**
 * Who may call what: every `/admin` and `/user` operation of openapi.yaml, for each principal (no token,
 * guest A, guest B, a member, Le Clos's staff, Bâtard's staff, an admin) and each owner of the rows its
 * path names (own or another's; own venue or another). The expected answer comes from the table below,
 * derived from the path, not from what the server answers today:
 *
 * - no token: 401, always;
 * - `/user/...` naming a row (a booking, its change, a waitlist entry, a payment, a wallet entry): its
 *   owner gets past authorisation; anyone else, staff and admins included, gets 404 (or 403), or exactly
 *   the answer a row that does not exist gets: the user area must not tell whether someone else's
 *   booking or payment exists (ids travel in links and mails);
 * - `/user/...` naming no row (the caller's own list, profile, wallet): a member gets past; others may be
 *   refused by role (the wallet is members', payments are guests'), never asked to log in again;
 * - `/admin/...` about a venue's rows (a `{venueId}`, a `venueId` query, a booking, table, area,
 *   experience or closure): admins and that venue's staff get past; another venue's staff 403 or 404, or
 *   the answer a row that does not exist gets (a body refused before the venue is read); guests and
 *   members 403; staff are let into set-up here (each venue's `staffMaySetUp` on);
 * - `/admin/...` club-wide (the guest book, tags read, two calls with their venue in the body): any
 *   staff and admins; guests and members 403;
 * - admin-only calls, listed: admins only, everyone else 403.
 *
 * "Gets past" is any answer but 401 and 403 (a 400 or 409 from the empty body is fine), and for an
 * owner's own row not 404 either. An operation the table cannot classify fails the test.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closures, experiences, seatingAreas, users, venueTables, waitlistEntries, walletEntries } from '../../../server/db/schema';
import { creditWallet } from '../../../server/services/wallet/wallet-ledger';
import { newId } from '../../../server/lib/ids';
import { addDays, hongKongToday } from '../../../common/time';
import { addressOf, openApiCalls, pathValues, resourcesOf, type OpenApiCall, type ResourceKind } from '../../support/server/openapi-calls';
import { BATARD, experienceIdByName, LECLOS, UNKNOWN_ID } from '../../support/server/fixtures';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { insertStaff, paymentHelpers, type TestUser } from '../../support/server/payment-helpers';

type Principal = 'guestA' | 'guestB' | 'member' | 'leClosStaff' | 'batardStaff' | 'admin';
const PRINCIPALS: Principal[] = ['guestA', 'guestB', 'member', 'leClosStaff', 'batardStaff', 'admin'];
const STAFF_OF: Partial<Record<Principal, string>> = { leClosStaff: LECLOS, batardStaff: BATARD };

/** Calls only admins may make (the routes' `requireAdmin()`): staff accounts, audit, money, privacy, tags. */
const ADMIN_ONLY = new Set([
  'GET /admin/staff',
  'POST /admin/staff',
  'PATCH /admin/staff/{id}',
  'DELETE /admin/staff/{id}',
  'POST /admin/staff/{id}/restore',
  'GET /admin/audit-log',
  'POST /admin/guest-tag',
  'DELETE /admin/guest-tag/{id}',
  'GET /admin/payments/reconciliation',
  'POST /admin/payments/reconciliation',
  'GET /admin/payments/reconciliation.csv',
  'GET /admin/privacy/erasure-requests',
  'POST /admin/privacy/erasure-requests/{userId}/erase',
  'GET /admin/privacy/retention',
  'PUT /admin/privacy/retention',
  'PUT /admin/setup/venue/{venueId}/staff-access',
  'POST /admin/guest/merge/{mergeId}/undo',
]);

/**
 * Club-wide staff calls: the guest book is the club's (docs/decisions/0015), and two calls carry their
 * venue in the body, which this path-and-parameter
 * matrix does not fill (staff-book.test.ts and closures' tests judge that venue).
 */
const CLUB_WIDE = new Set([
  'GET /admin/guest',
  'GET /admin/guest/{id}',
  'POST /admin/guest/{id}/tag',
  'DELETE /admin/guest/{id}/tag/{tagId}',
  'POST /admin/guest/{id}/note',
  'DELETE /admin/guest/{id}/note/{noteId}',
  'POST /admin/guest/{id}/merge',
  'GET /admin/guest-duplicates',
  'GET /admin/guest-tag',
  'GET /admin/guests/{userId}/feedback',
  'PUT /admin/guests/{userId}/feedback-mails',
  'POST /admin/reservation',
  'POST /admin/closure',
]);

const OWNED: ResourceKind[] = ['changeHold', 'booking', 'waitlistEntry', 'payment', 'walletEntry'];
const AT_VENUE: ResourceKind[] = ['venue', 'booking', 'table', 'area', 'experience', 'closure', 'walkInEntry'];
/** Whose rows of each kind the user area is tried with (a guest has no wallet; only guest A pays here). */
const OWNERS: Record<string, Principal[]> = { booking: ['guestA', 'member'], waitlistEntry: ['guestA'], payment: ['guestA'], walletEntry: ['member'], changeHold: ['guestA'] };

type Rule = 'owner' | 'self' | 'venue' | 'staff' | 'admin';
const keyOf = (call: OpenApiCall) => `${call.method} ${call.path}`;

/** The rule of an operation, from its path; null when the table does not know it. */
function ruleOf(call: OpenApiCall): Rule | null {
  const kinds = Object.values(resourcesOf(call));
  if (call.path.startsWith('/user/')) return kinds.some((k) => OWNED.includes(k)) ? 'owner' : 'self';
  if (ADMIN_ONLY.has(keyOf(call))) return 'admin';
  if (CLUB_WIDE.has(keyOf(call))) return 'staff';
  if (kinds.some((k) => AT_VENUE.includes(k)) || call.parameters.some((p) => p.in === 'query' && p.name === 'venueId')) return 'venue';
  return null;
}

/**
 * What a case expects: 'in' (not 401), 'past' (not 401/403), 'own' (not 401/403/404), the statuses
 * allowed, or 'hidden': 404 or 403, or else exactly the answer the call gets when its rows do not exist
 * (a body refused before any row is read, the wallet's members-only refusal), which tells nothing.
 */
type Expected = 'in' | 'past' | 'own' | 'hidden' | number[];
/** The rows with every id of a row replaced by one that names nothing. */
const withoutRows = (rows: Partial<Record<ResourceKind, string>>) =>
  Object.fromEntries(Object.entries(rows).map(([kind, id]) => [kind, kind === 'day' ? id : UNKNOWN_ID])) as Partial<Record<ResourceKind, string>>;
/** Two answers a caller cannot tell apart. */
const same = (a: { status: number; body: any }, b: { status: number; body: any }) =>
  a.status === b.status && a.body?.errorCode === b.body?.errorCode && a.body?.message === b.body?.message;
const REFUSALS = { in: [401], past: [401, 403], own: [401, 403, 404] };
interface Case {
  principal: Principal | 'none';
  /** The rows' owner: a principal, a venue, or the club. */
  of: string;
  rows: Partial<Record<ResourceKind, string>>;
  expected: Expected;
}

const calls = openApiCalls().filter((c) => /^\/(admin|user)\//.test(c.path));
const guarded = calls.filter((c) => c.bearer);

describe('the authorisation table', () => {
  it('classifies every /admin and /user operation that takes a token', () => {
    expect(guarded.filter((c) => ruleOf(c) === null).map(keyOf)).toEqual([]);
    // Listed calls that are gone from the contract are stale entries.
    const known = new Set(guarded.map(keyOf));
    expect([...ADMIN_ONLY, ...CLUB_WIDE].filter((k) => !known.has(k))).toEqual([]);
  });
});

describe.each(testDrivers())('authorisation of every /admin and /user call on %s', (driver) => {
  let api: TestApi;
  const who = {} as Record<Principal, TestUser>;
  const tokens = {} as Record<Principal, string>;
  const ownRows = {} as Record<string, Partial<Record<ResourceKind, string>>>;
  const venueRows = {} as Record<string, Partial<Record<ResourceKind, string>>>;
  let clubRows: Partial<Record<ResourceKind, string>>;
  let changeRows: Partial<Record<ResourceKind, string>>;
  const counts = { operations: 0, cases: 0 };

  const demoUser = async (email: string): Promise<TestUser> => {
    const [row] = await api.deps.db.select().from(users).where(eq(users.email, email));
    return { id: row!.id, email, role: row!.role, token: () => api.tokenFor(row!) };
  };

  beforeAll(async () => {
    api = await createTestApi({ driver });
    const h = paymentHelpers(api);
    who.guestA = await demoUser('guest@example.com');
    who.guestB = await h.newUser('guest');
    who.member = await demoUser('member@example.com');
    who.leClosStaff = await demoUser('host@example.com');
    who.batardStaff = await insertStaff(api, 'staff', BATARD);
    who.admin = await demoUser('admin@example.com');
    for (const p of PRINCIPALS) tokens[p] = await who[p].token();
    const day = addDays(hongKongToday(api.clock.now()), 10);

    // Each venue's staff may set it up, so the set-up calls are judged by venue alone.
    for (const venueId of [LECLOS, BATARD]) {
      const open = await api.request('PUT', `/admin/setup/venue/${venueId}/staff-access`, { token: tokens.admin, body: { staffMaySetUp: true } });
      expect(open.status, JSON.stringify(open.body)).toBe(200);
    }

    const hold = async (user: TestUser, venueId: string, name: string, startTime: number) => {
      const res = await api.request('POST', '/user/reservation/v1.1', {
        token: user.token(),
        body: { venueId, experienceId: await experienceIdByName(api.deps.db, venueId, name), date: day, startTime, numberOfGuests: 2 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id as string;
    };
    const waitFor = async (user: TestUser, venueId: string) => {
      const id = newId();
      const [experience] = await api.deps.db.select().from(experiences).where(eq(experiences.venueId, venueId)).limit(1);
      await api.deps.db.insert(waitlistEntries).values({
        id, userId: user.id, venueId, experienceId: experience!.id, date: day, numberOfGuests: 2, earliestTime: 1140, latestTime: 1260,
        windowEndsAt: new Date(api.clock.now().getTime() + 10 * 86_400_000), status: 'WAITING',
      });
      return id;
    };
    const leClosBooking = await hold(who.guestA, LECLOS, 'À la Carte', 750);
    const batardBooking = await hold(who.member, BATARD, 'À la Carte', 1110);
    // Guest A's second booking is paid by card (a payment of A's own) and being made larger, a change
    // that costs more: a change hold of A's own.
    const paid = await h.bookPaidByCard(who.guestA);
    const change = await api.request('POST', `/user/reservation/v1.1/${paid.id}/change-hold`, { token: tokens.guestA, body: { numberOfGuests: 3 } });
    expect(change.status, JSON.stringify(change.body)).toBe(201);
    const entryOf = async () => (await api.deps.db.select().from(walletEntries).where(eq(walletEntries.userId, who.member.id)).limit(1))[0];
    if (!(await entryOf())) await creditWallet(api.deps.db, 'ADJUSTMENT', { userId: who.member.id, amount: 10_000, description: 'Opening credit', now: api.clock.now() });
    const walletEntry = (await entryOf())!.id;
    ownRows.guestA = { booking: leClosBooking, waitlistEntry: await waitFor(who.guestA, LECLOS), payment: paid.paymentId };
    // The change-hold calls name the paid booking with its change.
    changeRows = { ...ownRows.guestA, booking: paid.id, changeHold: change.body.data._id };
    ownRows.member = { booking: batardBooking, walletEntry };

    const firstOf = async (table: typeof venueTables | typeof seatingAreas | typeof experiences, venueId: string) =>
      (await api.deps.db.select({ id: table.id }).from(table).where(eq(table.venueId, venueId)).limit(1))[0]!.id;
    const closureAt = async (venueId: string) => {
      const id = newId();
      await api.deps.db.insert(closures).values({ id, venueId, scope: 'VENUE', fromDate: day, toDate: day, reason: 'PRIVATE_EVENT', createdBy: who.admin.id, createdAt: api.clock.now() });
      return id;
    };
    // A party in each venue's walk-in queue, added as the host stand adds one.
    const queuedAt = async (venueId: string) => {
      const res = await api.request('POST', `/admin/venue/${venueId}/walk-in-queue`, { token: tokens.admin, body: { name: 'Matrix', numberOfGuests: 2, quotedMinutes: 10 } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id as string;
    };
    for (const [venueId, booking] of [[LECLOS, leClosBooking], [BATARD, batardBooking]] as const) {
      venueRows[venueId] = {
        venue: venueId, day, booking, table: await firstOf(venueTables, venueId), area: await firstOf(seatingAreas, venueId),
        experience: await firstOf(experiences, venueId), closure: await closureAt(venueId), walkInEntry: await queuedAt(venueId),
      };
    }
    // Rows a successful call may remove: a staff account and a guest of their own, not a principal.
    const spareStaff = await insertStaff(api, 'staff', LECLOS);
    const spareGuest = await h.newUser('guest');
    clubRows = { day, guest: who.guestB.id, guestTag: UNKNOWN_ID, guestNote: UNKNOWN_ID, staffAccount: spareStaff.id, erasureSubject: spareGuest.id, guestMerge: UNKNOWN_ID };
  });
  afterAll(async () => {
    // The figures the matrix reports.
    console.log(`authorisation matrix on ${driver}: ${counts.operations} operations, ${PRINCIPALS.length + 1} principals (no token included), ${counts.cases} cases`);
    await api?.close();
  });

  /** The cases of one operation, those expected to be refused first (a call let through may change rows). */
  function casesOf(call: OpenApiCall): Case[] {
    const rule = ruleOf(call)!;
    const kinds = Object.values(resourcesOf(call));
    const cases: Case[] = [];
    const add = (of: string, rows: Partial<Record<ResourceKind, string>>, expectedOf: (p: Principal) => Expected) => {
      cases.push({ principal: 'none', of, rows, expected: [401] });
      for (const p of PRINCIPALS) cases.push({ principal: p, of, rows, expected: expectedOf(p) });
    };
    const staffOrAdmin = (p: Principal) => p === 'admin' || STAFF_OF[p] !== undefined;
    if (rule === 'owner') {
      const kind = OWNED.find((k) => kinds.includes(k))!;
      for (const owner of OWNERS[kind]!) {
        add(owner, { ...clubRows, ...(kind === 'changeHold' ? changeRows : ownRows[owner]) }, (p) => (p === owner ? 'own' : 'hidden'));
      }
    } else if (rule === 'self') {
      add('caller', { ...clubRows, venue: LECLOS }, (p) => (p === 'member' ? 'past' : 'in'));
    } else if (rule === 'venue') {
      for (const venueId of [LECLOS, BATARD]) {
        add(venueId, { ...clubRows, ...venueRows[venueId] }, (p) => (p === 'admin' || STAFF_OF[p] === venueId ? 'past' : staffOrAdmin(p) ? 'hidden' : [403]));
      }
    } else if (rule === 'staff') {
      add('club', clubRows, (p) => (staffOrAdmin(p) ? 'past' : [403]));
    } else {
      add('club', { ...clubRows, venue: LECLOS }, (p) => (p === 'admin' ? 'past' : [403]));
    }
    const refused = (c: Case) => Array.isArray(c.expected) || c.expected === 'hidden';
    return [...cases.filter(refused), ...cases.filter((c) => !refused(c))];
  }

  // Staff's words about a guest are the staff's (docs/decisions/0015): no answer of the user area
  // carries them, nor a closure's note, to the guest they are about.
  it("gives guest A, in no GET of the user area, a staff note on A or a closure's note", async () => {
    const note = `Note-${newId()}`;
    const written = await api.request('POST', `/admin/guest/${who.guestA.id}/note`, { token: tokens.leClosStaff, body: { kind: 'ALLERGY', body: note } });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    await api.deps.db.update(closures).set({ note }).where(eq(closures.id, venueRows[LECLOS]!.closure!));
    const reads = guarded.filter((c) => c.method === 'GET' && c.path.startsWith('/user/'));
    for (const call of reads) {
      const rows = { ...clubRows, venue: LECLOS, walletEntry: UNKNOWN_ID, ...(Object.values(resourcesOf(call)).includes('changeHold') ? changeRows : ownRows.guestA) };
      const res = await api.request('GET', addressOf(call, { ...pathValues(call, rows), date: clubRows.day! }), { token: tokens.guestA });
      expect(JSON.stringify(res.body) ?? '', `${call.path}`).not.toContain(note);
    }
  });

  it.each(guarded.map((c) => [keyOf(c), c] as const))('%s', async (_, call) => {
    counts.operations++;
    const wrong: string[] = [];
    for (const c of casesOf(call)) {
      counts.cases++;
      const queryValues: Record<string, string> = c.rows.venue ? { venueId: c.rows.venue, date: c.rows.day! } : { date: clubRows.day! };
      const body = call.method === 'GET' || call.method === 'DELETE' ? undefined : {};
      const ask = (rows: Partial<Record<ResourceKind, string>>) =>
        api.request(call.method, addressOf(call, { ...pathValues(call, rows), ...queryValues }), { token: c.principal === 'none' ? undefined : tokens[c.principal], body });
      const res = await ask(c.rows);
      const ok = Array.isArray(c.expected)
        ? c.expected.includes(res.status)
        : c.expected === 'hidden'
          ? [403, 404].includes(res.status) || (res.status >= 400 && res.status !== 401 && same(res, await ask(withoutRows(c.rows))))
          : !REFUSALS[c.expected].includes(res.status);
      if (!ok) wrong.push(`${c.principal} on ${c.of}'s rows: ${res.status} (expected ${Array.isArray(c.expected) ? c.expected.join('/') : c.expected}) ${JSON.stringify(res.body)?.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });
});
