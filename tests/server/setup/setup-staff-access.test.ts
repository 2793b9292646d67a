/**
 * Venue staff and the set-up through the HTTP API: a venue's own staff may change its set-up
 * only while an admin allows it for that venue (403 20185 in staff's words otherwise); only admins switch
 * it, audited with before and after; another venue's staff are refused whatever the setting. And a new
 * dining area, added and changed (members-only too) through the set-up calls.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, seatingAreas } from '../../../server/db/schema';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { LECLOS, OBE } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

interface Floor {
  areas: { _id: string; name: string; description: string; membersOnly: boolean; active: boolean; version: number }[];
  tables: { _id: string; name: string; seatingAreaId: string; version: number; [key: string]: unknown }[];
}

for (const driver of testDrivers()) {
  describe(`set-up by a venue's staff (${driver})`, () => {
    let { api, admin, leclosStaff, obeStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, admin, leclosStaff, obeStaff } = accounts));

    const floor = async (user: TestUser = admin, venueId = LECLOS) => api.request('GET', `/admin/venue/${venueId}/floor`, { token: user.token() });
    const allow = (user: TestUser, staffMaySetUp: unknown, venueId = LECLOS) =>
      api.request('PUT', `/admin/setup/venue/${venueId}/staff-access`, { token: user.token(), body: { staffMaySetUp } });
    /** One call of each kind, as `user`: a read, a table's change, an area's change, a new area, pacing, the venue's texts. */
    let rooms = 0;
    async function setupCalls(user: TestUser) {
      const stored = (await floor()).body.data as Floor;
      const table = stored.tables.find((t) => t.name === 'T1')!;
      const area = stored.areas[0]!;
      const { _id: _table, ...tableValues } = table;
      const { _id: _area, ...areaValues } = area;
      const content = (await api.request('GET', `/admin/setup/venue/${LECLOS}/content`, { token: admin.token() })).body.data;
      return {
        read: await floor(user),
        table: await api.request('PUT', `/admin/table/${table._id}`, { token: user.token(), body: { ...tableValues, x: table.x ?? 0, y: table.y ?? 0, maxGuests: 4 } }),
        area: await api.request('PUT', `/admin/area/${area._id}`, { token: user.token(), body: { ...areaValues, description: `${area.description}.` } }),
        newArea: await api.request('POST', `/admin/venue/${LECLOS}/area`, { token: user.token(), body: { name: `Room ${++rooms}`, description: '', active: true } }),
        pacing: await api.request('GET', `/admin/venue/${LECLOS}/pacing`, { token: user.token() }),
        content: await api.request('PUT', `/admin/setup/venue/${LECLOS}/content`, { token: user.token(), body: content }),
      };
    }
    const latestAudit = async (action: string) =>
      (await api.deps.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, LECLOS))).orderBy(desc(auditLog.seq)).limit(1))[0];

    it("refuses a venue's staff every set-up call until an admin allows it, in their words, and changes nothing", async () => {
      const before = (await floor()).body.data;
      const answers = await setupCalls(leclosStaff);
      for (const [call, res] of Object.entries(answers)) {
        expect(res.status, call).toBe(403);
        expect(res.body.errorCode, call).toBe(ERROR_CODES.SETUP_STAFF_NOT_ALLOWED);
        expect(res.body.message, call).toBe("An admin has not allowed your venue's team to change its set-up. Ask an admin to switch it on.");
      }
      expect((await floor()).body.data).toEqual(before);
      expect((await api.request('GET', `/admin/setup/venue/${LECLOS}/staff-access`, { token: leclosStaff.token() })).body.data).toEqual({ staffMaySetUp: false });
    });

    it('lets only admins switch it, audited with before and after; bad input changes nothing', async () => {
      expect((await allow(leclosStaff, true)).status).toBe(403);
      const bad = await allow(admin, 'yes');
      expect(bad.status).toBe(400);
      expect((await api.request('GET', `/admin/setup/venue/${LECLOS}/staff-access`, { token: admin.token() })).body.data).toEqual({ staffMaySetUp: false });

      const res = await allow(admin, true);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ staffMaySetUp: true });
      expect(await latestAudit('setup.staff-access.change')).toMatchObject({ before: { staffMaySetUp: false }, after: { staffMaySetUp: true } });
      // Another venue's staff may not read Le Clos's setting either.
      expect((await api.request('GET', `/admin/setup/venue/${LECLOS}/staff-access`, { token: obeStaff.token() })).status).toBe(403);
    });

    it("then lets the venue's own staff change its set-up, never another venue's, and stops them again when switched off", async () => {
      expect((await allow(admin, true)).status).toBe(200);
      const answers = await setupCalls(leclosStaff);
      expect(answers.read.status).toBe(200);
      expect(answers.table.status, JSON.stringify(answers.table.body)).toBe(200);
      expect(answers.area.status, JSON.stringify(answers.area.body)).toBe(200);
      expect(answers.newArea.status, JSON.stringify(answers.newArea.body)).toBe(201);
      expect(answers.pacing.status).toBe(200);
      expect(answers.content.status, JSON.stringify(answers.content.body)).toBe(200);

      // Obe's staff: refused at Le Clos (not their venue), and at Obe too, where no admin allowed it.
      for (const [call, res] of Object.entries(await setupCalls(obeStaff))) {
        expect(res.status, call).toBe(403);
        expect(res.body.errorCode, call).toBe(ERROR_CODES.FORBIDDEN);
      }
      expect((await floor(obeStaff, OBE)).body.errorCode).toBe(ERROR_CODES.SETUP_STAFF_NOT_ALLOWED);

      expect((await allow(admin, false)).status).toBe(200);
      expect((await floor(leclosStaff)).status).toBe(403);
    });

    it('adds a dining area (audited with nothing before) and changes it, members-only kept when left out', async () => {
      const created = await api.request('POST', `/admin/venue/${LECLOS}/area`, { token: admin.token(), body: { name: 'Cellar', description: 'Below the bar', membersOnly: true, active: true } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = (await api.deps.db.select().from(seatingAreas).where(and(eq(seatingAreas.name, 'Cellar'), eq(seatingAreas.venueId, LECLOS))))[0]!.id;
      const cellar = ((await floor()).body.data as Floor).areas.find((a) => a.name === 'Cellar')!;
      expect(cellar).toMatchObject({ _id: id, description: 'Below the bar', membersOnly: true, active: true, version: 1 });
      const audit = await api.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'setup.area.create'), eq(auditLog.entityId, id)));
      expect(audit[0]).toMatchObject({ before: null, after: { name: 'Cellar', membersOnly: true } });

      const changed = await api.request('PUT', `/admin/area/${id}`, { token: admin.token(), body: { name: 'Wine Cellar', description: '', active: false, version: 1 } });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(((await floor()).body.data as Floor).areas.find((a) => a._id === id)).toMatchObject({ name: 'Wine Cellar', membersOnly: true, active: false, version: 2 });

      const bad = await api.request('POST', `/admin/venue/${LECLOS}/area`, { token: admin.token(), body: { name: '', description: '', active: true } });
      expect(bad.status).toBe(400);
      expect(((await floor()).body.data as Floor).areas.filter((a) => a.name === '')).toEqual([]);
    });
  });
}
