/**
 * Codes that are spent when used (docs/decisions/0030-spent-codes.md), through the HTTP API: a code opens
 * one session, once; every wrong guess counts against the code and its recipient whoever sends it; a
 * used, expired or exhausted code answers as a wrong one, to the byte; and sends are limited per
 * recipient. The texted and the mailed codes alike. Times come from the harness's clock.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../server/db/schema';
import { createTestApi, newClientAddress, testDrivers, type TestApi } from '../../support/server/harness';

const WRONG = { status: 400, errorCode: 20106, message: 'The verification code is incorrect.' };

for (const driver of testDrivers()) {
  describe(`codes spent when used (${driver})`, () => {
    let api: TestApi;
    let counter = 0;

    beforeAll(async () => {
      api = await createTestApi({ driver });
    });
    afterAll(async () => {
      await api?.close();
    });

    /** A number and an address no other test uses, as the guest's contact. */
    function newGuest() {
      const n = ++counter;
      return {
        firstName: 'Wing',
        lastName: 'Ho',
        email: `spent.${driver}.${n}@example.com`,
        mobileCountryCode: '+852',
        mobileNumber: `6${driver === 'pglite' ? '3' : '4'}${String(100000 + n).slice(-6)}`,
      };
    }
    type Guest = ReturnType<typeof newGuest>;
    const phoneOf = (g: Guest) => ({ mobileCountryCode: g.mobileCountryCode, mobileNumber: g.mobileNumber });

    // Every call from an address of its own: the limits under test are the recipient's, not the caller's.
    const call = (path: string, body: unknown) => api.request('POST', path, { body, from: newClientAddress() });
    const sendSms = (g: Guest) => call('/public/guest/verify-phone-number', phoneOf(g));
    const confirmSms = (g: Guest, code: string) => call('/public/guest/confirm-phone-number', { ...phoneOf(g), code });
    const sendMail = (g: Guest) => call('/public/guest/verify-email', { email: g.email });
    const confirmMail = (g: Guest, code: string) => call('/public/guest/confirm-email', { email: g.email, code });
    const session = (g: Guest, code: string, codeSentBy: 'SMS' | 'EMAIL' = 'SMS') => call('/public/guest/session', { ...g, code, codeSentBy });

    async function latestCodeTo(recipient: string): Promise<string> {
      const [message] = await api.deps.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.seq)).limit(1);
      return /(\d{6})/.exec(message!.body)![1]!;
    }
    const textedCode = (g: Guest) => latestCodeTo(`${g.mobileCountryCode}${g.mobileNumber}`);
    const mailedCode = (g: Guest) => latestCodeTo(g.email);
    const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

    /** The guest's honest flow: a code sent, confirmed, then a session opened with it. */
    async function honestSession(g: Guest) {
      expect((await sendSms(g)).status).toBe(200);
      const code = await textedCode(g);
      expect((await confirmSms(g, code)).body).toEqual({ status: 200, data: { verified: true } });
      const opened = await session(g, code);
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      return code;
    }

    it('opens one session with a code, once: the same code again is refused, even after confirming it again', async () => {
      const g = newGuest();
      const code = await honestSession(g);
      const again = await session(g, code);
      expect([again.status, again.body]).toEqual([400, WRONG]);
      // Ten minutes on, as in the report: still refused.
      api.clock.advanceMinutes(9);
      expect((await session({ ...g, firstName: 'Someone', lastName: 'Else' }, code)).body).toEqual(WRONG);
      expect((await confirmSms(g, code)).body).toEqual(WRONG);
    });

    it('refuses a mailed code a second session too', async () => {
      const g = newGuest();
      expect((await sendMail(g)).status).toBe(200);
      const code = await mailedCode(g);
      expect((await confirmMail(g, code)).status).toBe(200);
      expect((await session(g, code, 'EMAIL')).status).toBe(200);
      expect((await session(g, code, 'EMAIL')).body).toEqual(WRONG);
    });

    it('counts a wrong guess at a used code, and answers it as wrong', async () => {
      const g = newGuest();
      const code = await honestSession(g);
      for (let i = 0; i < 5; i++) expect((await session(g, wrong(code))).body).toEqual(WRONG);
      // The number has had its 5 wrong guesses: no new code is sent for the hour.
      expect((await sendSms(g)).status).toBe(429);
    });

    it('lets 5 wrong guesses from 5 addresses exhaust the code and the number: the right code and a new code are refused', async () => {
      const g = newGuest();
      await sendSms(g);
      const code = await textedCode(g);
      for (let i = 0; i < 5; i++) expect((await confirmSms(g, wrong(code))).body).toEqual(WRONG);
      expect((await confirmSms(g, code)).body).toEqual(WRONG);
      expect((await session(g, code)).body).toEqual(WRONG);
      expect((await sendSms(g)).status).toBe(429);

      // An hour on, the number may have a code again, and the new one works.
      api.clock.advanceMinutes(61);
      await honestSession(g);
    });

    it('counts wrong guesses per address too: 5 at a mailed code, from 5 client addresses, exhaust it', async () => {
      const g = newGuest();
      await sendMail(g);
      const code = await mailedCode(g);
      for (let i = 0; i < 5; i++) expect((await confirmMail(g, wrong(code))).body).toEqual(WRONG);
      expect((await session(g, code, 'EMAIL')).body).toEqual(WRONG);
      expect((await sendMail(g)).status).toBe(429);
    });

    it('answers a used, an expired, an exhausted and no code byte for byte as a wrong one', async () => {
      const answers: string[] = [];
      const raw = async (path: string, body: unknown) => {
        const res = await api.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        answers.push(`${res.status} ${await res.text()}`);
      };
      const wrongOne = newGuest();
      await sendSms(wrongOne);
      await raw('/public/guest/session', { ...wrongOne, code: wrong(await textedCode(wrongOne)) });

      const used = newGuest();
      const usedCode = await honestSession(used);
      await raw('/public/guest/session', { ...used, code: usedCode });

      const expired = newGuest();
      await sendSms(expired);
      const expiredCode = await textedCode(expired);
      api.clock.advanceMinutes(11);
      await raw('/public/guest/session', { ...expired, code: expiredCode });

      const exhausted = newGuest();
      await sendSms(exhausted);
      const exhaustedCode = await textedCode(exhausted);
      for (let i = 0; i < 5; i++) await confirmSms(exhausted, wrong(exhaustedCode));
      await raw('/public/guest/session', { ...exhausted, code: exhaustedCode });

      await raw('/public/guest/session', { ...newGuest(), code: '123456' });
      expect(answers[0]).toBe(`400 ${JSON.stringify(WRONG)}`);
      expect(new Set(answers)).toEqual(new Set([answers[0]]));
    });

    it('sends one number at most 3 codes in 10 minutes, and one address the same, from any client address', async () => {
      const g = newGuest();
      for (let i = 0; i < 3; i++) expect((await sendSms(g)).status).toBe(200);
      expect((await sendSms(g)).status).toBe(429);
      for (let i = 0; i < 3; i++) expect((await sendMail(g)).status).toBe(200);
      expect((await sendMail(g)).status).toBe(429);
      api.clock.advanceMinutes(11);
      expect((await sendSms(g)).status).toBe(200);
      expect((await sendMail(g)).status).toBe(200);
    });
  });
}
