/**
 * An experience's own texts (set in the Set-up's Experiences tab) reach everyone who reads its name, in
 * their language, through one `experienceText` (common/experience-text.ts): guests in the booking's or
 * the request's language (the venue's answer, availability's refusals, the booking answers, the member's
 * list, the manage page, the waitlist and its offer, the confirmation mail and its calendar invitation),
 * staff in theirs (the day sheet, the day's list, "Why not?", a refusal). A language the set-up left empty
 * falls back to the English. A rename reaches bookings already made (docs/PRODUCT.md §3). The name used
 * here is in no catalog, so only the set-up's text can put it there. Dates come from the injected clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hongKongToday } from '../../../common/time';
import { translatorFor } from '../../../server/i18n/translator';
import { escapeText } from '../../../server/services/reservations/calendar-invite';
import { LECLOS } from '../../support/server/fixtures';
import { experienceBody } from '../../support/server/experience-body';
import { testDrivers } from '../../support/server/harness';
import { manageTokenIn } from '../../support/server/manage-helpers';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

const LUNCH = 720;
const ENGLISH = { name: 'Riverside Supper', description: 'Five courses by the river.' };
const JAPANESE = { name: '川辺の夕餉', description: '川辺で味わう五皿のコース。' };
const ja = translatorFor('ja');
const th = translatorFor('th');

/** A deposit experience at Le Clos with English and Japanese texts only: Thai and the rest fall back. */
const riverside = experienceBody({ en: ENGLISH, ja: JAPANESE });

type Named = { _id: string; name: string; description?: string };

/** An .ics file's content lines, unfolded (RFC 5545 §3.1). */
const icsLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

for (const driver of testDrivers()) {
  describe(`an experience's own texts in every reader's language (${driver})`, () => {
    let { api, h, admin, leclosStaff } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, leclosStaff } = accounts));
    let today: string;
    let experienceId: string;

    beforeAll(async () => {
      today = hongKongToday(api.clock.now());
      const created = await api.request('POST', `/admin/venue/${LECLOS}/experience`, { token: admin.token(), body: riverside });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      experienceId = created.body.data._id;
    });

    const inLanguage = (language: string) => ({ 'Accept-Language': language });

    /** Holds the experience for two at lunch in `language`, pays the deposit, completes: a confirmed booking. */
    async function book(language: string, date: string): Promise<{ user: TestUser; id: string }> {
      const user = await h.newUser();
      const held = await api.request('POST', '/user/reservation/v1.1', {
        token: user.token(),
        headers: inLanguage(language),
        body: { venueId: LECLOS, experienceId, date, startTime: LUNCH, numberOfGuests: 2 },
      });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      await h.payByCard(user, held.body.data._id);
      await h.deliver();
      const done = await h.complete(user, held.body.data._id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return { user, id: held.body.data._id };
    }

    const venueExperience = async (language: string) => {
      const venue = await api.request('GET', '/public/venue/by-domain/leclos', { headers: inLanguage(language) });
      return (venue.body.data.experiences as Named[]).find((e) => e._id === experienceId);
    };

    it("shows the experience list in Japanese with the set-up's Japanese name, and in Thai in English", async () => {
      expect(await venueExperience('ja')).toMatchObject(JAPANESE);
      expect(await venueExperience('th')).toMatchObject(ENGLISH);
    });

    it("names it in availability's refusal in the reader's language", async () => {
      const query = new URLSearchParams({ experienceId, numberOfGuests: '1' });
      const ask = (language: string) =>
        api.request('GET', `/public/reservation/timeslot-availability/${LECLOS}/${addDays(today, 3)}?${query}`, { headers: inLanguage(language) });
      const values = { min: 2, max: 6 };
      const message = '{experience} is for parties of {min} to {max} guests. Please choose another party size or experience.';
      const inJapanese = await ask('ja');
      expect(inJapanese.status).toBe(422);
      expect(inJapanese.body.message).toBe(ja._(message, { ...values, experience: JAPANESE.name }));
      expect((await ask('th')).body.message).toBe(th._(message, { ...values, experience: ENGLISH.name }));
    });

    it('writes a Japanese booking with the Japanese name: its answers, the confirmation mail, the calendar invitation, the manage page', async () => {
      const { user, id } = await book('ja', addDays(today, 4));
      const [confirmation] = await h.mailTo(user.email);
      expect(confirmation!.body).toContain(ja._('Experience: {experience}', { experience: JAPANESE.name }));
      const ics = icsLines(Buffer.from(confirmation!.attachments[0]!.content, 'base64').toString('utf8'));
      const description = ics.find((line) => line.startsWith('DESCRIPTION:'));
      expect(description).toContain(escapeText(ja._('{experience}, {guests, plural, one {# guest} other {# guests}}', { experience: JAPANESE.name, guests: 2 })));

      const one = await api.request('GET', `/user/reservation/${id}`, { token: user.token(), headers: inLanguage('ja') });
      expect(one.body.data.experience).toEqual({ _id: experienceId, name: JAPANESE.name });
      const list = await api.request('GET', '/user/reservation', { token: user.token(), headers: inLanguage('ja') });
      expect((list.body.data as { _id: string; experience: Named }[]).find((r) => r._id === id)!.experience.name).toBe(JAPANESE.name);

      const token = manageTokenIn(confirmation!.body)!;
      const managed = await api.request('GET', `/manage/${encodeURIComponent(token)}`, { headers: inLanguage('ja') });
      expect(managed.status, JSON.stringify(managed.body)).toBe(200);
      expect(managed.body.data.reservation.experience.name).toBe(JAPANESE.name);
      // The same booking read in Thai, which the set-up did not write: the English.
      const inThai = await api.request('GET', `/manage/${encodeURIComponent(token)}`, { headers: inLanguage('th') });
      expect(inThai.body.data.reservation.experience.name).toBe(ENGLISH.name);
    });

    it('writes a Thai booking, which the set-up has no Thai name for, with the English name', async () => {
      const { user, id } = await book('th', addDays(today, 5));
      const [confirmation] = await h.mailTo(user.email);
      expect(confirmation!.body).toContain(th._('Experience: {experience}', { experience: ENGLISH.name }));
      expect(confirmation!.body).not.toContain(JAPANESE.name);
      const one = await api.request('GET', `/user/reservation/${id}`, { token: user.token(), headers: inLanguage('th') });
      expect(one.body.data.experience.name).toBe(ENGLISH.name);
    });

    it("shows staff the name in staff's language: the day sheet, the day's list and Why not?", async () => {
      const date = addDays(today, 6);
      const { id } = await book('en', date);
      const sheet = await api.request('GET', `/admin/venue/${LECLOS}/day-sheet/${date}`, { token: leclosStaff.token(), headers: inLanguage('ja') });
      expect(sheet.status).toBe(200);
      const bookings = (sheet.body.data.services as { seatings: { bookings: { id: string; experience: string }[] }[] }[]).flatMap((s) => s.seatings.flatMap((x) => x.bookings));
      expect(bookings.find((b) => b.id === id)!.experience).toBe(JAPANESE.name);

      const day = await api.request('GET', `/admin/reservation?venueId=${LECLOS}&date=${date}`, { token: leclosStaff.token(), headers: inLanguage('ja') });
      expect((day.body.data as { _id: string; experience: Named }[]).find((r) => r._id === id)!.experience.name).toBe(JAPANESE.name);

      const why = (language: string) =>
        api.request('GET', `/admin/venue/${LECLOS}/why-not?date=${date}&time=${LUNCH}&guests=2&experienceId=${experienceId}`, { token: leclosStaff.token(), headers: inLanguage(language) });
      expect((await why('ja')).body.data.experience).toBe(JAPANESE.name);
      expect((await why('th')).body.data.experience).toBe(ENGLISH.name);
    });

    it('names it in Japanese on the waitlist: the entry, and the mail offering a table', async () => {
      const user = await h.newUser();
      const joined = await api.request('POST', '/user/waitlist', {
        token: user.token(),
        headers: inLanguage('ja'),
        body: { venueId: LECLOS, experienceId, date: addDays(today, 8), numberOfGuests: 2, earliestTime: LUNCH, latestTime: LUNCH + 60, locale: 'ja' },
      });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      expect(joined.body.data.experience.name).toBe(JAPANESE.name);
      // A table is free: it is offered at once, by a mail in the language the guest joined in.
      expect(joined.body.data.status).toBe('OFFERED');
      const [offer] = await h.mailTo(user.email);
      expect(offer!.body).toContain(ja._('Experience: {experience}', { experience: JAPANESE.name }));
      const listed = await api.request('GET', '/user/waitlist', { token: user.token(), headers: inLanguage('th') });
      expect((listed.body.data as { experience: Named }[])[0]!.experience.name).toBe(ENGLISH.name);
    });

    it("names it in staff's refusal of a phone booking outside its hours, in staff's language", async () => {
      const date = addDays(today, 6);
      // 7:01 pm is no start time of the experience that day.
      const body = { venueId: LECLOS, experienceId, date, startTime: 1141, numberOfGuests: 2, email: 'river@example.com', firstName: 'Ka', lastName: 'Ho' };
      const refuse = (language: string) => api.request('POST', '/admin/reservation', { token: leclosStaff.token(), body, headers: inLanguage(language) });
      const inJapanese = await refuse('ja');
      expect(inJapanese.status).toBe(409);
      expect(inJapanese.body.message).toContain(JAPANESE.name);
      const inThai = await refuse('th');
      expect(inThai.body.message).toContain(ENGLISH.name);
      expect(inThai.body.staffReason).toMatchObject({ code: 'OUTSIDE_HOURS', experience: ENGLISH.name });
    });

    it('shows a booking already made under the name the experience has now (a rename reaches it)', async () => {
      const { user, id } = await book('ja', addDays(today, 7));
      const stored = await api.request('GET', `/admin/venue/${LECLOS}/experiences`, { token: admin.token() });
      const { _id, venueId: _venue, missing: _missing, ...values } = (stored.body.data.experiences as { _id: string; [key: string]: unknown }[]).find((e) => e._id === experienceId)!;
      const renamed = { name: '川辺の晩餐', description: JAPANESE.description };
      const changed = await api.request('PUT', `/admin/experience/${_id}`, { token: admin.token(), body: { ...values, texts: { en: ENGLISH, ja: renamed } } });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const one = await api.request('GET', `/user/reservation/${id}`, { token: user.token(), headers: inLanguage('ja') });
      expect(one.body.data.experience.name).toBe(renamed.name);
    });
  });
}
