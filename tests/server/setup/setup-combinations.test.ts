/**
 * The set-up preview of a table change for bookings on tables joined (docs/PRODUCT.md §9, tables joined),
 * through the HTTP API on both databases. At Obe the lounge's L5 and L6 (4 to 6 each) are one combine
 * group and K1 is kept for staff, so a party of 10 online sits at L5 + L6. A change that breaks the
 * combination (a member made inactive, moved to another area or combine group, its seats lowered below
 * the party) lists the booking for staff to contact and cancels nothing; a change that leaves the
 * combination seating the party lists nothing. Dates come from the injected clock.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, venueTables } from '../../../server/db/schema';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, OBE, seatingAreaIdByName } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const AT = 1200;

interface SetupTable {
  _id: string;
  name: string;
  x: number | null;
  y: number | null;
  [field: string]: unknown;
}

for (const driver of testDrivers()) {
  describe(`set-up preview of tables joined (${driver})`, () => {
    let { api, h, admin } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin } = accounts));
    let bar: string;
    let booking: typeof reservations.$inferSelect;

    const setTables = async (names: string[], values: Partial<typeof venueTables.$inferInsert>) => {
      await api.deps.db.update(venueTables).set(values).where(and(eq(venueTables.venueId, OBE), inArray(venueTables.name, names)));
      await catalogChanged(api.deps.db);
    };
    const tableNamed = async (name: string) => {
      const floor = await api.request('GET', `/admin/venue/${OBE}/floor`, { token: admin.token() });
      return (floor.body.data.tables as SetupTable[]).find((t) => t.name === name)!;
    };
    const putTable = async (name: string, changes: Record<string, unknown>, preview = true) => {
      const { _id, ...values } = await tableNamed(name);
      const res = await api.request('PUT', `/admin/table/${_id}${preview ? '?preview=true' : ''}`, {
        token: admin.token(),
        body: { ...values, x: values.x ?? 0, y: values.y ?? 0, ...changes },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { published: boolean; affected: { _id: string; uniqueId: string; reasons: string[] }[] };
    };
    const listed = (affected: { _id: string; reasons: string[] }[]) => affected.filter((a) => a._id === booking.id).map((a) => a.reasons);

    beforeAll(async () => {
      bar = await experienceIdByName(api.deps.db, OBE, 'Bar Seating');
      await setTables(['L5', 'L6'], { combineGroup: 'long' });
      await setTables(['K1'], { bookable: 'STAFF' });
      const date = addDays(hongKongToday(api.clock.now()), 3);
      const user = await h.newUser();
      const held = await api.request('POST', '/user/reservation/v1.1', { token: user.token(), body: { venueId: OBE, experienceId: bar, date, startTime: AT, numberOfGuests: 10 } });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      expect((await h.complete(user, held.body.data._id)).status).toBe(200);
      const [row] = await api.deps.db.select().from(reservations).where(eq(reservations.id, held.body.data._id));
      booking = row!;
      expect(booking.combinedTableIds).toHaveLength(1);
    });
    afterAll(async () => {
      await setTables(['L5', 'L6'], { combineGroup: null, active: true, minGuests: 4, maxGuests: 6 });
      await setTables(['K1'], { bookable: 'ONLINE' });
    });

    it('lists a booking on L5 + L6 when a member is made inactive, moved to another area or combine group, or seats too few', async () => {
      const cask = await seatingAreaIdByName(api.deps.db, OBE, 'Cask Room');
      for (const change of [{ active: false }, { seatingAreaId: cask }, { combineGroup: 'other' }, { combineGroup: null }, { minGuests: 2, maxGuests: 3 }]) {
        expect(listed((await putTable('L6', change)).affected), JSON.stringify(change)).toEqual([['COMBINATION_BROKEN']]);
      }
      // The first table of the booking too.
      expect(listed((await putTable('L5', { active: false })).affected)).toEqual([['COMBINATION_BROKEN']]);
    });

    it('lists nothing when the combination still seats the party, nor for a change of another table', async () => {
      // 5 + 6 still seat 10; a name is no matter; L1 is not one of its tables.
      expect(listed((await putTable('L6', { maxGuests: 5 })).affected)).toEqual([]);
      expect(listed((await putTable('L6', { name: 'L6a' })).affected)).toEqual([]);
      expect(listed((await putTable('L1', { active: false })).affected)).toEqual([]);
    });

    it('publishes the change with the booking listed for staff to call, and cancels nothing', async () => {
      const published = await putTable('L6', { active: false }, false);
      try {
        expect(published.published).toBe(true);
        expect(published.affected).toEqual([expect.objectContaining({ _id: booking.id, uniqueId: booking.uniqueId, reasons: ['COMBINATION_BROKEN'] })]);
        const [after] = await api.deps.db.select().from(reservations).where(eq(reservations.id, booking.id));
        expect(after!.status).toBe('CONFIRMED');
      } finally {
        await putTable('L6', { active: true }, false);
      }
    });
  });
}
