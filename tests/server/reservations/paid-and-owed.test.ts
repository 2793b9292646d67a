/**
 * A reservation says what of its amount due was paid and what is still owed at the venue, wherever the
 * guest reads it (their own read and the manage link's): a phone booking owes its deposit until staff
 * record it paid at the venue; a booking paid by card owes nothing; a hold has paid nothing yet.
 */
import { describe, expect, it } from 'vitest';
import { newId } from '../../../server/lib/ids';
import { BATARD, experienceIdByName } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import { manageTokenIn } from '../../support/server/manage-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

for (const driver of testDrivers()) {
  describe(`what was paid and what is owed (${driver})`, () => {
    let { api, h, admin } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin } = accounts));

    it("a phone booking's deposit is owed, on the manage link's page, until staff record it paid at the venue", async () => {
      const email = `caller-${newId()}@example.com`;
      const experienceId = await experienceIdByName(api.deps.db, BATARD, 'À la Carte');
      const booked = await api.request('POST', '/admin/reservation', {
        token: admin.token(),
        body: { venueId: BATARD, experienceId, date: '2026-12-03', startTime: 1140, numberOfGuests: 2, email, firstName: 'Wing', lastName: 'Lee' },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      expect(booked.body.data.payment).toMatchObject({ prePaymentType: 'DEPOSIT', amountDue: 60_000, paid: 0, owed: 60_000 });

      const token = manageTokenIn((await h.outboxOf(email))[0]!.body)!;
      const managed = await api.request('GET', `/manage/${encodeURIComponent(token)}`);
      expect(managed.status).toBe(200);
      expect(managed.body.data.reservation.payment).toMatchObject({ amountDue: 60_000, paid: 0, owed: 60_000 });

      const settled = await api.request('POST', `/admin/reservation/${booked.body.data._id}/paid-at-venue`, { token: admin.token() });
      expect(settled.status, JSON.stringify(settled.body)).toBe(200);
      expect(settled.body.data.payment).toMatchObject({ paid: 60_000, owed: 0 });
      const after = await api.request('GET', `/manage/${encodeURIComponent(token)}`);
      expect(after.body.data.reservation.payment).toMatchObject({ paid: 60_000, owed: 0 });
    });

    it('a booking paid by card has paid its amount due and owes nothing; a hold has paid nothing', async () => {
      const kit = testKit(api);
      const guest = await kit.verifiedGuest();
      const paid = await kit.booking(guest, 'paid', { date: '2026-12-04' });
      expect(paid.amountDue).toBeGreaterThan(0);
      const read = await api.request('GET', `/user/reservation/${paid.id}`, { token: guest.token() });
      expect(read.body.data.payment).toMatchObject({ amountDue: paid.amountDue, paid: paid.amountDue, owed: 0 });

      const held = await kit.booking(guest, 'held', { date: '2026-12-05', experienceId: await experienceIdByName(api.deps.db, BATARD, 'À la Carte'), venueId: BATARD, startTime: 1140 });
      const heldRead = await api.request('GET', `/user/reservation/${held.id}`, { token: guest.token() });
      expect(heldRead.body.data.payment).toMatchObject({ amountDue: 60_000, paid: 0, owed: 0 });
    });
  });
}
