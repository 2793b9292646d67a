/**
 * A guest continuing without an account verified by a code mailed to them through the
 * HTTP API: the code mail in the reader's language, the same answer for every address (no enumeration),
 * the texted code's limits (3 sends per address in 10 minutes, 10 minutes, 5 wrong guesses), and the
 * guest session it opens (a new guest account, a returning guest's whatever their number, never a
 * member's). Times come from the harness's clock.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '../../../server/db/schema';
import { createTestApi, newClientAddress, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';

for (const driver of testDrivers()) {
  describe(`a guest verified by an e-mailed code (${driver})`, () => {
    let api: TestApi;
    let counter = 0;
    const newAddress = () => `mail.guest.${driver}.${++counter}@example.com`;

    const send = (email: string, headers: Record<string, string> = {}) =>
      api.request('POST', '/public/guest/verify-email', { body: { email }, from: newClientAddress(), headers });
    const confirm = (email: string, code: string) => api.request('POST', '/public/guest/confirm-email', { body: { email, code }, from: newClientAddress() });
    const mailsTo = (email: string) => api.deps.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.seq));
    const codeIn = async (email: string) => /(\d{6})/.exec((await mailsTo(email))[0]!.body)![1]!;
    const session = (email: string, code: string, extra: Record<string, unknown> = {}) =>
      api.request('POST', '/public/guest/session', {
        from: newClientAddress(),
        body: { firstName: 'Mei', lastName: 'Lau', email, mobileCountryCode: '+852', mobileNumber: '6123 4567', code, codeSentBy: 'EMAIL', ...extra },
      });
    const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

    beforeAll(async () => {
      api = await createTestApi({ driver });
    });
    afterAll(async () => {
      await api?.close();
    });

    it('mails a code in the reader’s language, and answers every address alike', async () => {
      const fresh = newAddress();
      const sent = await send(fresh, { 'accept-language': 'ja' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const [mail] = await mailsTo(fresh);
      expect(mail).toMatchObject({ channel: 'EMAIL', locale: 'ja' });
      expect(mail!.subject).not.toBe('Your verification code');
      expect(mail!.body).toMatch(/\d{6}/);

      // The address of a member's account gets the very same answer as one nobody has.
      const memberEmail = newAddress();
      await testKit(api).member({ email: memberEmail, firstName: 'M', lastName: 'Ember' });
      const [forMember, forNobody] = [await send(memberEmail), await send(newAddress())];
      expect(forMember.body).toEqual(forNobody.body);
      expect(forMember.body).toEqual({ status: 200, message: 'We have sent a verification code to your e-mail address.' });
      expect((await mailsTo(memberEmail))[0]!.subject).toBe('Your verification code');
    });

    it('refuses a malformed address with the field named, and mails nothing', async () => {
      const res = await send('not an address');
      expect([res.status, res.body.field, res.body.message]).toEqual([400, 'email', 'Please enter a valid email address!']);
      expect(await mailsTo('not an address')).toEqual([]);
    });

    it('sends one address at most 3 codes in 10 minutes', async () => {
      const email = newAddress();
      for (let i = 0; i < 3; i++) expect((await send(email)).status).toBe(200);
      const refused = await send(email);
      expect([refused.status, refused.body.message]).toEqual([429, 'Too many codes were requested for this address. Please wait a few minutes and try again.']);
      expect(await mailsTo(email)).toHaveLength(3);
      api.clock.advance(10 * 60_000 + 1_000);
      expect((await send(email)).status).toBe(200);
    });

    it('accepts the right code once sent, not a wrong one, nor any after 5 wrong guesses or 10 minutes', async () => {
      const email = newAddress();
      await send(email);
      const code = await codeIn(email);
      expect((await confirm(email, wrong(code))).body).toEqual({ status: 400, errorCode: 20106, message: 'The verification code is incorrect.' });
      expect((await confirm(email, code)).body).toEqual({ status: 200, data: { verified: true } });

      const guessed = newAddress();
      await send(guessed);
      const right = await codeIn(guessed);
      for (let i = 0; i < 5; i++) await confirm(guessed, wrong(right));
      expect((await confirm(guessed, right)).body.message).toBe('The verification code is incorrect.');

      const late = newAddress();
      await send(late);
      const lateCode = await codeIn(late);
      api.clock.advance(10 * 60_000);
      expect((await confirm(late, lateCode)).body.errorCode).toBe(20106);
    });

    it('opens a session on a new guest account, and on the same one next time whatever the number', async () => {
      const email = newAddress();
      await send(email);
      const first = await session(email, await codeIn(email));
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.user).toMatchObject({ role: 'guest', email, firstName: 'Mei' });
      const token = first.body.data.token as string;
      expect((await api.request('GET', '/user/user/me', { token })).status).toBe(200);

      api.clock.advance(60_000);
      await send(email);
      const again = await session(email, await codeIn(email), { mobileNumber: '6999 8888' });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data.user._id).toBe(first.body.data.user._id);
    });

    it('refuses a wrong code and a member’s address, and makes no account', async () => {
      const email = newAddress();
      await send(email);
      const code = await codeIn(email);
      expect((await session(email, wrong(code))).body.errorCode).toBe(20106);
      expect(await api.deps.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      // A texted code was not sent: the same code does not pass as one.
      expect((await session(email, code, { codeSentBy: 'SMS' })).body.errorCode).toBe(20106);

      const memberEmail = newAddress();
      await testKit(api).member({ email: memberEmail, firstName: 'M', lastName: 'Ember' });
      await send(memberEmail);
      const refused = await session(memberEmail, await codeIn(memberEmail));
      expect([refused.status, refused.body.errorCode, refused.body.field]).toEqual([409, 20162, 'email']);
    });
  });
}
