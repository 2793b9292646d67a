/**
 * A move that changes nothing the guest sees (docs/PRODUCT.md §6), on both drivers: staff swap a booking
 * onto another table of its dining area, and the guest is mailed nothing, their manage link and calendar
 * invite stay as they were; a move of its time is still mailed. Failed before: every table swap mailed
 * "Your reservation has changed" and outdated the manage link.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { venueTables } from '../../../server/db/schema';
import { experienceIdByName, LECLOS, seatingAreaIdByName } from '../../support/server/fixtures';
import { manageTokenIn } from '../../support/server/manage-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';
import { testDrivers } from '../../support/server/harness';

for (const driver of testDrivers()) {
  describe(`a table swap (${driver})`, () => {
    let { api, h, leclosStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, leclosStaff } = accounts));
    let aLaCarte: string;
    let terrace: string;
    beforeAll(async () => {
      aLaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
      terrace = await seatingAreaIdByName(api.deps.db, LECLOS, 'Garden Terrace');
    });

    it('mails nothing and keeps the manage link when only the table changes; a new time is mailed', async () => {
      const guest = await h.newUser('guest');
      const held = await api.request('POST', '/user/reservation/v1.1', { token: guest.token(), body: { venueId: LECLOS, experienceId: aLaCarte, date: '2026-12-09', startTime: 1140, numberOfGuests: 2, seatingAreaId: terrace } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const id: string = held.body.data._id;
      expect((await h.complete(guest, id)).status).toBe(200);
      const before = await h.reservationRow(id);
      const mails = (await h.outboxOf(guest.email)).length;
      const token = manageTokenIn((await h.outboxOf(guest.email))[0]!.body)!;

      const tables = await api.deps.db.select().from(venueTables).where(and(eq(venueTables.venueId, LECLOS), eq(venueTables.seatingAreaId, terrace)));
      const other = tables.find((t) => t.id !== before.tableId && t.minGuests <= 2 && 2 <= t.maxGuests)!;
      const swap = await api.request('PUT', `/admin/reservation/${id}/move`, { token: leclosStaff.token(), body: { tableId: other.id } });
      expect(swap.status, JSON.stringify(swap.body)).toBe(200);
      const after = await h.reservationRow(id);
      expect([after.tableId, after.sequence]).toEqual([other.id, before.sequence]);
      expect((await h.outboxOf(guest.email)).length).toBe(mails);
      const page = await api.request('GET', `/manage/${encodeURIComponent(token)}`);
      expect(page.status).toBe(200);
      expect(page.body.data.link).not.toBe('changed');

      const later = await api.request('PUT', `/admin/reservation/${id}/move`, { token: leclosStaff.token(), body: { startTime: 1200 } });
      expect(later.status, JSON.stringify(later.body)).toBe(200);
      expect((await h.outboxOf(guest.email)).length).toBe(mails + 1);
      expect((await h.reservationRow(id)).sequence).toBe(before.sequence + 1);
    });
  });
}
