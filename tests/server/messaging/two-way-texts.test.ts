/**
 * Two-way texts through Twilio's official SDK against a local fake of its API (docs/PRODUCT.md §4, no-shows):
 * outbound SMS and WhatsApp on the guest's channel with a status callback asked; a reply of 1 reconfirms,
 * 9 cancels under the policy, anything else waits for staff, who reply from the booking; a forged or
 * replayed webhook is refused and changes nothing; status callbacks mark delivered or failed; marketing
 * texts need their own consent.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outbox, reservations } from '../../../server/db/schema';
import { deliverOutbox } from '../../../server/services/messaging/outbox-sender';
import { queueGuestText } from '../../../server/services/messaging/guest-texts';
import { runReconfirmations } from '../../../server/services/reconfirmation/reconfirmation-requests';
import { createTestApi, TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { testKit, type TestUser } from '../../support/server/kit';
import { OBE } from '../../support/server/fixtures';
import { bookWithMobile, freshMobile } from '../../support/server/text-bookings';
import { FAKE_FROM, FAKE_WHATSAPP_FROM, FakeTwilio, inboundSid, postTwilioWebhook, WEBHOOK_BASE_URL } from '../../support/server/fake-twilio/fake-twilio';

const hk = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
const INBOUND = '/messaging/twilio/inbound';
const STATUS = '/messaging/twilio/status';

for (const driver of testDrivers()) {
  describe(`two-way texts through Twilio (${driver})`, () => {
    let api: TestApi;
    let twilio: FakeTwilio;
    let staff: TestUser;
    beforeAll(async () => {
      twilio = await new FakeTwilio().start();
      api = await createTestApi({ driver });
      api.deps.messaging = twilio.messaging();
      staff = await testKit(api).staff(OBE);
    });
    afterEach(() => api.clock.set(TEST_NOW));
    afterAll(async () => {
      await api.close();
      await twilio.stop();
    });

    const row = async (id: string) => (await api.deps.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
    const deliver = () => deliverOutbox({ db: api.deps.db, clock: api.clock, messaging: api.deps.messaging! });
    const conversation = async (id: string) => (await api.request('GET', `/admin/reservation/${id}/messages`, { token: staff.token() })).body.data;
    const reply = (from: string, body: string, sid = inboundSid()) => postTwilioWebhook(api, INBOUND, { MessageSid: sid, AccountSid: 'AC0', From: from, To: FAKE_FROM, Body: body });

    /** A booking asked to reconfirm (at 12:00 the day before) with the request delivered through the fake. */
    async function asked(date: string, mobile = freshMobile()) {
      const booking = await bookWithMobile(api, date, mobile);
      api.clock.set(hk(new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10), '12:00'));
      await runReconfirmations(api.deps);
      await deliver();
      return booking;
    }

    it('sends the reconfirmation as an SMS through the SDK, asking for status callbacks, and keeps its id', async () => {
      const booking = await asked('2026-11-25');
      const sent = twilio.messages.filter((m) => m.To === booking.mobile.e164);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ From: FAKE_FROM, StatusCallback: `${WEBHOOK_BASE_URL}${STATUS}` });
      expect(sent[0]!.Body).toMatch(/Reply 1 to confirm or 9 to cancel/);
      const [kept] = await api.deps.db.select().from(outbox).where(eq(outbox.providerMessageId, sent[0]!.sid));
      expect(kept).toMatchObject({ status: 'SENT', recipient: booking.mobile.e164 });
      expect(await conversation(booking.id)).toEqual([expect.objectContaining({ direction: 'OUT', channel: 'SMS', delivery: 'SENT' })]);

      // Twilio's callbacks: delivered, then for another message undelivered.
      expect((await postTwilioWebhook(api, STATUS, { MessageSid: sent[0]!.sid, MessageStatus: 'sent' })).status).toBe(200);
      expect((await conversation(booking.id))[0].delivery).toBe('SENT');
      expect((await postTwilioWebhook(api, STATUS, { MessageSid: sent[0]!.sid, MessageStatus: 'delivered' })).status).toBe(200);
      expect((await conversation(booking.id))[0].delivery).toBe('DELIVERED');
    });

    it('sends on WhatsApp to a guest who chose it, and marks an undelivered message failed', async () => {
      const mobile = freshMobile();
      const booking = await bookWithMobile(api, '2026-11-26', mobile);
      const chose = await api.request('PUT', '/user/message-preferences', { token: booking.guest.token(), body: { channel: 'WHATSAPP', marketing: false } });
      expect(chose.body.data).toEqual({ channel: 'WHATSAPP', marketing: false });
      api.clock.set(hk('2026-11-25', '12:00'));
      await runReconfirmations(api.deps);
      await deliver();
      const sent = twilio.messages.filter((m) => m.To === `whatsapp:${mobile.e164}`);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.From).toBe(`whatsapp:${FAKE_WHATSAPP_FROM}`);
      await postTwilioWebhook(api, STATUS, { MessageSid: sent[0]!.sid, MessageStatus: 'undelivered', ErrorCode: '63016' });
      expect(await conversation(booking.id)).toEqual([expect.objectContaining({ channel: 'WHATSAPP', delivery: 'FAILED' })]);
    });

    it('reconfirms on a reply of 1, once: the same request again is a replay, refused', async () => {
      const booking = await asked('2026-11-27');
      api.clock.set(hk('2026-11-26', '12:20'));
      const sid = inboundSid();
      const res = await reply(booking.mobile.e164, ' 1 ', sid);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toContain('<Response>');
      expect(await row(booking.id)).toMatchObject({ status: 'CONFIRMED', reconfirmedAt: hk('2026-11-26', '12:20'), reconfirmedVia: 'SMS' });
      const replayed = await reply(booking.mobile.e164, ' 1 ', sid);
      expect(replayed.status).toBe(409);
      expect(replayed.body.errorCode).toBe(20271);
      const messages = await conversation(booking.id);
      expect(messages.filter((m: { direction: string }) => m.direction === 'IN')).toEqual([expect.objectContaining({ body: ' 1 ', outcome: 'CONFIRMED' })]);
      // The guest is told, on their channel.
      expect(messages.at(-1)).toMatchObject({ direction: 'OUT', body: expect.stringMatching(/is reconfirmed/) });
    });

    it('cancels under the policy on a WhatsApp reply of CANCEL', async () => {
      const booking = await asked('2026-11-28');
      api.clock.set(hk('2026-11-27', '13:00'));
      const res = await reply(`whatsapp:${booking.mobile.e164}`, 'cancel');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await row(booking.id)).status).toBe('CANCELED');
      expect((await conversation(booking.id)).find((m: { direction: string }) => m.direction === 'IN')).toMatchObject({ channel: 'WHATSAPP', outcome: 'CANCELED' });
    });

    it('cancels on a reply of 9, late inside the window', async () => {
      const booking = await asked('2026-11-29');
      api.clock.set(hk('2026-11-29', '09:00'));
      expect((await reply(booking.mobile.e164, '9')).status).toBe(200);
      expect((await row(booking.id)).status).toBe('LATE_CANCELED');
    });

    it('puts any other reply before staff, who answer from the booking on the guest\'s channel', async () => {
      const booking = await asked('2026-11-30');
      api.clock.set(hk('2026-11-29', '14:00'));
      expect((await reply(booking.mobile.e164, 'Can we bring our dog?')).status).toBe(200);
      expect((await row(booking.id)).reconfirmedAt).toBeNull();
      expect((await conversation(booking.id)).at(-1)).toMatchObject({ direction: 'IN', body: 'Can we bring our dog?', outcome: 'FOR_STAFF' });

      const answered = await api.request('POST', `/admin/reservation/${booking.id}/messages`, { token: staff.token(), body: { body: 'Of course, on the terrace.' } });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      expect(answered.body.data.at(-2)).toMatchObject({ direction: 'IN', outcome: 'ANSWERED' });
      expect(answered.body.data.at(-1)).toMatchObject({ direction: 'OUT', body: 'Of course, on the terrace.', delivery: 'QUEUED' });
      await deliver();
      expect(twilio.messages.at(-1)).toMatchObject({ To: booking.mobile.e164, Body: 'Of course, on the terrace.' });
    });

    it('refuses a forged signature, and a signed form changed on the way, changing nothing', async () => {
      const booking = await asked('2026-12-01');
      api.clock.set(hk('2026-11-30', '15:00'));
      const fields = { MessageSid: inboundSid(), From: booking.mobile.e164, To: FAKE_FROM, Body: '9' };
      const forged = await postTwilioWebhook(api, INBOUND, fields, 'bm90IGEgc2lnbmF0dXJl');
      expect(forged.status).toBe(403);
      expect(forged.body.errorCode).toBe(20270);
      const unsigned = await api.request('POST', INBOUND, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(unsigned.status).toBe(403);
      // Signed for "1", delivered as "9".
      const { default: sdk } = await import('twilio');
      const signature = sdk.getExpectedTwilioSignature('fake-twilio-auth-token', `${WEBHOOK_BASE_URL}${INBOUND}`, { ...fields, Body: '1' });
      expect((await postTwilioWebhook(api, INBOUND, fields, signature)).status).toBe(403);
      expect((await postTwilioWebhook(api, STATUS, { MessageSid: 'SMx', MessageStatus: 'failed' }, 'bm9wZQ==')).status).toBe(403);
      expect((await row(booking.id)).status).toBe('CONFIRMED');
      expect((await conversation(booking.id)).filter((m: { direction: string }) => m.direction === 'IN')).toEqual([]);
    });

    it('fails for good a message Twilio refuses (a bad number), and answers 404 where the app is not on Twilio', async () => {
      const guest = await testKit(api).verifiedGuest();
      twilio.failures.push({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
      const outboxId = await (async () => {
        await queueGuestText(api.deps.db, { userId: guest.id, number: '+85200000000', body: 'Hello', purpose: 'booking', now: api.clock.now() });
        return (await api.deps.db.select().from(outbox).where(eq(outbox.recipient, '+85200000000')))[0]!.id;
      })();
      await deliver();
      const [failed] = await api.deps.db.select().from(outbox).where(eq(outbox.id, outboxId));
      expect(failed).toMatchObject({ status: 'FAILED', lastError: expect.stringMatching(/Twilio answered 400/) });

      const messaging = api.deps.messaging;
      api.deps.messaging = undefined;
      try {
        expect((await reply('+85200000001', '1')).status).toBe(404);
      } finally {
        api.deps.messaging = messaging;
      }
    });

    it('sends a marketing text only to a guest who agreed to marketing; booking texts need no consent', async () => {
      const guest = await testKit(api).verifiedGuest();
      const text = (purpose: 'booking' | 'marketing') => queueGuestText(api.deps.db, { userId: guest.id, number: '+85260000009', body: 'News', purpose, now: api.clock.now() });
      expect(await text('marketing')).toBeNull();
      expect(await text('booking')).toBe('SMS');
      const agreed = await api.request('PUT', '/user/message-preferences', { token: guest.token(), body: { channel: 'SMS', marketing: true } });
      expect(agreed.body.data).toEqual({ channel: 'SMS', marketing: true });
      expect(await text('marketing')).toBe('SMS');
      await api.request('PUT', '/user/message-preferences', { token: guest.token(), body: { channel: 'SMS', marketing: false } });
      expect(await text('marketing')).toBeNull();
      expect((await api.request('GET', '/user/message-preferences', { token: guest.token() })).body.data).toEqual({ channel: 'SMS', marketing: false });
    });
  });
}
