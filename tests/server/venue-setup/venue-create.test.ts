/**
 * A venue made from nothing by the set-up's own functions ("one way in"), as the demo venues
 * are at first start: createVenue (texts per language, contacts, online party sizes, booking windows by
 * membership, policy), its first services published from version 0 through the admin call, a members'
 * dining area (createArea) and a table through the admin call. A member of staff's change is previewed
 * or published and audited with before and after; the system's is not audited; a taken id or web
 * address name is refused with every reason, and bad values with the field. Dates from the injected clock.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { auditLog, venues, venueTexts } from '../../../server/db/schema';
import { createArea } from '../../../server/services/setup/floor-setup';
import { SYSTEM_SETUP } from '../../../server/services/setup/system-setup';
import { SetupRefusal } from '../../../server/services/setup/versioned';
import { createVenue } from '../../../server/services/venue-setup/venue-create';
import { newVenueSchema, type NewVenueInput } from '../../../common/validation/venue-create-validation';
import { LECLOS } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

let made = 0;
/** A new venue's values, with an id and web address name no other test uses. */
function newVenue(overrides: Partial<NewVenueInput> = {}): NewVenueInput {
  made += 1;
  return {
    id: `7770a1c0e4b0a1b2c3d4${String(made).padStart(4, '0')}`,
    domain: `roof-${made}`,
    texts: {
      en: { title: 'The Roof', description: 'Rooftop Terrace', introduction: 'Drinks and small plates under the sky.', address: '8/F, 12 Ice House Street' },
      ja: { title: 'ザ・ルーフ' },
    },
    reservationsPhone: '+852 2388 6209',
    reservationsEmail: 'roof.reservations@example.com',
    maxPartySize: 10,
    onlineMinGuests: 2,
    onlineMaxGuests: 8,
    requiresPhoneVerification: false,
    minLeadMinutes: 60,
    bookingDays: { guest: 14, member: 60 },
    policy: {
      cancellationWindowHours: 24,
      cancellationFee: { type: 'PER_PERSON', amount: 10000 },
      feesByPartySize: [{ minGuestCount: 1, amount: 10000 }],
      noShowFeePerPerson: 20000,
      minimumSpend: null,
      maximumPartySize: 10,
    },
    ...overrides,
  };
}

for (const driver of testDrivers()) {
  describe(`a venue created from nothing (${driver})`, () => {
    let { api, admin } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, admin } = accounts));

    const staff = (preview = false) => ({ actorId: admin.id, preview });
    const auditOf = (entityId: string) => api.deps.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

    it('previews a new venue without saving it, then publishes it audited, with its texts per language and membership rules', async () => {
      const input = v.parse(newVenueSchema, newVenue());
      const preview = await createVenue(api.deps, staff(true), input);
      expect(preview).toMatchObject({ published: false, affected: [] });
      expect(await api.deps.db.select().from(venues).where(eq(venues.id, input.id))).toEqual([]);

      const published = await createVenue(api.deps, staff(), input);
      expect(published).toMatchObject({ value: { _id: input.id }, version: 1, published: true, affected: [] });
      const [row] = await api.deps.db.select().from(venues).where(eq(venues.id, input.id));
      expect(row).toMatchObject({ domain: input.domain, title: 'The Roof', guestBookingDays: 14, memberBookingDays: 60, onlineMinGuests: 2, onlineMaxGuests: 8, version: 1 });
      // Only the language written has a row; the others read the English.
      expect((await api.deps.db.select().from(venueTexts).where(eq(venueTexts.venueId, input.id))).map((t) => [t.locale, t.title])).toEqual([['ja', 'ザ・ルーフ']]);
      const content = await api.request('GET', `/admin/setup/venue/${input.id}/content`, { token: admin.token() });
      expect(content.body.data.texts.ja.title).toBe('ザ・ルーフ');
      expect(content.body.data.missing.ja).toEqual(['description', 'introduction', 'address']);
      expect(content.body.data.missing.ko).toEqual(['title', 'description', 'introduction', 'address']);

      const [entry] = await auditOf(input.id);
      expect(entry).toMatchObject({ action: 'setup.venue.create', actorId: admin.id, venueId: input.id, before: null });
      expect(entry!.after).toMatchObject({ domain: input.domain, memberBookingDays: 60, texts: { ja: { title: 'ザ・ルーフ' } } });
    });

    it('takes its first services from version 0 and its dining areas and tables through the set-up calls', async () => {
      const id = (await createVenue(api.deps, staff(), v.parse(newVenueSchema, newVenue()))).value._id;
      const services = await api.request('GET', `/admin/setup/venue/${id}/services`, { token: admin.token() });
      expect(services.body.data).toEqual({ venueId: id, version: 0, services: [] });
      const evening = { name: 'Evening', daysOfWeek: [3, 4, 5, 6], firstSeating: 1080, lastSeating: 1320, endsAt: 1440, intervalMinutes: 30, validFrom: null, validUntil: null };
      const put = await api.request('PUT', `/admin/setup/venue/${id}/services`, { token: admin.token(), body: { version: 0, services: [evening] } });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body.data).toMatchObject({ version: 1, services: [evening], affected: [] });

      const area = await createArea(api.deps, staff(), id, { name: 'Sky Lounge', description: 'For members, above the terrace.', membersOnly: true, active: true });
      expect(area).toMatchObject({ version: 1, published: true });
      const table = { seatingAreaId: area.value._id, name: 'R1', minGuests: 2, maxGuests: 4, bookable: 'ONLINE', combineGroup: null, active: true, shape: 'ROUND', x: 100, y: 100, width: 80, height: 80, rotation: 0 };
      const post = await api.request('POST', `/admin/venue/${id}/table`, { token: admin.token(), body: table });
      expect(post.status, JSON.stringify(post.body)).toBe(201);
      const floor = await api.request('GET', `/admin/venue/${id}/floor`, { token: admin.token() });
      expect(floor.body.data.areas).toEqual([expect.objectContaining({ _id: area.value._id, name: 'Sky Lounge', description: 'For members, above the terrace.', active: true, version: 1 })]);
      expect(floor.body.data.tables).toEqual([expect.objectContaining({ name: 'R1', seatingAreaId: area.value._id, version: 1 })]);
      expect((await auditOf(area.value._id)).map((e) => [e.action, (e.after as { membersOnly: boolean }).membersOnly])).toEqual([['setup.area.create', true]]);
    });

    it("writes no audit entry for the system's changes", async () => {
      const input = v.parse(newVenueSchema, newVenue());
      await api.deps.db.transaction(async (tx) => {
        const deps = { db: tx, clock: api.clock };
        await createVenue(deps, SYSTEM_SETUP, input);
        await createArea(deps, SYSTEM_SETUP, input.id, { name: 'Bar', description: '', membersOnly: false, active: true });
      });
      expect(await api.deps.db.select().from(auditLog).where(eq(auditLog.venueId, input.id))).toEqual([]);
      expect(await api.deps.db.select({ id: venues.id }).from(venues).where(eq(venues.id, input.id))).toHaveLength(1);
    });

    it('refuses a taken id and web address name with both reasons, and saves nothing', async () => {
      const taken = v.parse(newVenueSchema, newVenue({ id: LECLOS, domain: 'leclos' }));
      const refusal = await createVenue(api.deps, staff(), taken).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(SetupRefusal);
      expect((refusal as SetupRefusal).reasons.map((r) => r.message)).toEqual([
        'Another venue already has the id {id}',
        'Another venue already has the web address name {domain}',
      ]);
      expect(await api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, LECLOS), eq(auditLog.action, 'setup.venue.create')))).toEqual([]);
    });

    it('refuses bad values naming the field: members fewer days than guests, online parties over the largest', () => {
      const issues = (input: NewVenueInput) => v.safeParse(newVenueSchema, input).issues?.map((i) => [v.getDotPath(i), i.message]);
      expect(issues(newVenue({ bookingDays: { guest: 60, member: 30 } }))).toEqual([['bookingDays.member', 'Members must be able to book at least as far ahead as guests']]);
      expect(issues(newVenue({ onlineMaxGuests: 12 }))).toEqual([['onlineMaxGuests', 'Online parties cannot be larger than the largest party']]);
      expect(issues(newVenue({ domain: 'Le Clos' }))).toEqual([['domain', 'The web address name is 2 to 30 lower-case letters, digits or hyphens']]);
    });
  });
}
