/**
 * An e-mail is the account's only when verified (docs/decisions/0030-spent-codes.md), through the HTTP
 * API: a session opened with a code texted to the caller's own phone, under someone else's e-mail, gets
 * neither a staff phone booking made for that e-mail's owner nor the owner's contact-form messages; the
 * owner who proves the address (a reset, as a sign-up offers it) gets an account of their own, and
 * nothing passes between the two. Times come from the harness's clock.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, outbox } from '../../../server/db/schema';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { newClientAddress, testDrivers } from '../../support/server/harness';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

for (const driver of testDrivers()) {
  describe(`an e-mail held on a texted code's word (${driver})`, () => {
    let { api, leclosStaff, admin } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, leclosStaff, admin } = accounts));

    let aLaCarte: string;
    let counter = 0;
    let day = 0;
    beforeAll(async () => {
      aLaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
    });

    const post = (path: string, body: unknown, token?: string | Promise<string>) => api.request('POST', path, { body, from: newClientAddress(), ...(token ? { token } : {}) });
    const ownerEmail = () => `owner.${driver}.${++counter}@example.com`;
    const ownNumber = () => `6${driver === 'pglite' ? '5' : '6'}${String(100000 + ++counter).slice(-6)}`;

    async function latestTo(recipient: string) {
      const [message] = await api.deps.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.seq)).limit(1);
      return message!;
    }

    /** The caller texts a code to their own phone and opens a session under `email`, which is not theirs. */
    async function claimBySms(email: string): Promise<{ token: string; number: string }> {
      const number = ownNumber();
      const phone = { mobileCountryCode: '+852', mobileNumber: number };
      expect((await post('/public/guest/verify-phone-number', phone)).status).toBe(200);
      const code = /(\d{6})/.exec((await latestTo(`+852${number}`)).body)![1]!;
      const opened = await post('/public/guest/session', { firstName: 'Not', lastName: 'Owner', email, ...phone, code });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      return { token: opened.body.data.token as string, number };
    }

    /** Whoever reads the address's mail opens a session with a code mailed to it, giving `number`; returns its token. */
    async function sessionByMailedCode(email: string, number: string): Promise<string> {
      expect((await post('/public/guest/verify-email', { email })).status).toBe(200);
      const code = /(\d{6})/.exec((await latestTo(email)).body)![1]!;
      const opened = await post('/public/guest/session', { firstName: 'Real', lastName: 'Owner', email, mobileCountryCode: '+852', mobileNumber: number, code, codeSentBy: 'EMAIL' });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      return opened.body.data.token as string;
    }

    /** Staff book a table by phone for the e-mail's owner, who gives their own number. */
    async function staffBookFor(email: string, number: string): Promise<string> {
      const date = `2026-12-${String(1 + day++).padStart(2, '0')}`;
      const res = await post(
        '/admin/reservation',
        { venueId: LECLOS, experienceId: aLaCarte, date, startTime: 1140, numberOfGuests: 2, email, firstName: 'Real', lastName: 'Owner', mobileCountryCode: '+852', mobileNumber: number },
        leclosStaff.token(),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id as string;
    }

    const bookingsOf = async (token: string) => {
      const list = await api.request('GET', '/user/reservation', { token });
      expect(list.status).toBe(200);
      return (list.body.data as { _id: string }[]).map((r) => r._id);
    };

    it("puts a staff phone booking for the owner's e-mail on an account of the owner's, not on the caller's", async () => {
      const email = ownerEmail();
      const caller = await claimBySms(email);
      const booking = await staffBookFor(email, ownNumber());

      expect(await bookingsOf(caller.token)).not.toContain(booking);
      expect((await api.request('GET', `/user/reservation/${booking}`, { token: caller.token })).status).toBe(404);
      expect((await api.request('PUT', `/user/reservation/v1.1/cancel/${booking}`, { token: caller.token })).status).toBe(404);
      // The confirmation went to the owner's address, and the caller's account no longer holds it.
      expect((await latestTo(email)).body).toContain('Real');
      expect((await api.request('GET', '/user/user/me', { token: caller.token })).body.data.email).not.toBe(email);
    });

    it("still puts a staff booking on the caller's account when it carries the caller's own number", async () => {
      const email = ownerEmail();
      const caller = await claimBySms(email);
      const booking = await staffBookFor(email, caller.number);
      expect(await bookingsOf(caller.token)).toContain(booking);
    });

    it("leaves the owner's contact-form message out of the caller's export, and keeps the caller's own", async () => {
      const email = ownerEmail();
      const form = { name: 'Real Owner', email, subject: 'Private', message: 'My allergy details', locale: 'en' };
      expect((await post('/public/contact-form', form)).status).toBe(201);
      const caller = await claimBySms(email);
      expect((await post('/public/contact-form', { ...form, name: 'Not Owner', subject: 'Mine', message: 'A question' }, caller.token)).status).toBe(201);

      const exported = await api.request('GET', '/user/privacy/export', { token: caller.token });
      expect(exported.status).toBe(200);
      expect(exported.body.contactMessages.map((m: { subject: string }) => m.subject)).toEqual(['Mine']);
      expect(JSON.stringify(exported.body)).not.toContain('My allergy details');
    });

    it("leaves the owner's contact-form message when the caller's account is erased, and erases the caller's own", async () => {
      const email = ownerEmail();
      const form = { name: 'Real Owner', email, subject: 'Owner asks', message: 'A table for my mother', locale: 'en' };
      expect((await post('/public/contact-form', form)).status).toBe(201);
      const caller = await claimBySms(email);
      expect((await post('/public/contact-form', { ...form, name: 'Not Owner', subject: 'Caller asks', message: 'A question' }, caller.token)).status).toBe(201);

      const callerId = (await api.request('GET', '/user/user/me', { token: caller.token })).body.data._id as string;
      expect((await api.request('POST', '/user/privacy/erasure-request', { token: caller.token })).status).toBe(200);
      const erased = await api.request('POST', `/admin/privacy/erasure-requests/${callerId}/erase`, { token: admin.token() });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);

      const left = await api.deps.db.select({ subject: contactMessages.subject }).from(contactMessages).where(eq(contactMessages.email, email));
      expect(left.map((m) => m.subject)).toEqual(['Owner asks']);
      // The mails of the caller's own message (its acknowledgement, the concierge's copy) go; the owner's stay.
      const mails = (await api.deps.db.select({ recipient: outbox.recipient, body: outbox.body }).from(outbox))
        .filter((m) => m.recipient === email || m.body.includes(email))
        .map((m) => m.body);
      expect(mails.filter((body) => body.includes('A question'))).toEqual([]);
      expect(mails.filter((body) => body.includes('A table for my mother')).length).toBeGreaterThan(0);
    });

    it('lets the owner claim the address by signing up: an account of their own, with nothing of the caller’s either way', async () => {
      const email = ownerEmail();
      const caller = await claimBySms(email);
      const callersBooking = await staffBookFor(email, caller.number);

      // Signing up with a taken address mails a reset link to it, which proves the address.
      expect((await post('/user/user/sign-up', { firstName: 'Real', lastName: 'Owner', email, password: 'owner-pass-1' })).status).toBe(202);
      const token = /[?&]token=([^&\s]+)/.exec((await latestTo(email)).body)![1]!;
      expect((await post('/user/user/reset-password', { token: decodeURIComponent(token), password: 'owner-pass-1' })).status).toBe(200);
      const owner = await api.login(email, 'owner-pass-1');

      const me = await api.request('GET', '/user/user/me', { token: owner });
      expect(me.body.data).toMatchObject({ email });
      expect(me.body.data.firstName).not.toBe('Not');
      expect(await bookingsOf(owner)).toEqual([]);
      const ownerExport = await api.request('GET', '/user/privacy/export', { token: owner });
      expect(JSON.stringify(ownerExport.body)).not.toContain(callersBooking);

      // The caller keeps what it did itself, and nothing of the owner's reaches it.
      expect(await bookingsOf(caller.token)).toContain(callersBooking);
      const ownersBooking = await staffBookFor(email, ownNumber());
      expect(await bookingsOf(caller.token)).not.toContain(ownersBooking);
      expect(await bookingsOf(owner)).toContain(ownersBooking);
    });

    it('opens an account of the owner’s for a code mailed to the address, not the caller’s', async () => {
      const email = ownerEmail();
      const caller = await claimBySms(email);
      const callersBooking = await staffBookFor(email, caller.number);
      expect(await bookingsOf(await sessionByMailedCode(email, ownNumber()))).not.toContain(callersBooking);
    });

    it('keeps the account for the guest who continued by a texted code and mails a code to their own address with that number', async () => {
      const email = ownerEmail();
      const guest = await claimBySms(email);
      const booking = await staffBookFor(email, guest.number);
      expect(await bookingsOf(await sessionByMailedCode(email, guest.number))).toContain(booking);
      // Verified now: a staff booking with any number is this account's.
      const later = await staffBookFor(email, ownNumber());
      expect(await bookingsOf(guest.token)).toContain(later);
    });
  });
}
