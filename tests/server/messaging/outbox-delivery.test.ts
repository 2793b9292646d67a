/**
 * The outbox leaves the server: mail through a real SMTP server started here, with a
 * text and an HTML part, escaped, framed in the reader's language, the invitation attached; SMS through
 * an HTTP gateway; retries after an exponential back-off driven by the test clock, FAILED after the last
 * attempt; and each message sent once by two senders on one database.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { outbox, users } from '../../../server/db/schema';
import { createThrowawayDatabase } from '../../../server/db/throwaway-database';
import { translatorFor } from '../../../server/i18n/translator';
import { chooseMessaging, type Messaging, type MessagingSettings } from '../../../server/services/messaging/messaging-choice';
import { queueEmail, queueSms } from '../../../server/services/messaging/outbox';
import { backoffMs, deliverOutbox, DEFAULT_DELIVERY_POLICY, type OutboxSenderDeps } from '../../../server/services/messaging/outbox-sender';
import { escapeHtml } from '../../../server/services/messaging/mail-html';
import { createTestApi, testDrivers, type Driver, type TestApi } from '../../support/server/harness';
import { paymentHelpers } from '../../support/server/payment-helpers';
import { startSmtpCatcher, type SmtpCatcher } from '../../support/server/smtp-catcher';

const MAIL_FROM = '"The Aldrich Club" <reservations@aldrich.test>';

const settings = (change: Partial<MessagingSettings>): MessagingSettings => ({
  production: false,
  smtpUrl: undefined,
  mailFrom: MAIL_FROM,
  smsProvider: undefined,
  smsHttpUrl: undefined,
  smsHttpToken: undefined,
  smsFrom: undefined,
  ...change,
});

/** An SMS gateway on a free port: records each request and answers with `status()`. */
async function startSmsGateway() {
  const received: { headers: IncomingMessage['headers']; body: any }[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text) });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'queued' : 'gateway busy');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`,
    received,
    answer: (next: number) => void (status = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const driver of testDrivers()) {
  describe(`outbox delivery (${driver})`, () => {
    let api: TestApi;
    let smtp: SmtpCatcher;
    let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
    let sender: OutboxSenderDeps;

    const row = async (id: string) => (await api.deps.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
    const deliver = () => deliverOutbox(sender);
    /** A guest whose sign-up mail has gone already, so the catcher holds only what the test sends. */
    const signedUpGuest = async (h: ReturnType<typeof paymentHelpers>) => {
      const user = await h.newUser();
      await deliver();
      smtp.mails.length = 0;
      return user;
    };

    beforeAll(async () => {
      api = await createTestApi({ driver });
      smtp = await startSmtpCatcher();
      gateway = await startSmsGateway();
      const messaging = chooseMessaging(settings({ smtpUrl: smtp.url, smsProvider: 'http', smsHttpUrl: gateway.url, smsHttpToken: 'sms-token', smsFrom: 'ALDRICH' }));
      sender = { db: api.deps.db, clock: api.clock, messaging };
    });
    beforeEach(async () => {
      await api.deps.db.delete(outbox);
      smtp.mails.length = 0;
      smtp.refuse(0);
      gateway.received.length = 0;
      gateway.answer(200);
    });
    afterAll(async () => {
      sender?.messaging.mail?.close();
      await smtp?.close();
      await gateway?.close();
      await api?.close();
    });

    it('sends a booking confirmation as text and HTML with its calendar invitation, and marks it SENT', async () => {
      const h = paymentHelpers(api);
      const user = await signedUpGuest(h);
      await h.bookPaidByCard(user);
      const [queued] = await h.mailTo(user.email);
      expect(queued!.status).toBe('QUEUED');

      expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(smtp.mails).toHaveLength(1);
      const { parsed, raw, envelopeTo } = smtp.mails[0]!;
      expect(envelopeTo).toEqual([user.email]);
      expect(parsed.from?.value).toEqual([{ name: 'The Aldrich Club', address: 'reservations@aldrich.test' }]);
      expect(parsed.to).toMatchObject({ value: [{ address: user.email }] });
      expect(parsed.subject).toBe(queued!.subject);
      expect(parsed.messageId).toBe(`<${queued!.id}@aldrich.test>`);
      // The text part is the body as the caller wrote it; the HTML part frames the same words.
      expect(parsed.text?.trimEnd()).toBe(queued!.body);
      expect(parsed.html).toContain('<html lang="en">');
      expect(parsed.html).toContain('The Aldrich Club');
      const htmlWords = (parsed.html as string).replace(/<[^>]+>/g, '');
      for (const line of queued!.body.split('\n').filter(Boolean)) expect(htmlWords).toContain(escapeHtml(line));
      // The venue's reservations desk is a mailto: link.
      expect(parsed.html).toMatch(/<a href="mailto:[^"]+@[^"]+"/);
      expect(parsed.attachments).toHaveLength(1);
      const invite = parsed.attachments[0]!;
      expect(invite.filename).toMatch(/\.ics$/);
      expect(invite.content.toString('utf8')).toContain('METHOD:REQUEST');
      expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);

      const sent = await row(queued!.id);
      expect(sent).toMatchObject({ status: 'SENT', attempts: 1, lastError: null, claimedUntil: null });
      expect(sent.sentAt).toEqual(api.clock.now());
      // Sent once: the next round has nothing to do.
      expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(smtp.mails).toHaveLength(1);
    });

    it('escapes what the text holds, keeps its paragraphs and makes its links clickable', async () => {
      const body = [
        'Dear <b>Eve</b> & "Co",',
        '',
        'Open https://club.example/#/reset-password?token=a1&x=2. It lasts 30 minutes.',
        '<script>alert(1)</script>',
        '',
        'To change, e-mail obe@aldrich.club.',
      ].join('\n');
      await queueEmail(api.deps.db, { to: 'eve@example.com', subject: 'Hello <i>Eve</i>', body });
      await deliver();
      const { parsed } = smtp.mails[0]!;
      expect(parsed.subject).toBe('Hello <i>Eve</i>');
      expect(parsed.text?.trimEnd()).toBe(body);
      const html = parsed.html as string;
      expect(html).toContain('<title>Hello &lt;i&gt;Eve&lt;/i&gt;</title>');
      expect(html).toContain('>Dear &lt;b&gt;Eve&lt;/b&gt; &amp; &quot;Co&quot;,</p>');
      expect(html).toMatch(
        /Open <a href="https:\/\/club\.example\/#\/reset-password\?token=a1&amp;x=2"[^>]*>https:\/\/club\.example\/#\/reset-password\?token=a1&amp;x=2<\/a>\. It lasts 30 minutes\.<br>&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/p>/,
      );
      expect(html).toMatch(/To change, e-mail <a href="mailto:obe@aldrich\.club"[^>]*>obe@aldrich\.club<\/a>\.<\/p>/);
      expect(html).not.toMatch(/<(b|i|script)>/);
    });

    it("writes the frame in the reader's language", async () => {
      await queueEmail(api.deps.db, { to: 'hanako@example.com', subject: 'ご予約', body: 'こんにちは', locale: 'ja' });
      await deliver();
      const html = smtp.mails[0]!.parsed.html as string;
      expect(html).toContain('<html lang="ja">');
      const footer = translatorFor('ja')._('You receive this e-mail because of your account or a booking with {club} in Hong Kong.', { club: 'The Aldrich Club' });
      expect(html).toContain(escapeHtml(footer));
    });

    it("frames an account mail in the account's language", async () => {
      const h = paymentHelpers(api);
      const user = await signedUpGuest(h);
      await api.deps.db.update(users).set({ locale: 'zh-Hant' }).where(eq(users.id, user.id));
      expect((await api.request('POST', '/user/user/initiate-password-reset', { body: { email: user.email } })).status).toBe(200);
      const [reset] = await h.mailTo(user.email);
      expect(reset!.locale).toBe('zh-Hant');
      await deliver();
      expect(smtp.mails[0]!.parsed.html).toContain('<html lang="zh-Hant">');
    });

    it('tries again after a back-off when the server refuses, and sends once it accepts', async () => {
      smtp.refuse(1);
      const id = await queueEmail(api.deps.db, { to: 'retry@example.com', subject: 'Retry', body: 'Second time lucky' });
      expect(await deliver()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      let queued = await row(id);
      expect(queued).toMatchObject({ status: 'QUEUED', attempts: 1, claimedUntil: null });
      expect(queued.lastError).toMatch(/451.*Try again later/);
      expect(queued.nextAttemptAt).toEqual(new Date(api.clock.now().getTime() + DEFAULT_DELIVERY_POLICY.firstBackoffMs));

      // Not before its time.
      api.clock.advance(DEFAULT_DELIVERY_POLICY.firstBackoffMs - 1_000);
      expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      api.clock.advance(1_000);
      expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      queued = await row(id);
      expect(queued).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
      expect(smtp.mails.map((m) => m.parsed.subject)).toEqual(['Retry']);
    });

    it('waits twice as long after each failure and gives up as FAILED after the last attempt, keeping the error', async () => {
      smtp.refuse(-1, 'Mailbox busy');
      const id = await queueEmail(api.deps.db, { to: 'never@example.com', subject: 'Never', body: 'Never arrives' });
      const waits: number[] = [];
      for (let attempt = 1; attempt <= DEFAULT_DELIVERY_POLICY.maxAttempts; attempt++) {
        const round = await deliver();
        const after = await row(id);
        expect(after.attempts).toBe(attempt);
        if (attempt < DEFAULT_DELIVERY_POLICY.maxAttempts) {
          expect(round.retrying).toBe(1);
          waits.push(after.nextAttemptAt!.getTime() - api.clock.now().getTime());
          api.clock.set(after.nextAttemptAt!);
        } else {
          expect(round.failed).toBe(1);
        }
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60].map((minutes) => minutes * 60_000));
      expect(waits).toEqual(waits.map((_, i) => backoffMs(i + 1)));
      const failed = await row(id);
      expect(failed).toMatchObject({ status: 'FAILED', attempts: DEFAULT_DELIVERY_POLICY.maxAttempts, nextAttemptAt: null });
      expect(failed.lastError).toMatch(/Mailbox busy/);
      // Never tried again.
      smtp.refuse(0);
      api.clock.advance(7 * 86_400_000);
      expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(smtp.mails).toHaveLength(0);
    });

    it('gives up at once on a final refusal: an unknown mailbox (550), a number the SMS gateway rejects (400)', async () => {
      smtp.rejectRecipient('nobody@example.com');
      const mail = await queueEmail(api.deps.db, { to: 'nobody@example.com', subject: 'Lost', body: 'Nobody reads this' });
      gateway.answer(400);
      const sms = await queueSms(api.deps.db, { to: '+85200000000', body: 'Code 2' });
      expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 2 });
      expect(await row(mail)).toMatchObject({ status: 'FAILED', attempts: 1, nextAttemptAt: null });
      expect((await row(mail)).lastError).toMatch(/550 No such user/);
      expect(await row(sms)).toMatchObject({ status: 'FAILED', attempts: 1, lastError: 'SMS gateway answered 400: gateway busy' });
    });

    it('sends SMS to the HTTP gateway, and retries when it answers with an error', async () => {
      gateway.answer(503);
      const id = await queueSms(api.deps.db, { to: '+85291234567', body: 'Your verification code is 123456.' });
      expect(await deliver()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect((await row(id)).lastError).toBe('SMS gateway answered 503: gateway busy');
      gateway.answer(200);
      api.clock.advance(DEFAULT_DELIVERY_POLICY.firstBackoffMs);
      expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(gateway.received.at(-1)!.body).toEqual({ id, to: '+85291234567', from: 'ALDRICH', body: 'Your verification code is 123456.' });
      expect(gateway.received.at(-1)!.headers.authorization).toBe('Bearer sms-token');
      expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 2 });
    });

    it('leaves a channel without a transport queued: nothing is marked sent that was not', async () => {
      const mailOnly: Messaging = { ...sender.messaging, sms: null };
      const sms = await queueSms(api.deps.db, { to: '+85291234567', body: 'Code 1' });
      const mail = await queueEmail(api.deps.db, { to: 'a@example.com', subject: 'A', body: 'A' });
      expect(await deliverOutbox({ ...sender, messaging: mailOnly })).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(await row(sms)).toMatchObject({ status: 'QUEUED', attempts: 0, sentAt: null });
      expect((await row(mail)).status).toBe('SENT');
      expect(gateway.received).toHaveLength(0);
      expect(await deliverOutbox({ ...sender, messaging: chooseMessaging(settings({})) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(await row(sms)).toMatchObject({ status: 'QUEUED', attempts: 0 });
    });
  });

  describe(`two senders on one database (${driver})`, () => {
    let first: TestApi;
    let second: TestApi;
    let smtp: SmtpCatcher;
    let dropDatabase: (() => Promise<void>) | undefined;

    /** Two app instances, each with its own connections, on one database (PGlite: one in-process database). */
    async function twoInstances(on: Driver) {
      if (on === 'pglite') {
        const shared = await createTestApi({ driver: on });
        return [shared, { ...shared, close: async () => {} }] as const;
      }
      const created = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!, 'outbox');
      dropDatabase = created.drop;
      const open = (): Promise<Database> => openDatabase({ url: created.url, poolSize: 10 });
      const a = await createTestApi({ database: await open() });
      const b = await createTestApi({ database: await open(), seed: false });
      return [a, b] as const;
    }

    beforeAll(async () => {
      [first, second] = await twoInstances(driver);
      smtp = await startSmtpCatcher();
    });
    afterAll(async () => {
      await smtp?.close();
      await second?.close();
      await first?.close();
      await dropDatabase?.();
    });

    it('delivers each of 40 messages exactly once while both send side by side', async () => {
      smtp.delayEachMail(5);
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) ids.push(await queueEmail(first.deps.db, { to: `race${i}@example.com`, subject: `Race ${i}`, body: `Message ${i}` }));
      const messaging = chooseMessaging(settings({ smtpUrl: smtp.url }));
      // Small batches, so the two claim again and again while the other is sending.
      const policy = { ...DEFAULT_DELIVERY_POLICY, batchSize: 3 };
      const rounds = await Promise.all(
        [first, second, first, second].map((api) => deliverOutbox({ db: api.deps.db, clock: api.clock, messaging }, policy)),
      );
      expect(rounds.reduce((n, r) => n + r.sent, 0)).toBe(40);
      // Both took part.
      expect(rounds[0]!.sent + rounds[2]!.sent).toBeGreaterThan(0);
      expect(rounds[1]!.sent + rounds[3]!.sent).toBeGreaterThan(0);
      const received = smtp.mails.map((m) => m.parsed.messageId).sort();
      expect(received).toEqual(ids.map((id) => `<${id}@aldrich.test>`).sort());
      messaging.mail!.close();
      const rows = await second.deps.db.select().from(outbox);
      expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
    });
  });
}

describe('choosing the delivery channels', () => {
  it('refuses to start production on the logging SMS provider, or on settings it cannot use', () => {
    expect(() => chooseMessaging(settings({ production: true, smsProvider: 'log' }))).toThrow(/SMS_PROVIDER=log sends no text message/);
    expect(() => chooseMessaging(settings({ smsProvider: 'http' }))).toThrow(/needs SMS_HTTP_URL/);
    expect(() => chooseMessaging(settings({ smsProvider: 'carrier-pigeon' }))).toThrow(/must be twilio, http or log/);
    expect(() => chooseMessaging(settings({ smtpUrl: 'mail.example.com' }))).toThrow(/SMTP_URL must start with smtp/);
    expect(chooseMessaging(settings({ production: true }))).toMatchObject({ mail: null, sms: null });
  });
});
