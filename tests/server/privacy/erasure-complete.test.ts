/**
 * An erasure erases all of it (docs/decisions/0032-erasure-all-of-it.md), through the API on PGlite and
 * PostgreSQL: a member with staff's notes (one removed), tags, an allergy answer, dietary needs, a special
 * request, a feedback comment, a contact message, sent mails, a merged duplicate account, a card payment
 * and wallet entries is erased; afterwards no text column of any table holds their name, address, number
 * or any of those words, their profile shows nothing of them, the guest-book search finds nothing, and the
 * money records stay with their amounts and the ledger check clean.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, cardEntries, outbox, payments, phoneVerifications, reservations, users, walletEntries } from '../../../server/db/schema';
import { sendPhoneVerification } from '../../../server/services/auth/phone-verification';
import { sendDueFeedbackMails } from '../../../server/services/feedback/feedback-mails';
import { PermanentDeliveryError } from '../../../server/services/messaging/delivery-error';
import type { OutgoingMail } from '../../../server/services/messaging/mail-transport';
import { deliverOutbox } from '../../../server/services/messaging/outbox-sender';
import { ledgerProblems } from '../../../server/services/payments/ledger-check';
import { sendDueReminders } from '../../../server/services/reservations/reservation-reminders';
import { newClientAddress, testDrivers, type TestApi } from '../../support/server/harness';
import { GUEST_DETAILS, type paymentHelpers, type TestUser } from '../../support/server/payment-helpers';
import { liveColumns } from '../../support/server/live-schema';
import { useStaffAccounts } from '../../support/server/staff-helpers';
import { OBE } from '../../support/server/fixtures';

const HOUR = 3_600_000;

/** What the guest and staff wrote about them: none of it may be left anywhere. */
const WORDS = {
  firstName: 'Ottoline',
  lastName: 'Brackenbury',
  specialRequest: 'Please bring a candle for the cake at nine',
  occasionNote: 'Our twentieth wedding anniversary',
  dietaryNote: 'No pork in any course please',
  allergyAnswer: 'Tree nuts and kiwi fruit',
  note: 'Prefers the booth by the far window',
  removedAllergyNote: 'Severe sesame allergy, told the host',
  dietaryNote2: 'Strictly kosher since the spring',
  feedback: 'The sommelier remembered our last visit',
  contactMessage: 'Could the Cask Room host my book club of nine?',
  queueNote: 'Waiting at the bar with a pram',
};
const MOBILE = '61234987';

interface Row {
  table: string;
  text: string;
}

/** Every row of every table, each as one text of its text, JSON and array columns (files left out). */
async function everyRow(api: TestApi): Promise<Row[]> {
  const byTable = new Map<string, string[]>();
  for (const { table, column, type } of await liveColumns(api.deps.db)) {
    if (['text', 'character varying', 'jsonb', 'json', 'ARRAY'].includes(type)) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const rows: Row[] = [];
  for (const [table, cols] of byTable) {
    const parts = sql.join(
      cols.map((c) => sql`coalesce(${sql.identifier(c)}::text, '')`),
      sql`, `,
    );
    const result = (await api.deps.db.execute(sql`SELECT concat_ws(' | ', ${parts}) AS text FROM ${sql.identifier(table)}`)) as unknown as { rows: { text: string }[] };
    for (const r of result.rows) rows.push({ table, text: r.text });
  }
  return rows;
}

/** The rows that still hold any of `words` (any case), or any of `numbers` however spaced. */
const holding = (rows: Row[], words: string[], numbers: string[]) =>
  rows.filter(
    (r) =>
      words.some((w) => r.text.toLowerCase().includes(w.toLowerCase())) ||
      numbers.some((n) => r.text.replace(/[\s-]/g, '').includes(n)),
  );

for (const driver of testDrivers()) {
  describe(`an erasure erases all of it (${driver})`, () => {
    let api: TestApi;
    let h: ReturnType<typeof paymentHelpers>;
    let admin: TestUser;
    let obeStaff: TestUser;
    useStaffAccounts(driver, (accounts) => ({ api, h, admin, obeStaff } = accounts));

    const sent: OutgoingMail[] = [];
    /** Delivers every queued message; `refuse` makes the mail server refuse each for good. */
    const deliverAll = (refuse = false) =>
      deliverOutbox({
        db: api.deps.db,
        clock: api.clock,
        messaging: {
          mail: {
            description: 'test',
            send: async (mail) => {
              if (refuse) throw new PermanentDeliveryError('550 no such mailbox');
              sent.push(mail);
            },
            close: () => {},
          },
          sms: { description: 'test', send: async () => {} },
          mailFrom: 'no-reply@aldrich.club',
        },
      });

    /** A member with every kind of personal data the club holds, and a duplicate account merged into it. */
    async function memberWithEverything() {
      api.clock.set(new Date('2026-11-23T02:00:00Z'));
      const guest = await h.newUser('member', 50_000);
      await api.deps.db
        .update(users)
        .set({ firstName: WORDS.firstName, lastName: WORDS.lastName, mobileCountryCode: '+852', mobileNumber: MOBILE, dietaryNote: WORDS.dietaryNote })
        .where(eq(users.id, guest.id));

      // A paid booking with a special request, an occasion and dietary needs.
      const hold = await h.holdWhiskyFlight(guest, '2026-12-09');
      await h.payByCard(guest, hold.id);
      await h.deliver();
      const completed = await api.request('PUT', `/user/reservation/v1.1/complete/${hold.id}`, {
        token: guest.token(),
        body: {
          ...GUEST_DETAILS,
          firstName: WORDS.firstName,
          lastName: WORDS.lastName,
          email: guest.email,
          mobileNumber: MOBILE,
          notes: WORDS.specialRequest,
          occasion: 'ANNIVERSARY',
          occasionNote: WORDS.occasionNote,
          dietaryNeeds: ['PESCATARIAN'],
          dietaryNote: WORDS.dietaryNote,
        },
      });
      expect(completed.status, JSON.stringify(completed.body)).toBe(200);
      const { startsAt } = await h.reservationRow(hold.id);

      // Staff's notes (the allergy one removed again) and tags.
      const note = (kind: string, body: string) => api.request('POST', `/admin/guest/${guest.id}/note`, { token: obeStaff.token(), body: { kind, body } });
      expect((await note('SEATING', WORDS.note)).status).toBe(201);
      const allergy = await note('ALLERGY', WORDS.removedAllergyNote);
      expect((await note('DIETARY', WORDS.dietaryNote2)).status).toBe(201);
      expect((await api.request('DELETE', `/admin/guest/${guest.id}/note/${allergy.body.data._id}`, { token: obeStaff.token() })).status).toBe(200);
      const tags = (await api.request('GET', '/admin/guest-tag', { token: obeStaff.token() })).body.data as { _id: string; code: string | null }[];
      for (const code of ['VIP', 'ALLERGY']) {
        const given = await api.request('POST', `/admin/guest/${guest.id}/tag`, { token: obeStaff.token(), body: { tagId: tags.find((t) => t.code === code)!._id } });
        expect(given.status, JSON.stringify(given.body)).toBe(200);
      }

      // The reminder's allergy question, answered through its link.
      api.clock.set(new Date(startsAt.getTime() - 20 * HOUR));
      await sendDueReminders(api.deps);
      const reminder = (await h.outboxOf(guest.email)).find((m) => /#\/pages\/allergies\?token=/.test(m.body))!;
      const allergyToken = decodeURIComponent(/#\/pages\/allergies\?token=([^\s&]+)/.exec(reminder.body)![1]!);
      const answered = await api.request('PUT', `/manage/${allergyToken}/allergies`, { from: newClientAddress(), body: { answer: WORDS.allergyAnswer } });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);

      // The visit, and the feedback mail's comment.
      api.clock.set(new Date(startsAt.getTime() + 5 * 60_000));
      expect((await api.request('PUT', `/admin/reservation/${hold.id}/visit`, { token: obeStaff.token(), body: { action: 'seat' } })).status).toBe(200);
      api.clock.set(new Date(startsAt.getTime() + HOUR));
      expect((await api.request('PUT', `/admin/reservation/${hold.id}/visit`, { token: obeStaff.token(), body: { action: 'finish' } })).status).toBe(200);
      api.clock.set(new Date(startsAt.getTime() + 4 * HOUR));
      await sendDueFeedbackMails(api.deps);
      const feedbackMail = (await h.outboxOf(guest.email)).find((m) => m.body.includes('/pages/feedback'))!;
      const feedbackToken = new URLSearchParams(/#\/pages\/feedback\?([^\s]+)/.exec(feedbackMail.body)![1]).get('token')!;
      const rated = await api.request('PUT', `/feedback/${feedbackToken}`, { from: newClientAddress(), body: { rating: 5, comment: WORDS.feedback } });
      expect(rated.status, JSON.stringify(rated.body)).toBe(200);

      // A contact message, quoted in the concierge's copy too.
      const contact = await api.request('POST', '/public/contact-form', {
        from: newClientAddress(),
        body: { name: `${WORDS.firstName} ${WORDS.lastName}`, email: guest.email, phone: `+852 ${MOBILE.slice(0, 4)} ${MOBILE.slice(4)}`, subject: 'Private dining', message: WORDS.contactMessage, locale: 'en' },
      });
      expect(contact.status, JSON.stringify(contact.body)).toBe(201);

      // A place in the walk-in queue by their name and number, with the host's note.
      const queued = await api.request('POST', `/admin/venue/${OBE}/walk-in-queue`, {
        token: obeStaff.token(),
        body: { name: `${WORDS.firstName} ${WORDS.lastName}`, numberOfGuests: 2, mobileCountryCode: '+852', mobileNumber: MOBILE, notes: WORDS.queueNote },
      });
      expect(queued.status, JSON.stringify(queued.body)).toBe(201);

      // A second account of the same person (the same number, verified by a texted code), merged into the first.
      const duplicate = await h.newUser();
      await api.deps.db
        .update(users)
        .set({ firstName: WORDS.firstName, lastName: WORDS.lastName, mobileCountryCode: '+852', mobileNumber: MOBILE })
        .where(eq(users.id, duplicate.id));
      await sendPhoneVerification(api.deps.db, { countryCode: '+852', number: MOBILE }, { now: api.clock.now(), secret: api.deps.config.jwtSecret });
      await api.deps.db.update(phoneVerifications).set({ verifiedAt: api.clock.now() }).where(eq(phoneVerifications.mobileNumber, MOBILE));
      const merged = await api.request('POST', `/admin/guest/${guest.id}/merge`, {
        token: admin.token(),
        body: { duplicateId: duplicate.id, reason: `Same person: ${WORDS.firstName} ${WORDS.lastName}, the same verified mobile` },
      });
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);

      // Every mail so far goes out.
      await deliverAll();
      return { guest, duplicate, reservationId: hold.id };
    }

    const moneyOf = async (userId: string) => ({
      payments: (await api.deps.db.select().from(payments).where(eq(payments.userId, userId))).map((p) => [p.id, p.amount, p.status, p.refundedAmount]),
      wallet: (await api.deps.db.select().from(walletEntries).where(eq(walletEntries.userId, userId))).map((e) => [e.id, e.type, e.amount]),
      cards: (await api.deps.db.select().from(cardEntries).where(eq(cardEntries.userId, userId))).map((e) => [e.id, e.type, e.amount]),
    });

    it('leaves no row holding the guest, their profile and the search empty, and every money record whole', async () => {
      const { guest, duplicate, reservationId } = await memberWithEverything();
      const words = [...Object.values(WORDS), guest.email, duplicate.email];
      const numbers = [MOBILE];
      // The guest's data is there to be found before.
      const found = new Set(holding(await everyRow(api), words, numbers).map((r) => r.table));
      for (const table of ['users', 'reservations', 'guest_notes', 'visit_feedback', 'contact_messages', 'outbox', 'audit_log', 'walk_in_queue']) expect(found, table).toContain(table);
      expect(sent.some((m) => m.to === guest.email)).toBe(true);
      const money = await moneyOf(guest.id);
      expect(money.payments).toHaveLength(1);
      expect(money.wallet.length).toBeGreaterThan(0);
      const auditEntries = (await api.deps.db.select().from(auditLog)).length;

      expect((await api.request('POST', '/user/privacy/erasure-request', { token: guest.token() })).status).toBe(200);
      const erased = await api.request('POST', `/admin/privacy/erasure-requests/${guest.id}/erase`, { token: admin.token() });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      // The erasure's own mail goes to the address the guest had, and then its row forgets it.
      sent.length = 0;
      await deliverAll();
      expect(sent.map((m) => [m.to, m.subject])).toEqual([[guest.email, 'Your personal data has been erased']]);

      const left = holding(await everyRow(api), words, numbers);
      expect(left.map((r) => `${r.table}: ${r.text.slice(0, 300)}`)).toEqual([]);

      // The anonymous profile shows nothing of them.
      const profile = await api.request('GET', `/admin/guest/${guest.id}`, { token: obeStaff.token() });
      expect(profile.status).toBe(200);
      expect(profile.body.data).toMatchObject({ firstName: '', lastName: '', tags: [], notes: [], alerts: [] });
      expect(holding([{ table: 'profile', text: JSON.stringify(profile.body) }], words, numbers)).toEqual([]);
      // The guest book's search finds nobody by what they were.
      for (const q of [WORDS.firstName, WORDS.lastName, `${WORDS.firstName} ${WORDS.lastName}`, guest.email, duplicate.email, MOBILE, `+852 ${MOBILE}`]) {
        const search = await api.request('GET', `/admin/guest?${new URLSearchParams({ q })}`, { token: obeStaff.token() });
        expect(search.status, q).toBe(200);
        expect(JSON.stringify(search.body.data), q).not.toContain(guest.id);
        expect(JSON.stringify(search.body.data), q).not.toContain(duplicate.id);
      }

      // The money records stay, with their amounts, and the books balance; the audit log keeps every entry.
      expect(await moneyOf(guest.id)).toEqual(money);
      expect((await h.reservationRow(reservationId)).amountDue).toBeGreaterThan(0);
      expect(await ledgerProblems(api.deps.db)).toEqual([]);
      expect((await api.deps.db.select().from(auditLog)).length).toBe(auditEntries + 1);
      expect((await api.deps.db.select().from(reservations).where(eq(reservations.userId, guest.id))).length).toBe(1);
    });

    it("empties the erasure mail's row when the address refuses it for good, as when it is sent", async () => {
      api.clock.set(new Date('2026-11-23T02:00:00Z'));
      const guest = await h.newUser();
      await api.deps.db.update(users).set({ firstName: 'Wilhelmina' }).where(eq(users.id, guest.id));
      expect((await api.request('POST', '/user/privacy/erasure-request', { token: guest.token() })).status).toBe(200);
      expect((await api.request('POST', `/admin/privacy/erasure-requests/${guest.id}/erase`, { token: admin.token() })).status).toBe(200);
      const [queued] = await h.mailTo(guest.email);
      expect(queued).toMatchObject({ subject: 'Your personal data has been erased', forgetWhenDone: true });
      await deliverAll(true);
      const [failed] = await api.deps.db.select().from(outbox).where(eq(outbox.id, queued!.id));
      expect(failed).toMatchObject({ status: 'FAILED', recipient: '', subject: '', body: '', attachments: [] });
      expect(holding(await everyRow(api), [guest.email, 'Wilhelmina'], [])).toEqual([]);
    });
  });
}
