/**
 * The card guarantee (docs/decisions/0035-card-guarantee.md) on both processors (the built-in test one, and
 * Stripe through the real SDK against the local fake of its API) and both databases: the set-up of a
 * guaranteed experience (refused without a policy of its own); a card saved for a booking of it at Obe
 * (HK$500 a guest), 3-D Secure at saving when the bank asks, nothing
 * charged; the completion refused until it is saved; a no-show charging the fee off-session (charged,
 * declined and left owed, or the bank asking the guest to approve it: owed, and the guest mailed); a charge
 * the processor did not answer, retried by the worker with the same key and made once; a no-show marked
 * twice at once, charged once; and the ledger check whole after each.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cardGuarantees, noShowFeeCharges } from '../../../server/db/schema';
import { ledgerProblems } from '../../../server/services/payments/ledger-check';
import { retryNoShowFeeCharges } from '../../../server/services/payments/no-show-fee-charge';
import { DECLINE_MESSAGES, TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { newClientAddress, TEST_NOW, testDrivers } from '../../support/server/harness';
import { manageTokenIn } from '../../support/server/manage-helpers';
import { card, type TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';
import { experienceBody } from '../../support/server/experience-body';
import type { FakeCard, FakeStripe } from '../../support/server/fake-stripe/fake-stripe';
import { payOnFakeStripe } from '../../support/server/fake-stripe/stripe-test-api';

const HOUR = 3_600_000;
// The Cocktail Masterclass's own policy: HK$500 a guest for a no-show; a table for two owes HK$1,000.
const FEE_PER_GUEST = 50_000;
const FEE = 2 * FEE_PER_GUEST;
// Its late-cancellation fee, HK$300 a guest inside the 24 hours before: a table for two owes HK$600.
const LATE_FEE_PER_GUEST = 30_000;
const LATE_FEE = 2 * LATE_FEE_PER_GUEST;

/** The three kinds of saved card: charged later, declined later, or later asking the absent cardholder to approve. */
type SavedCardKind = 'approves' | 'declinesLater' | 'authenticatesLater';
const TEST_PROCESSOR_CARDS: Record<SavedCardKind, string> = { approves: TEST_CARDS.visa, declinesLater: TEST_CARDS.declinesLater, authenticatesLater: TEST_CARDS.authenticatesLater };
const FAKE_STRIPE_CARDS: Record<SavedCardKind, FakeCard> = { approves: 'visa', declinesLater: 'declinesLater', authenticatesLater: 'alwaysAuthenticate' };

/** Obe's guaranteed experience, as an admin sets it up: nothing paid up front, HK$500 a guest for a no-show. */
const GUARANTEED = experienceBody(
  { en: { name: 'Cocktail Masterclass', description: 'Three classic cocktails with the head bartender.' } },
  {
    durationMinutes: 60,
    minGuests: 1,
    periodNames: ['Evening'],
    prePaymentType: 'GUARANTEE',
    depositPolicy: [],
    policy: { cancellationWindowHours: 24, cancellationFee: { type: 'PER_PERSON', amount: LATE_FEE_PER_GUEST }, feesByPartySize: [], noShowFeePerPerson: FEE_PER_GUEST, minimumSpend: null, maximumPartySize: 6 },
  },
);

const setupIdOf = (clientSecret: string) => clientSecret.slice(0, clientSecret.indexOf('_secret_'));

for (const driver of testDrivers()) {
  for (const processorName of ['test-mode', 'stripe'] as const) {
    describe(`card guarantee on ${processorName} (${driver})`, () => {
      let { api, h, admin, obeStaff } = {} as StaffAccounts;
      useStaffAccounts(driver, (accounts) => ({ api, h, admin, obeStaff } = accounts));
      let fake: FakeStripe | undefined;
      let experienceId: string;
      let day = 0;
      beforeAll(async () => {
        if (processorName === 'stripe') ({ fake } = await payOnFakeStripe(api));
        const create = (body: unknown) => api.request('POST', `/admin/venue/${OBE}/experience`, { token: admin.token(), body });
        // A guarantee names its own fee: without a policy of its own (or with no fee) the set-up refuses it.
        const refused = await create({ ...GUARANTEED, policy: null });
        expect(refused.status).toBe(400);
        expect(refused.body.field).toBe('policy');
        const created = await create(GUARANTEED);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        experienceId = await experienceIdByName(api.deps.db, OBE, 'Cocktail Masterclass');
      });
      afterEach(() => {
        vi.restoreAllMocks();
        api.clock.set(TEST_NOW);
      });
      afterAll(async () => {
        await fake?.stop();
      });

      /** The browser confirming the setup with the card, passing the bank's check when it asks; the setup's status after. */
      async function saveAsBrowser(clientSecret: string, kind: SavedCardKind): Promise<string> {
        const setupId = setupIdOf(clientSecret);
        if (fake) {
          const after = fake.saveAsBrowser(setupId, FAKE_STRIPE_CARDS[kind]);
          return after.status === 'requires_action' ? fake.finishSetupChallenge(setupId, 'approve').status : after.status;
        }
        const confirmed = await h.confirm(setupId, card(clientSecret, TEST_PROCESSOR_CARDS[kind]));
        expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
        if (confirmed.body.data.status !== 'requires_action') return confirmed.body.data.status;
        return (await h.challenge(setupId, 'approve')).body.data.status;
      }

      const startGuarantee = (guest: TestUser, id: string) => api.request('POST', `/user/reservation/${id}/card-guarantee`, { token: guest.token() });
      const readGuarantee = (guest: TestUser, id: string) => api.request('GET', `/user/reservation/${id}/card-guarantee`, { token: guest.token() });
      const markNoShow = (id: string) => api.request('PUT', `/admin/reservation/${id}/visit`, { token: obeStaff.token(), body: { action: 'no-show' } });
      const feePayments = async (id: string) => (await h.paymentsOf(id)).filter((p) => p.purpose === 'NO_SHOW_FEE');
      const ledgerOf = async (id: string) => (await ledgerProblems(api.deps.db)).filter((p) => p.id === id);

      /** A Cocktail Masterclass for two at Obe on a day of its own, held. */
      async function hold(guest: TestUser) {
        const date = `2026-12-${String(2 + (day++ % 27)).padStart(2, '0')}`;
        const res = await api.request('POST', '/user/reservation/v1.1', {
          token: guest.token(),
          body: { venueId: OBE, experienceId, date, startTime: 1140, numberOfGuests: 2 },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return { id: res.body.data._id as string, date, payment: res.body.data.payment };
      }

      /** A guaranteed booking for two, its card saved and the booking confirmed; the clock put past its start (or `at` it). */
      async function bookGuaranteed(kind: SavedCardKind = 'approves', at: (startsAt: Date) => Date = (startsAt) => new Date(startsAt.getTime() + HOUR / 2)) {
        const guest = await h.newUser('guest');
        const { id, date } = await hold(guest);
        const started = await startGuarantee(guest, id);
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        expect(await saveAsBrowser(started.body.data.clientSecret, kind)).toBe('succeeded');
        expect((await readGuarantee(guest, id)).body.data.status).toBe('SAVED');
        const done = await h.complete(guest, id);
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        const { startsAt } = await h.reservationRow(id);
        api.clock.set(at(startsAt));
        return { guest, id, date };
      }

      it('saves a card for the booking, charging nothing: the completion waits for it, and the ledger keeps nothing', async () => {
        const guest = await h.newUser('guest');
        const { id, payment } = await hold(guest);
        expect(payment).toMatchObject({ prePaymentType: 'GUARANTEE', amountDue: 0 });
        const early = await h.complete(guest, id);
        expect(early.status).toBe(409);
        expect(early.body.errorCode).toBe(ERROR_CODES.CARD_GUARANTEE_REQUIRED);

        const started = await startGuarantee(guest, id);
        expect(started.body.data).toMatchObject({ reservationId: id, status: 'REQUIRES_CARD', card: null, feePerGuest: FEE_PER_GUEST });
        // The terms the guest reads before saving: the fee, and the last moment to cancel free (the start less the 24-hour window).
        expect(started.body.data.cancelBy).toBe(new Date((await h.reservationRow(id)).startsAt.getTime() - 24 * HOUR).toISOString());
        // Asking again gives the same setup.
        expect((await startGuarantee(guest, id)).body.data.clientSecret).toBe(started.body.data.clientSecret);
        if (fake) {
          const setup = fake.setupIntents.get(setupIdOf(started.body.data.clientSecret))!;
          expect(setup).toMatchObject({ usage: 'off_session', metadata: { reservationId: id, purpose: 'CARD_GUARANTEE' } });
          expect(fake.customers.get(setup.customer)).toBeDefined();
        }
        // A card whose bank asks for 3-D Secure is saved once the guest passes it.
        expect(await saveAsBrowser(started.body.data.clientSecret, 'authenticatesLater')).toBe('succeeded');
        expect((await readGuarantee(guest, id)).body.data).toMatchObject({ status: 'SAVED', clientSecret: null, card: { last4: '3184' } });
        // Another guest's booking is no one else's to save a card for.
        const other = await h.newUser('guest');
        expect((await startGuarantee(other, id)).status).toBe(404);

        expect((await h.complete(guest, id)).status).toBe(200);
        expect(await h.paymentsOf(id)).toEqual([]);
        if (fake) expect(fake.intents.size === 0 || [...fake.intents.values()].every((i) => i.metadata.reservationId !== id)).toBe(true);
        expect(await ledgerOf(id)).toEqual([]);
      });

      it('refuses a card guarantee for a booking whose experience asks for none', async () => {
        const guest = await h.newUser('guest');
        const whisky = await h.holdWhiskyFlight(guest);
        const res = await startGuarantee(guest, whisky.id);
        expect(res.status).toBe(409);
        expect(res.body.errorCode).toBe(ERROR_CODES.CARD_GUARANTEE_NOT_NEEDED);
      });

      it('charges the fee to the saved card off-session at a no-show', async () => {
        const { id } = await bookGuaranteed('approves');
        const marked = await markNoShow(id);
        expect(marked.status, JSON.stringify(marked.body)).toBe(200);
        expect(marked.body.data.noShow).toMatchObject({ fee: FEE, kept: 0, cardCharged: FEE, outstanding: 0, noCardOnFile: false });
        expect((await feePayments(id)).map((p) => [p.status, p.amount, p.idempotencyKey])).toEqual([['SUCCEEDED', FEE, `no-show-fee-${id}`]]);
        if (fake) {
          const charge = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey === `no-show-fee-${id}`)!;
          expect(charge.body).toMatchObject({ off_session: 'true', confirm: 'true', amount: String(FEE) });
        }
        expect(await ledgerOf(id)).toEqual([]);
      });

      it('leaves the fee owed when the card is declined, with the reason for staff', async () => {
        const { id, date } = await bookGuaranteed('declinesLater');
        const marked = await markNoShow(id);
        expect(marked.body.data.noShow).toMatchObject({ fee: FEE, cardCharged: 0, outstanding: FEE });
        expect((await feePayments(id)).map((p) => [p.status, p.failureMessage])).toEqual([['FAILED', DECLINE_MESSAGES.declined]]);
        const sheet = await api.request('GET', `/admin/venue/${OBE}/day-sheet/${date}`, { token: obeStaff.token() });
        const booking = sheet.body.data.services.flatMap((s: any) => s.seatings.flatMap((x: any) => x.bookings)).find((b: { id: string }) => b.id === id);
        expect(booking.payment).toMatchObject({
          type: 'GUARANTEE',
          guarantee: { status: 'SAVED', last4: '0341' },
          noShow: { outstanding: FEE, canChargeCard: true, card: { status: 'DECLINED', reason: DECLINE_MESSAGES.declined } },
        });
        expect(await ledgerOf(id)).toEqual([]);
      });

      it('leaves the fee owed when the bank asks the guest to approve it, and mails the guest', async () => {
        const { id, guest } = await bookGuaranteed('authenticatesLater');
        const marked = await markNoShow(id);
        expect(marked.body.data.noShow).toMatchObject({ cardCharged: 0, outstanding: FEE });
        expect((await feePayments(id)).map((p) => [p.status, p.failureMessage])).toEqual([['FAILED', DECLINE_MESSAGES.authenticationRequired]]);
        const mails = await h.mailTo(guest.email);
        expect(mails.some((m) => m.subject.startsWith('A fee of HK$1,000 is due'))).toBe(true);
        expect(await ledgerOf(id)).toEqual([]);
      });

      /** The processor does not answer off-session charges until `end()`; `keys` are the keys each charge was asked with. */
      function processorDown() {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const keys: string[] = [];
        const real = api.deps.payments.chargeCardOnFile.bind(api.deps.payments);
        let down = true;
        vi.spyOn(api.deps.payments, 'chargeCardOnFile').mockImplementation((input) => {
          keys.push(input.idempotencyKey);
          return down ? Promise.reject(new TypeError('fetch failed')) : real(input);
        });
        return { keys, end: () => void (down = false) };
      }

      it('retries a charge the processor did not answer with the same key, and charges it once', async () => {
        const { id } = await bookGuaranteed('approves');
        const outage = processorDown();
        expect((await markNoShow(id)).body.data.noShow).toMatchObject({ cardCharged: 0, outstanding: FEE });
        // Owed while it is tried again: the ledger holds it to the fee all the same.
        expect(await ledgerOf(id)).toEqual([]);
        outage.end();
        api.clock.advance(5 * 60_000);
        expect(await retryNoShowFeeCharges(api.deps)).toBe(1);
        expect(outage.keys).toEqual([`no-show-fee-${id}`, `no-show-fee-${id}`]);
        expect((await feePayments(id)).map((p) => [p.status, p.amount])).toEqual([['SUCCEEDED', FEE]]);
        expect(await ledgerOf(id)).toEqual([]);
      });

      it('charges once when the no-show is marked twice at once', async () => {
        const { id } = await bookGuaranteed('approves');
        const answers = await Promise.all([markNoShow(id), markNoShow(id)]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        expect((await feePayments(id)).map((p) => [p.status, p.amount])).toEqual([['SUCCEEDED', FEE]]);
        const [row] = await api.deps.db.select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, id));
        expect(row!.status).toBe('SAVED');
        expect(await ledgerOf(id)).toEqual([]);
      });

      /** Two hours before the start: inside the 24-hour window, so cancelling is late. */
      const late = (startsAt: Date) => new Date(startsAt.getTime() - 2 * HOUR);
      const cancelAsGuest = (guest: TestUser, id: string) => api.request('PUT', `/user/reservation/v1.1/cancel/${id}`, { token: guest.token() });
      const cancelAsStaff = (id: string) => api.request('PUT', `/admin/reservation/${id}/visit`, { token: obeStaff.token(), body: { action: 'cancel' } });
      /** The body of the mail that told the guest their booking is cancelled. */
      async function cancellationMailOf(guest: TestUser, id: string): Promise<string> {
        const reference = (await h.reservationRow(id)).uniqueId;
        const mails = (await h.mailTo(guest.email)).filter((m) => m.subject.includes('is cancelled') && m.subject.includes(reference));
        expect(mails).toHaveLength(1);
        return mails[0]!.body;
      }
      async function cancelByLink(guest: TestUser, id: string) {
        const reference = (await h.reservationRow(id)).uniqueId;
        const mail = (await h.mailTo(guest.email)).find((m) => m.subject.includes(reference) && manageTokenIn(m.body));
        return api.request('PUT', `/manage/${encodeURIComponent(manageTokenIn(mail!.body)!)}/cancel`, { from: newClientAddress() });
      }

      it('charges the late-cancellation fee to the saved card off-session, whoever cancels late: the guest, the manage link or staff', async () => {
        for (const who of ['guest', 'manage link', 'staff'] as const) {
          const { id, guest } = await bookGuaranteed('approves', late);
          const res = who === 'guest' ? await cancelAsGuest(guest, id) : who === 'manage link' ? await cancelByLink(guest, id) : await cancelAsStaff(id);
          expect(res.status, `${who}: ${JSON.stringify(res.body)}`).toBe(200);
          expect((await h.reservationRow(id)).status).toBe('LATE_CANCELED');
          expect((await h.reservationRow(id)).feeKept).toBe(LATE_FEE);
          expect((await feePayments(id)).map((p) => [p.status, p.amount, p.idempotencyKey])).toEqual([['SUCCEEDED', LATE_FEE, `no-show-fee-${id}`]]);
          if (fake) {
            const charge = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey === `no-show-fee-${id}`)!;
            expect(charge.body).toMatchObject({ off_session: 'true', confirm: 'true', amount: String(LATE_FEE) });
          }
          // The cancellation's mail says where the fee went, not that it was kept from a payment.
          expect(await cancellationMailOf(guest, id), who).toContain(`Late cancellation fee: HK$600, charged to your card ending 4242`);
          expect(await ledgerOf(id), who).toEqual([]);
        }
      });

      it('charges nothing for a cancellation before the cancel-by time', async () => {
        const { id, guest } = await bookGuaranteed('approves', (startsAt) => new Date(startsAt.getTime() - 25 * HOUR));
        expect((await cancelAsGuest(guest, id)).status).toBe(200);
        expect(await h.reservationRow(id)).toMatchObject({ status: 'CANCELED', feeKept: 0 });
        expect(await feePayments(id)).toEqual([]);
        expect(await ledgerOf(id)).toEqual([]);
      });

      it('leaves a late fee the card declines owed, with the reason, for staff to charge again', async () => {
        const { id, guest, date } = await bookGuaranteed('declinesLater', late);
        expect((await cancelAsGuest(guest, id)).status).toBe(200);
        expect((await feePayments(id)).map((p) => [p.status, p.amount, p.failureMessage])).toEqual([['FAILED', LATE_FEE, DECLINE_MESSAGES.declined]]);
        expect(await ledgerOf(id)).toEqual([]);
        // The guest reads that the card was not charged, and where to pay.
        const mail = await cancellationMailOf(guest, id);
        expect(mail).toMatch(/Late cancellation fee: HK\$600\. We could not charge your card ending 0341; you can pay it here: \S+#\/pages\/manage\?token=[^&\s]+&action=pay/);
        expect(mail).not.toContain('fee kept');
        // Staff see it owed on the day sheet, with the bank's reason, as a no-show's fee.
        const sheet = await api.request('GET', `/admin/venue/${OBE}/day-sheet/${date}`, { token: obeStaff.token() });
        const booking = sheet.body.data.services.flatMap((s: any) => s.seatings.flatMap((x: any) => x.bookings)).find((b: { id: string }) => b.id === id);
        expect(booking).toMatchObject({ status: 'LATE_CANCELED', payment: { noShow: { fee: LATE_FEE, charged: 0, outstanding: LATE_FEE, canChargeCard: true, card: { status: 'DECLINED', reason: DECLINE_MESSAGES.declined } } } });
        const again = await api.request('POST', `/admin/reservation/${id}/no-show-fee/charge`, { token: obeStaff.token() });
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        expect(again.body.data).toMatchObject({ result: 'DECLINED', amount: LATE_FEE, outstanding: LATE_FEE });
        expect((await feePayments(id)).map((p) => p.idempotencyKey)).toEqual([`no-show-fee-${id}`, `no-show-fee-${id}-2`]);
        expect(await ledgerOf(id)).toEqual([]);
      });

      it('leaves a late fee the bank wants approved owed, and mails the guest', async () => {
        const { id, guest } = await bookGuaranteed('authenticatesLater', late);
        expect((await cancelAsGuest(guest, id)).status).toBe(200);
        expect((await feePayments(id)).map((p) => [p.status, p.failureMessage])).toEqual([['FAILED', DECLINE_MESSAGES.authenticationRequired]]);
        expect((await h.mailTo(guest.email)).some((m) => m.subject.startsWith('A fee of HK$600 is due'))).toBe(true);
        expect(await ledgerOf(id)).toEqual([]);
      });

      it("lets the guest pay a fee the bank wants approved through the mail's link, with 3-D Secure; then no fee is owed", async () => {
        const { id, guest } = await bookGuaranteed('authenticatesLater', late);
        expect((await cancelAsGuest(guest, id)).status).toBe(200);
        const mail = (await h.mailTo(guest.email)).find((m) => m.subject.startsWith('A fee of HK$600 is due'))!;
        const token = /#\/pages\/manage\?token=([^&\s]+)&action=pay/.exec(mail.body)?.[1];
        expect(token).toBeTruthy();
        const link = `/manage/${token}`;
        expect((await api.request('GET', link, { from: newClientAddress() })).body.data.feeDue).toBe(LATE_FEE);

        const started = await api.request('POST', `${link}/fee-payment`, { body: { idempotencyKey: `fee-${id}` }, from: newClientAddress() });
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        const payment = started.body.data as { _id: string; intentId: string; clientSecret: string; amount: number };
        expect(payment.amount).toBe(LATE_FEE);
        // The guest is there this time: the bank's check is passed in the browser.
        if (fake) {
          fake.payAsBrowser(payment.intentId, 'alwaysAuthenticate');
          fake.finishChallenge(payment.intentId, 'approve');
          await fake.deliverAll(payment.intentId);
        } else {
          const confirmed = await h.confirm(payment.intentId, card(payment.clientSecret, TEST_CARDS.authenticatesLater));
          expect(confirmed.body.data.status).toBe('requires_action');
          expect((await h.challenge(payment.intentId, 'approve')).body.data.status).toBe('succeeded');
          await h.deliver();
        }
        const read = await api.request('GET', `${link}/payment/${payment._id}`, { from: newClientAddress() });
        expect(read.body.data).toMatchObject({ status: 'SUCCEEDED' });
        expect((await feePayments(id)).map((p) => [p.status, p.amount])).toEqual([['FAILED', LATE_FEE], ['SUCCEEDED', LATE_FEE]]);
        expect((await api.request('GET', link, { from: newClientAddress() })).body.data.feeDue).toBeNull();
        const again = await api.request('POST', `${link}/fee-payment`, { body: { idempotencyKey: `fee-again-${id}` }, from: newClientAddress() });
        expect(again.body.errorCode).toBe(ERROR_CODES.FEE_NOT_OWED);
        expect((await api.request('POST', `/admin/reservation/${id}/no-show-fee/charge`, { token: obeStaff.token() })).status).toBe(409);
        expect(await ledgerOf(id)).toEqual([]);
      });

      it('keeps one fee when staff charge the card on file while the guest pays it through the link: the later one is refunded', async () => {
        // The test processor charges a card on file by its last four: staff's charge here is made to the guest's new card.
        if (fake) return;
        const { id, guest } = await bookGuaranteed('declinesLater', late);
        expect((await cancelAsGuest(guest, id)).status).toBe(200);
        const reference = (await h.reservationRow(id)).uniqueId;
        const mail = (await h.mailTo(guest.email)).find((m) => m.subject.includes(reference) && manageTokenIn(m.body))!;
        const link = `/manage/${encodeURIComponent(manageTokenIn(mail.body)!)}`;
        const started = await api.request('POST', `${link}/fee-payment`, { body: { idempotencyKey: `fee-${id}` }, from: newClientAddress() });
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        const payment = started.body.data as { _id: string; intentId: string; clientSecret: string };
        // The guest's card pays at the processor; before its word reaches us, staff charge the card on file.
        expect((await h.confirm(payment.intentId, card(payment.clientSecret, TEST_CARDS.visa))).body.data.status).toBe('succeeded');
        const real = api.deps.payments.chargeCardOnFile.bind(api.deps.payments);
        vi.spyOn(api.deps.payments, 'chargeCardOnFile').mockImplementation((input) => real({ ...input, cardOf: payment.intentId }));
        const staffCharge = await api.request('POST', `/admin/reservation/${id}/no-show-fee/charge`, { token: obeStaff.token() });
        expect(staffCharge.body.data).toMatchObject({ result: 'CHARGED', outstanding: 0 });
        await h.deliver();
        const fees = await feePayments(id);
        expect(fees.find((p) => p.id === payment._id)).toMatchObject({ status: 'REFUNDED', refundedAmount: LATE_FEE });
        expect(fees.filter((p) => p.status === 'SUCCEEDED').map((p) => p.amount)).toEqual([LATE_FEE]);
        expect(await ledgerOf(id)).toEqual([]);
      });

      /**
       * A late fee the saved card declined, which the guest pays through the manage link: their card has paid at
       * the processor, and its word has not reached us yet. `deliver` brings it.
       */
      async function guestPayingOwedFee() {
        const { id, guest } = await bookGuaranteed('declinesLater', late);
        expect((await cancelAsGuest(guest, id)).status).toBe(200);
        const reference = (await h.reservationRow(id)).uniqueId;
        const mail = (await h.mailTo(guest.email)).find((m) => m.subject.includes(reference) && manageTokenIn(m.body))!;
        const link = `/manage/${encodeURIComponent(manageTokenIn(mail.body)!)}`;
        const started = await api.request('POST', `${link}/fee-payment`, { body: { idempotencyKey: `fee-${id}` }, from: newClientAddress() });
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        const payment = started.body.data as { _id: string; intentId: string; clientSecret: string };
        if (fake) fake.payAsBrowser(payment.intentId, 'visa');
        else expect((await h.confirm(payment.intentId, card(payment.clientSecret, TEST_CARDS.visa))).body.data.status).toBe('succeeded');
        const deliver = () => (fake ? fake.deliverAll(payment.intentId) : h.deliver());
        return { id, link, payment, deliver };
      }

      /** Holds staff's charge of the card on file at the processor until `release`; `atProcessor` once it is there. */
      function holdAtProcessor(redirect?: (cardOf: string) => string) {
        let release!: () => void;
        let reached!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const atProcessor = new Promise<void>((resolve) => (reached = resolve));
        const real = api.deps.payments.chargeCardOnFile.bind(api.deps.payments);
        vi.spyOn(api.deps.payments, 'chargeCardOnFile').mockImplementation(async (input) => {
          reached();
          await gate;
          return real({ ...input, cardOf: redirect ? redirect(input.cardOf) : input.cardOf });
        });
        return { atProcessor, release };
      }

      const chargeAgain = (id: string) => api.request('POST', `/admin/reservation/${id}/no-show-fee/charge`, { token: obeStaff.token() });

      /** The guest's payment kept, the fee paid and owed no more, nothing refunded, the ledger clean. */
      async function expectGuestPaymentKept(id: string, link: string, paymentId: string) {
        const fees = await feePayments(id);
        expect(fees.find((p) => p.id === paymentId)).toMatchObject({ status: 'SUCCEEDED', refundedAmount: 0 });
        expect(fees.filter((p) => p.status === 'SUCCEEDED' || p.status === 'PARTIALLY_REFUNDED').map((p) => p.amount)).toEqual([LATE_FEE]);
        const [charge] = await api.deps.db.select().from(noShowFeeCharges).where(eq(noShowFeeCharges.reservationId, id));
        expect(charge).toMatchObject({ status: 'CHARGED', claimToken: null, nextAttemptAt: null });
        expect((await api.request('GET', link, { from: newClientAddress() })).body.data.feeDue).toBeNull();
        expect((await chargeAgain(id)).status).toBe(409);
        expect(await ledgerOf(id)).toEqual([]);
      }

      it("keeps the guest's payment of a fee when staff's charge of the card then declines: staff's decline comes first", async () => {
        const { id, link, payment, deliver } = await guestPayingOwedFee();
        expect((await chargeAgain(id)).body.data).toMatchObject({ result: 'DECLINED', outstanding: LATE_FEE });
        await deliver();
        await expectGuestPaymentKept(id, link, payment._id);
      });

      it("keeps the guest's payment of a fee that arrives while staff's charge of the card is at the processor and declines", async () => {
        const { id, link, payment, deliver } = await guestPayingOwedFee();
        const { atProcessor, release } = holdAtProcessor();
        const staff = chargeAgain(id);
        await atProcessor;
        await deliver();
        release();
        const answer = await staff;
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        // The fee is paid (by the guest): staff read nothing outstanding.
        expect(answer.body.data).toMatchObject({ outstanding: 0 });
        expect((await feePayments(id)).filter((p) => p.status === 'FAILED')).toHaveLength(2);
        await expectGuestPaymentKept(id, link, payment._id);
      });

      it("keeps the fee once when the guest's payment and staff's declined charge of the card land at once", async () => {
        const { id, link, payment, deliver } = await guestPayingOwedFee();
        const [staff] = await Promise.all([chargeAgain(id), deliver()]);
        // Staff's charge came first (declined, or its answer after the guest's) or after the guest's payment (nothing owed).
        expect([200, 409]).toContain(staff.status);
        await expectGuestPaymentKept(id, link, payment._id);
      });

      it("refunds staff's charge of the card that succeeds after the guest paid the fee meanwhile", async () => {
        // The test processor charges a card on file by its last four: staff's charge here is made to the guest's new card.
        if (fake) return;
        const { id, link, payment, deliver } = await guestPayingOwedFee();
        const { atProcessor, release } = holdAtProcessor(() => payment.intentId);
        const staff = chargeAgain(id);
        await atProcessor;
        await deliver();
        release();
        expect((await staff).body.data).toMatchObject({ outstanding: 0 });
        const fees = await feePayments(id);
        const staffs = fees.filter((p) => p.id !== payment._id && p.status !== 'FAILED');
        expect(staffs.map((p) => [p.status, p.refundedAmount, Boolean(p.refundRef)])).toEqual([['REFUNDED', LATE_FEE, true]]);
        await expectGuestPaymentKept(id, link, payment._id);
      });

      it('retries a late fee the processor did not answer with the same key, and charges it once', async () => {
        const { id, guest } = await bookGuaranteed('approves', late);
        const outage = processorDown();
        expect((await cancelAsGuest(guest, id)).status).toBe(200);
        expect(await feePayments(id)).toEqual([]);
        expect(await ledgerOf(id)).toEqual([]);
        // The mail is written with the first outcome (no answer yet), and once: the retry writes no second one.
        expect(await cancellationMailOf(guest, id)).toContain('Late cancellation fee: HK$600, to be charged to your card ending 4242');
        outage.end();
        api.clock.advance(5 * 60_000);
        expect(await retryNoShowFeeCharges(api.deps)).toBe(1);
        expect(outage.keys).toEqual([`no-show-fee-${id}`, `no-show-fee-${id}`]);
        expect((await feePayments(id)).map((p) => [p.status, p.amount])).toEqual([['SUCCEEDED', LATE_FEE]]);
        expect(await cancellationMailOf(guest, id)).toContain('to be charged to your card ending 4242');
        expect(await ledgerOf(id)).toEqual([]);
      });

      it('writes the cancellation mail with the outcome the worker records when the cancelling process died before its own', async () => {
        const { id, guest } = await bookGuaranteed('approves', late);
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const real = api.deps.payments.chargeCardOnFile.bind(api.deps.payments);
        let first = true;
        vi.spyOn(api.deps.payments, 'chargeCardOnFile').mockImplementation(async (input) => {
          if (!first) return real(input);
          first = false;
          // The cancelling process is gone: its claim ran out and is not its own any more, so it records nothing.
          await api.deps.db.update(noShowFeeCharges).set({ claimToken: 'a process that died', claimedUntil: new Date(api.clock.now().getTime() - 1) }).where(eq(noShowFeeCharges.reservationId, id));
          throw new TypeError('fetch failed');
        });
        expect((await cancelAsGuest(guest, id)).status).toBe(200);
        const reference = (await h.reservationRow(id)).uniqueId;
        expect((await h.mailTo(guest.email)).filter((m) => m.subject.includes('is cancelled') && m.subject.includes(reference))).toEqual([]);
        api.clock.advance(5 * 60_000);
        expect(await retryNoShowFeeCharges(api.deps)).toBe(1);
        expect((await feePayments(id)).map((p) => [p.status, p.amount])).toEqual([['SUCCEEDED', LATE_FEE]]);
        expect(await cancellationMailOf(guest, id)).toContain('Late cancellation fee: HK$600, charged to your card ending 4242');
        expect(await ledgerOf(id)).toEqual([]);
      });

      it('charges one late fee when staff and the guest cancel at once', async () => {
        const { id, guest } = await bookGuaranteed('approves', late);
        const answers = await Promise.all([cancelAsStaff(id), cancelAsGuest(guest, id)]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        expect((await feePayments(id)).map((p) => [p.status, p.amount])).toEqual([['SUCCEEDED', LATE_FEE]]);
        expect(await ledgerOf(id)).toEqual([]);
      });
    });
  }
}
