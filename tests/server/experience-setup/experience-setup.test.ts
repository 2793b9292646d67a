/**
 * Experiences set up through the HTTP API: created and changed by admins only, with texts per
 * language (English required, the rest falling back to it and listed as missing), their own policy
 * overriding the venue's for fees and policy texts, their days and party sizes kept by availability
 * and booking, a stale change refused (409 20140), a change breaking the rules refused with every reason
 * (409 20141), and a preview listing the confirmed bookings a change leaves outside the experience.
 * Dates come from the injected clock.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/db/schema';
import { addDays, hongKongToday, isoWeekday } from '../../../common/time';
import { LECLOS } from '../../support/server/fixtures';
import { experienceBody } from '../../support/server/experience-body';
import { testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const LUNCH = 720;
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

interface SetupExperience {
  _id: string;
  version: number;
  texts: Record<string, { name: string | null; description: string | null }>;
  missing: Record<string, string[]>;
  [key: string]: unknown;
}

/** A strict policy of its own: late from three days ahead, the whole deposit kept, HK$500 a head for a no-show. */
const OWN_POLICY = {
  cancellationWindowHours: 72,
  cancellationFee: { type: 'PERCENTAGE', amount: 100 },
  feesByPartySize: [],
  noShowFeePerPerson: 50_000,
  minimumSpend: { type: 'PER_PERSON', amount: 80_000 },
  maximumPartySize: 8,
};

const newExperience = (name: string, extra: Record<string, unknown> = {}) =>
  experienceBody({ en: { name, description: 'Six courses by the chef, paired with wines.' }, ja: { name: 'シェフのおまかせ', description: null } }, extra);

for (const driver of testDrivers()) {
  describe(`set-up: experiences (${driver})`, () => {
    let { api, h, admin, leclosStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff } = accounts));

    let today: string;
    const list = async () =>
      (await api.request('GET', `/admin/venue/${LECLOS}/experiences`, { token: admin.token() })).body.data as { experiences: SetupExperience[]; services: string[] };
    const named = async (name: string) => (await list()).experiences.find((e) => e.texts.en!.name === name)!;
    const create = (body: unknown, token = admin.token(), preview = false) =>
      api.request('POST', `/admin/venue/${LECLOS}/experience${preview ? '?preview=true' : ''}`, { token, body });
    /** The stored values as a change sends them back, with `changes` over them. */
    const changeOf = (e: SetupExperience, changes: Record<string, unknown>) => {
      const { _id, venueId: _venue, missing: _missing, ...values } = e;
      return { ...values, ...changes };
    };
    const put = (e: SetupExperience, changes: Record<string, unknown>, { token = admin.token(), preview = false } = {}) =>
      api.request('PUT', `/admin/experience/${e._id}${preview ? '?preview=true' : ''}`, { token, body: changeOf(e, changes) });
    const offered = async (experienceId: string, date: string, numberOfGuests = 2) => {
      const query = new URLSearchParams({ experienceId, numberOfGuests: String(numberOfGuests) });
      return api.request('GET', `/user/reservation/v1.1/timeslot-availability/${LECLOS}/${date}?${query}`, { token: (await h.newUser()).token() });
    };
    const hold = (user: TestUser, experienceId: string, date: string, numberOfGuests = 2) =>
      api.request('POST', '/user/reservation/v1.1', { token: user.token(), body: { venueId: LECLOS, experienceId, date, startTime: LUNCH, numberOfGuests } });
    /** A confirmed, deposit-paid booking of the experience. */
    const bookPaid = async (experienceId: string, date: string, numberOfGuests = 2) => {
      const user = await h.newUser();
      const held = await hold(user, experienceId, date, numberOfGuests);
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      await h.payByCard(user, held.body.data._id);
      await h.deliver();
      const done = await h.complete(user, held.body.data._id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return { user, id: held.body.data._id as string, uniqueId: done.body.data.uniqueId as string };
    };

    beforeAll(() => {
      today = hongKongToday(api.clock.now());
    });

    it('refuses venue staff, guests and callers without a log-in, and changes nothing', async () => {
      const before = await list();
      for (const caller of [leclosStaff, await h.newUser('guest'), await h.newUser('member')]) {
        expect((await api.request('GET', `/admin/venue/${LECLOS}/experiences`, { token: caller.token() })).status).toBe(403);
        expect((await create(newExperience('Not allowed'), caller.token())).status).toBe(403);
        expect((await put(before.experiences[0]!, { maxGuests: 3 }, { token: caller.token() })).status).toBe(403);
      }
      expect((await api.request('GET', `/admin/venue/${LECLOS}/experiences`)).status).toBe(401);
      expect(await list()).toEqual(before);
    });

    it('creates an experience, English required and the other languages shown as missing, audited with nothing before', async () => {
      const res = await create(newExperience("Chef's Table"));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toMatchObject({ version: 1, published: true, affected: [] });
      const chefs = await named("Chef's Table");
      expect(chefs).toMatchObject({ _id: res.body.data._id, minGuests: 2, maxGuests: 6, prePaymentType: 'DEPOSIT', active: true, policy: null });
      expect(chefs.texts.ja).toEqual({ name: 'シェフのおまかせ', description: null });
      expect(chefs.missing).toMatchObject({ ja: ['description'], ko: ['name', 'description'], 'zh-Hant': ['name', 'description'] });
      const [entry] = await api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, chefs._id)));
      expect(entry).toMatchObject({ action: 'setup.experience.create', actorId: admin.id, venueId: LECLOS, before: null });

      // Guests read it in their language where written, in English where not.
      const inJapanese = await api.request('GET', '/public/venue/by-domain/leclos', { headers: { 'Accept-Language': 'ja' } });
      const own = (inJapanese.body.data.experiences as { _id: string; name: string; description: string }[]).find((e) => e._id === chefs._id);
      expect(own).toMatchObject({ name: 'シェフのおまかせ', description: 'Six courses by the chef, paired with wines.' });
    });

    it('refuses bad values with the field named, and an English name left out, saving nothing', async () => {
      const before = await list();
      const noName = await create(newExperience('', {}));
      expect(noName.status).toBe(400);
      expect(noName.body.field).toContain('texts');
      const sizes = await create(newExperience('Sizes', { minGuests: 5, maxGuests: 2 }));
      expect(sizes.status).toBe(400);
      expect(sizes.body.field).toBe('maxGuests');
      const deposit = await create(newExperience('No tiers', { depositPolicy: [] }));
      expect(deposit.status).toBe(400);
      expect(deposit.body.field).toBe('depositPolicy');
      expect(await list()).toEqual(before);
    });

    it('refuses a change that breaks the set-up with every reason (409 20141)', async () => {
      const res = await create(newExperience("Chef's Table", { periodNames: ['Lunch', 'Brunch'] }));
      expect(res.status).toBe(409);
      expect(res.body.errorCode).toBe(20141);
      expect(res.body.reasons).toEqual(['Brunch is not a service of this venue', "Another experience is already called Chef's Table"]);
    });

    it('refuses an own policy whose fees by party size are out of order or start above its largest party (400), or whose largest party is beyond what the venue takes online (409 20141), saving nothing', async () => {
      const before = await list();
      const policy = (changes: Record<string, unknown>) => ({ policy: { ...OWN_POLICY, ...changes } });
      const outOfOrder = await create(newExperience('Tiers', policy({ feesByPartySize: [{ minGuestCount: 6, amount: 30_000 }, { minGuestCount: 2, amount: 20_000 }] })));
      expect(outOfOrder.status).toBe(400);
      expect(outOfOrder.body.field).toBe('policy.feesByPartySize');
      expect(outOfOrder.body.message).toBe('List the fees by party size from the smallest party up, each from more guests than the one before, at most 10');
      const aboveLargest = await create(newExperience('Tiers', policy({ feesByPartySize: [{ minGuestCount: 9, amount: 30_000 }] })));
      expect(aboveLargest.status).toBe(400);
      expect(aboveLargest.body.message).toBe('A fee by party size cannot start above the largest party');
      const online = await create(newExperience('Tiers', policy({ maximumPartySize: 12 })));
      expect(online.status).toBe(409);
      expect(online.body.errorCode).toBe(20141);
      expect(online.body.reasons).toEqual(['The largest party (12) is more than the 10 guests this venue takes online']);
      expect(await list()).toEqual(before);
      // In the admin's language.
      const ja = await api.request('POST', `/admin/venue/${LECLOS}/experience`, { token: admin.token(), body: newExperience('Tiers', policy({ maximumPartySize: 12 })), headers: { 'Accept-Language': 'ja' } });
      expect(ja.body.reasons).toEqual(['最大グループ人数（12名）が、この店舗のオンライン予約の上限10名を超えています']);
      // Tiers in order within the largest party are taken as written.
      const fine = await create(newExperience('Tiers', policy({ feesByPartySize: [{ minGuestCount: 1, amount: 10_000 }, { minGuestCount: 4, amount: 15_000 }], maximumPartySize: 10 })));
      expect(fine.status).toBe(201);
      expect((await named('Tiers')).policy).toMatchObject({ feesByPartySize: [{ minGuestCount: 1, amount: 10_000 }, { minGuestCount: 4, amount: 15_000 }], maximumPartySize: 10 });
    });

    it('refuses a change started from an older version (409 20140), saving nothing', async () => {
      const chefs = await named("Chef's Table");
      expect((await put(chefs, { durationMinutes: 150 })).status).toBe(200);
      const stale = await put(chefs, { durationMinutes: 180 });
      expect(stale.status).toBe(409);
      expect(stale.body.errorCode).toBe(20140);
      expect(await named("Chef's Table")).toMatchObject({ durationMinutes: 150, version: 2 });
    });

    it('offers the experience only on its days and for its party sizes, refusing other parties clearly', async () => {
      const chefs = await named("Chef's Table");
      const day = addDays(today, 5);
      const notThatDay = ALL_DAYS.filter((d) => d !== isoWeekday(day));
      expect((await put(chefs, { daysOfWeek: notThatDay })).status).toBe(200);
      const closed = await offered(chefs._id, day);
      expect(closed.status).toBe(200);
      expect(closed.body.data).toMatchObject({ open: false, timeslots: [] });
      expect((await offered(chefs._id, addDays(day, 1))).body.data.timeslots.length).toBeGreaterThan(0);
      const refusedHold = await hold(await h.newUser(), chefs._id, day);
      expect(refusedHold.status).toBe(409);

      const tooFew = await offered(chefs._id, addDays(day, 1), 1);
      expect(tooFew.status).toBe(422);
      expect(tooFew.body).toMatchObject({ errorCode: 20180, field: 'numberOfGuests' });
      expect(tooFew.body.message).toBe("Chef's Table is for parties of 2 to 6 guests. Please choose another party size or experience.");
      expect((await hold(await h.newUser(), chefs._id, addDays(day, 1), 7)).body.errorCode).toBe(20180);
      const latest = await named("Chef's Table");
      expect((await put(latest, { daysOfWeek: ALL_DAYS })).status).toBe(200);
    });

    it('gives a booking of an experience with its own policy that policy: its texts in the mail, its late cancellation fee', async () => {
      const chefs = await named("Chef's Table");
      const changed = await put(chefs, { policy: OWN_POLICY });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const [entry] = await api.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, chefs._id), eq(auditLog.action, 'setup.experience.change'))).orderBy(auditLog.seq).limit(1);
      expect(entry).toBeDefined();

      // Two days ahead: outside Le Clos's 24 hours, inside the experience's 72.
      const booked = await bookPaid(chefs._id, addDays(today, 2));
      const [confirmation] = await h.outboxOf(booked.user.email);
      expect(confirmation!.body).toContain('72 hours before your reservation');
      expect(confirmation!.body).toContain('HK$500 per person');
      const venue = await api.request('GET', '/public/venue/by-domain/leclos');
      const own = (venue.body.data.experiences as { _id: string; policy: unknown }[]).find((e) => e._id === chefs._id);
      expect(own!.policy).toEqual(OWN_POLICY);

      const cancelled = await h.cancel(booked.user, booked.id);
      expect(cancelled.status).toBe(200);
      // The whole HK$400 deposit is kept: nothing given back.
      expect(cancelled.body.data.status).toBe('LATE_CANCELED');
      expect(cancelled.body.data.refunds ?? []).toEqual([]);
    });

    it('previews the confirmed bookings a change leaves outside the experience, never cancelling them, and retires it', async () => {
      const chefs = await named("Chef's Table");
      const day = addDays(today, 9);
      const booked = await bookPaid(chefs._id, day, 4);
      const preview = await put(chefs, { maxGuests: 3, daysOfWeek: ALL_DAYS.filter((d) => d !== isoWeekday(day)) }, { preview: true });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.data.published).toBe(false);
      expect(preview.body.data.affected).toEqual([
        expect.objectContaining({ uniqueId: booked.uniqueId, reasons: ['OUTSIDE_EXPERIENCE_DAYS', 'OUTSIDE_EXPERIENCE_PARTY_SIZE'] }),
      ]);
      expect((await named("Chef's Table")).version).toBe(chefs.version);

      const retired = await put(chefs, { active: false });
      expect(retired.status).toBe(200);
      expect((await h.reservationRow(booked.id)).status).toBe('CONFIRMED');
      const venue = await api.request('GET', '/public/venue/by-domain/leclos');
      expect((venue.body.data.experiences as { _id: string }[]).some((e) => e._id === chefs._id)).toBe(false);
      const refused = await hold(await h.newUser(), chefs._id, addDays(day, 1));
      expect(refused.status).toBe(409);
      expect(refused.body.errorCode).toBe(20181);
    });
  });
}
