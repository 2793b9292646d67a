/** Booking and paying through the API, for the payment, calendar and statement tests. */
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { outbox, payments, reservations, users, walletEntries, type UserRole } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { testProcessorEvents, testProcessorRefunds } from '../../../server/services/payments/processor/test-processor-tables';
import { signWebhookPayload } from '../../../server/services/payments/processor/webhook-signature';
import { deliverPendingWebhooks } from '../../../server/services/payments/payment-worker';
import { intentInput } from '../../../server/services/payments/open-payment';
import { BATARD, experienceIdByName, OBE } from './fixtures';
import { card, GUEST_DETAILS, testKit, type TestUser } from './kit';
import { createTestApi, TEST_NOW, TEST_WEBHOOK_SECRET, type Driver, type TestApi } from './harness';

export { card, GUEST_DETAILS, type TestUser } from './kit';

/**
 * A member of staff inserted directly, with no password, no audit entry and no mail: the staff console's
 * own creation (the kit's `staff`) leaves both, which the audit and mail tests of these files count.
 */
export async function insertStaff(api: TestApi, role: Extract<UserRole, 'admin' | 'staff'>, venueId: string | null): Promise<TestUser> {
  const id = newId();
  const email = `${id}@club.example.com`;
  await api.deps.db.insert(users).values({ id, role, email, passwordHash: 'not-used', firstName: 'Host', lastName: 'Stand', venueId });
  return { id, email, role, token: () => api.tokenFor({ id, role }) };
}

/** The helpers bound to one test API. */
export function paymentHelpers(api: TestApi) {
  let slot = 0;
  const kit = testKit(api);

  const helpers = {
    /** A fresh user of its own, so tests do not see each other's bookings and wallets. */
    async newUser(role: Extract<UserRole, 'guest' | 'member'> = 'guest', wallet = 0): Promise<TestUser> {
      if (role === 'member') return kit.member({ wallet });
      const guest = await kit.guest();
      if (wallet) await kit.credit(guest, wallet);
      return guest;
    },

    /**
     * Holds a Whisky Flight at Obe for two (prepayment HK$1,496: 2 × 680 + 10%), at a slot no other
     * call of this file uses; `date` defaults to days ahead, outside the 12-hour cancellation window.
     */
    async holdWhiskyFlight(user: TestUser, date?: string): Promise<{ id: string; amountDue: number }> {
      const n = slot++;
      const day = date ?? `2026-12-${String(1 + (n % 28)).padStart(2, '0')}`;
      const startTime = date ? 1080 + 30 * (n % 9) : 1080 + 30 * (Math.floor(n / 28) % 9);
      const res = await api.request('POST', '/user/reservation/v1.1', {
        token: user.token(),
        body: { venueId: OBE, experienceId: await experienceIdByName(api.deps.db, OBE, 'Whisky Flight'), date: day, startTime, numberOfGuests: 2 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { id: res.body.data._id, amountDue: res.body.data.payment.amountDue };
    },

    /** Holds a deposit table for two at Bâtard (HK$600; late cancellation keeps 50%). */
    async holdBatardDeposit(user: TestUser, date: string, startTime: number): Promise<{ id: string; amountDue: number }> {
      const res = await api.request('POST', '/user/reservation/v1.1', {
        token: user.token(),
        body: { venueId: BATARD, experienceId: await experienceIdByName(api.deps.db, BATARD, 'À la Carte'), date, startTime, numberOfGuests: 2 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { id: res.body.data._id, amountDue: res.body.data.payment.amountDue };
    },

    startPayment: (user: TestUser, reservationId: string, method: 'CARD' | 'WALLET', idempotencyKey = `key-${newId()}`) =>
      api.request('POST', `/user/reservation/${reservationId}/payment`, { token: user.token(), body: { method, idempotencyKey } }),

    confirm: (intentId: string, body: unknown) => api.request('POST', `/payments/test-processor/intents/${intentId}/confirm`, { body }),

    challenge: (intentId: string, outcome: string) => api.request('POST', `/payments/test-processor/intents/${intentId}/challenge`, { body: { outcome } }),

    getPayment: (user: TestUser, id: string) => api.request('GET', `/user/payment/${id}`, { token: user.token() }),

    complete: (user: TestUser, reservationId: string, email = user.email) =>
      api.request('PUT', `/user/reservation/v1.1/complete/${reservationId}`, { token: user.token(), body: { ...GUEST_DETAILS, email } }),

    cancel: (user: TestUser, reservationId: string) => api.request('PUT', `/user/reservation/v1.1/cancel/${reservationId}`, { token: user.token() }),

    deliver: () => deliverPendingWebhooks(api.deps),

    /** Starts a card payment and pays it with `cardNumber`; returns the payment and the processor's answer. */
    async payByCard(user: TestUser, reservationId: string, cardNumber: string = TEST_CARDS.visa) {
      const started = await helpers.startPayment(user, reservationId, 'CARD');
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const payment = started.body.data;
      const confirmed = await helpers.confirm(payment.intentId, card(payment.clientSecret, cardNumber));
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      return { payment, intent: confirmed.body.data };
    },

    /** Starts a card payment (the card not given yet) and returns it as the API answered. */
    async startCard(user: TestUser, reservationId: string) {
      const started = await helpers.startPayment(user, reservationId, 'CARD');
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      return started.body.data as { _id: string; intentId: string; clientSecret: string };
    },

    /**
     * A second open card payment of a payment's hold, with an intent of its own at the processor. The start
     * call never makes one (one open charge per booking: it answers the open one); it is what a server of
     * before that rule left, or two payments a processor out of step lets succeed, which the settling
     * must still end right. Returns it as the start call would have answered it.
     */
    async secondOpenPayment(first: { _id: string }) {
      const row = await helpers.paymentRow(first._id);
      const id = newId();
      await api.deps.db.insert(payments).values({ ...row, id, idempotencyKey: `${row.userId}:twin-${id}`, processorRef: null });
      const intent = await api.deps.payments.createIntent(intentInput({ ...row, id }));
      await api.deps.db.update(payments).set({ processorRef: intent.id }).where(eq(payments.id, id));
      return { _id: id, intentId: intent.id, clientSecret: intent.clientSecret };
    },

    /** The browser gives the processor a card for a started payment; returns the intent's status. */
    async payStarted(payment: { intentId: string; clientSecret: string }, cardNumber: string = TEST_CARDS.visa): Promise<string> {
      const confirmed = await helpers.confirm(payment.intentId, card(payment.clientSecret, cardNumber));
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      return confirmed.body.data.status;
    },

    /** Posts the processor's queued event of a type about an intent to the webhook, signed now. */
    async postWebhook(intentId: string, type = 'payment_intent.succeeded') {
      const event = await helpers.pendingEvent(intentId, type);
      const signature = signWebhookPayload(event.body, TEST_WEBHOOK_SECRET, api.clock.now());
      const res = await api.request('POST', '/payments/webhook', { body: event.body, headers: { 'x-processor-signature': signature } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },

    /** The refunds the processor made of an intent. */
    processorRefunds: (intentId: string) => api.deps.db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.intentId, intentId)),

    /** The guest's mails as GET /dev/outbox shows them, newest first. */
    async outboxOf(email: string): Promise<{ subject: string; body: string }[]> {
      const res = await api.request('GET', `/dev/outbox?${new URLSearchParams({ recipient: email, channel: 'EMAIL' })}`);
      expect(res.status).toBe(200);
      return res.body.data;
    },

    /** Holds, pays by card (delivering the webhook) and completes a Whisky Flight. */
    async bookPaidByCard(user: TestUser, date?: string) {
      const hold = await helpers.holdWhiskyFlight(user, date);
      const { payment } = await helpers.payByCard(user, hold.id);
      await helpers.deliver();
      const done = await helpers.complete(user, hold.id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return { ...hold, paymentId: payment._id as string, intentId: payment.intentId as string };
    },

    paymentRow: async (id: string) => (await api.deps.db.select().from(payments).where(eq(payments.id, id)))[0]!,
    reservationRow: async (id: string) => (await api.deps.db.select().from(reservations).where(eq(reservations.id, id)))[0]!,
    paymentsOf: (reservationId: string) => api.deps.db.select().from(payments).where(eq(payments.reservationId, reservationId)),
    walletOf: (userId: string) => api.deps.db.select().from(walletEntries).where(eq(walletEntries.userId, userId)).orderBy(walletEntries.createdAt),
    balanceOf: async (userId: string) => (await helpers.walletOf(userId)).reduce((sum, e) => sum + e.amount, 0),
    mailTo: (email: string) => api.deps.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.seq)),

    /** The processor's queued events about an intent, oldest first. */
    async eventsOf(intentId: string) {
      const rows = await api.deps.db.select().from(testProcessorEvents).orderBy(testProcessorEvents.seq);
      return rows.filter((r) => (JSON.parse(r.body) as { data: { object: { id: string } } }).data.object.id === intentId);
    },

    /** The undelivered event of a type about an intent. */
    async pendingEvent(intentId: string, type: string) {
      const events = await helpers.eventsOf(intentId);
      const event = events.find((e) => e.type === type && !e.deliveredAt);
      if (!event) throw new Error(`no pending ${type} for ${intentId}`);
      return event;
    },
  };
  return helpers;
}

/**
 * The hooks every payment test file needs: a test API on `driver` with the payment helpers (handed to
 * `use` once started), the clock (and webhook secret) put back after each test, and the API closed at
 * the end.
 */
export function usePaymentTestApi(driver: Driver, use: (api: TestApi, helpers: ReturnType<typeof paymentHelpers>) => void) {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await createTestApi({ driver });
    use(api, paymentHelpers(api));
  });
  afterEach(() => {
    api!.clock.set(TEST_NOW);
    api!.deps.config.webhookSecret = TEST_WEBHOOK_SECRET;
  });
  afterAll(async () => {
    await api?.close();
  });
}
