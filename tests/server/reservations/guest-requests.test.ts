/**
 * A booking's occasion and dietary needs: taken on completion, checked against the
 * lists, stored on the reservation and answered with it, the needs remembered on the user for the next
 * booking, and echoed in the confirmation e-mail in the guest's language. And the length messages of the
 * guest's details, through the API.
 */
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../../server/i18n/translator';
import { formatDateTimeFor } from '../../../common/time';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { testDrivers, type TestApi } from '../../support/server/harness';
import { GUEST_DETAILS, paymentHelpers, usePaymentTestApi, type TestUser } from '../../support/server/payment-helpers';

const REQUESTS = {
  occasion: 'BIRTHDAY',
  occasionNote: 'My mother’s 70th',
  dietaryNeeds: ['NUT_ALLERGY', 'VEGETARIAN'],
  dietaryNote: 'No coriander',
};

for (const driver of testDrivers()) {
  describe(`occasion and dietary needs (${driver})`, () => {
    let api: TestApi;
    let helpers: ReturnType<typeof paymentHelpers>;
    usePaymentTestApi(driver, (a, h) => {
      api = a;
      helpers = h;
    });
    let slot = 0;

    /** Holds a free bar table at Obe on a day and time of its own. */
    async function holdBar(user: TestUser, headers: Record<string, string> = {}): Promise<string> {
      const n = slot++;
      const res = await api.request('POST', '/user/reservation/v1.1', {
        token: user.token(),
        headers,
        body: {
          venueId: OBE,
          experienceId: await experienceIdByName(api.deps.db, OBE, 'Bar Seating'),
          date: `2026-12-${String(1 + (n % 28)).padStart(2, '0')}`,
          startTime: 1080 + 30 * Math.floor(n / 28),
          numberOfGuests: 2,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id;
    }

    const complete = (user: TestUser, id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      api.request('PUT', `/user/reservation/v1.1/complete/${id}`, { token: user.token(), headers, body: { ...GUEST_DETAILS, email: user.email, ...body } });

    const me = async (user: TestUser) => (await api.request('GET', '/user/user/me', { token: user.token() })).body.data;

    it('stores them on the reservation, answers them with it, and remembers the needs (not the occasion) for the next booking', async () => {
      const user = await helpers.newUser();
      expect(await me(user)).toMatchObject({ dietaryNeeds: [], dietaryNote: null });
      const id = await holdBar(user);
      const done = await complete(user, id, REQUESTS);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      // Each need once, in the list's order.
      const echoed = { occasion: 'BIRTHDAY', occasionNote: 'My mother’s 70th', dietaryNeeds: ['VEGETARIAN', 'NUT_ALLERGY'], dietaryNote: 'No coriander' };
      expect(done.body.data.guest).toMatchObject(echoed);
      expect((await api.request('GET', `/user/reservation/${id}`, { token: user.token() })).body.data.guest).toMatchObject(echoed);
      const remembered = await me(user);
      expect(remembered).toMatchObject({ dietaryNeeds: ['VEGETARIAN', 'NUT_ALLERGY'], dietaryNote: 'No coriander' });
      expect(remembered).not.toHaveProperty('occasion');

      // The next booking's choices replace them, cleared ones too.
      const next = await holdBar(user);
      expect((await complete(user, next, { dietaryNeeds: ['VEGAN'], dietaryNote: '' })).status).toBe(200);
      expect(await me(user)).toMatchObject({ dietaryNeeds: ['VEGAN'], dietaryNote: null });
    });

    it('answers none for a booking made without them', async () => {
      const user = await helpers.newUser();
      const id = await holdBar(user);
      const done = await complete(user, id, {});
      expect(done.status).toBe(200);
      expect(done.body.data.guest).toMatchObject({ occasion: null, occasionNote: null, dietaryNeeds: [], dietaryNote: null });
    });

    it('echoes them in the confirmation e-mail, in the language of the booking', async () => {
      const user = await helpers.newUser();
      const id = await holdBar(user);
      expect((await complete(user, id, REQUESTS)).status).toBe(200);
      const [mail] = await helpers.outboxOf(user.email);
      expect(mail!.body).toContain('Occasion: Birthday (My mother’s 70th)');
      expect(mail!.body).toContain('Dietary needs: Vegetarian, Nut allergy; No coriander');

      const ja = translatorFor('ja');
      const japanese = await helpers.newUser();
      const jaId = await holdBar(japanese, { 'accept-language': 'ja' });
      expect((await complete(japanese, jaId, REQUESTS)).status).toBe(200);
      const [jaMail] = await helpers.outboxOf(japanese.email);
      const occasion = `${ja._('Birthday')} (My mother’s 70th)`;
      expect(jaMail!.body).toContain(ja._('Occasion: {occasion}', { occasion }));
      expect(jaMail!.body).toContain(ja._('Dietary needs: {dietary}', { dietary: `${ja._('Vegetarian')}, ${ja._('Nut allergy')}; No coriander` }));
      expect(ja._('Occasion: {occasion}', { occasion })).not.toContain('Occasion');
    });

    it("carries the guest's special requests, and the cancellation and no-show policy as they apply to the booking", async () => {
      // Bar seating at Obe, nothing paid ahead: 12 hours' notice asked, a no-show fee of HK$200 a head.
      const user = await helpers.newUser();
      const id = await holdBar(user);
      expect((await complete(user, id, { ...REQUESTS, notes: '  A quiet corner, please  ' })).status).toBe(200);
      const row = await helpers.reservationRow(id);
      const lateFrom = formatDateTimeFor(new Date(row.startsAt.getTime() - 12 * 3_600_000), 'en');
      const [mail] = await helpers.outboxOf(user.email);
      const lines = mail!.body.split('\n');
      expect(lines).toContain('Special requests: A quiet corner, please');
      expect(lines).toContain(`Cancellation policy: please cancel by ${lateFrom} (12 hours before your reservation), so that we can offer the table to other guests.`);
      // Nothing was paid ahead, so nothing is said to count towards the fee.
      expect(lines).toContain('No-show policy: if your party does not arrive, a fee of HK$200 per person (HK$400 for your party) is charged.');

      // A Whisky Flight paid ahead (HK$1,496): a late cancellation keeps HK$100 a head of it.
      const payer = await helpers.newUser();
      const paid = await helpers.bookPaidByCard(payer);
      const paidRow = await helpers.reservationRow(paid.id);
      const paidLateFrom = formatDateTimeFor(new Date(paidRow.startsAt.getTime() - 12 * 3_600_000), 'en');
      const [paidMail] = await helpers.outboxOf(payer.email);
      expect(paidMail!.body.split('\n')).toContain(
        `Cancellation policy: you may cancel free of charge until ${paidLateFrom} (12 hours before your reservation). After that, HK$200 of what you paid is kept as a late cancellation fee.`,
      );
      expect(paidMail!.body).toContain('what you paid ahead counts towards it.');
      expect(paidMail!.body).not.toContain('Special requests');

      // In the language of the booking.
      const ja = translatorFor('ja');
      const japanese = await helpers.newUser();
      const jaId = await holdBar(japanese, { 'accept-language': 'ja' });
      expect((await complete(japanese, jaId, { notes: '静かな席' }, { 'accept-language': 'ja' })).status).toBe(200);
      const jaRow = await helpers.reservationRow(jaId);
      const [jaMail] = await helpers.outboxOf(japanese.email);
      const jaLines = jaMail!.body.split('\n');
      expect(jaLines).toContain(ja._('Special requests: {notes}', { notes: '静かな席' }));
      const jaPolicy = ja._(
        'Cancellation policy: please cancel by {lateFrom} ({hours, plural, one {# hour} other {# hours}} before your reservation), so that we can offer the table to other guests.',
        { lateFrom: formatDateTimeFor(new Date(jaRow.startsAt.getTime() - 12 * 3_600_000), 'ja'), hours: 12 },
      );
      expect(jaLines).toContain(jaPolicy);
      expect(jaPolicy).not.toContain('Cancellation policy');
    });

    it('refuses what is not on the lists, and changes nothing', async () => {
      const user = await helpers.newUser();
      const id = await holdBar(user);
      const wrongOccasion = await complete(user, id, { occasion: 'WEDDING' });
      expect(wrongOccasion.status).toBe(400);
      expect(wrongOccasion.body).toMatchObject({ message: 'Please choose an occasion from the list', field: 'occasion' });
      const wrongNeed = await complete(user, id, { dietaryNeeds: ['PALEO'] });
      expect(wrongNeed.status).toBe(400);
      expect(wrongNeed.body.message).toBe('Please choose dietary needs from the list');
      expect((await helpers.reservationRow(id)).status).toBe('PENDING');
    });

    // A 128-character first name was once told 'Please enter first name!': say what is wrong.
    it('says which field is too long and its limit, in the caller’s language, on completion and at sign-up', async () => {
      const user = await helpers.newUser();
      const id = await holdBar(user);
      const cases: [Record<string, unknown>, string, string, number][] = [
        [{ firstName: 'x'.repeat(128) }, 'firstName', 'The first name must be {max} characters or fewer.', 100],
        [{ lastName: 'x'.repeat(101) }, 'lastName', 'The last name must be {max} characters or fewer.', 100],
        [{ notes: 'x'.repeat(501) }, 'notes', 'Special requests must be {max} characters or fewer.', 500],
        [{ occasionNote: 'x'.repeat(101) }, 'occasionNote', 'The occasion details must be {max} characters or fewer.', 100],
        [{ dietaryNote: 'x'.repeat(201) }, 'dietaryNote', 'Other dietary needs must be {max} characters or fewer.', 200],
      ];
      for (const [body, field, source, max] of cases) {
        const english = await complete(user, id, body);
        expect(english.status, field).toBe(400);
        expect(english.body, field).toMatchObject({ field, message: source.replace('{max}', String(max)) });
        const japanese = await complete(user, id, body, { 'accept-language': 'ja' });
        expect(japanese.body.message, field).toBe(translatorFor('ja')._(source, { max }));
      }
      const signUp = await api.request('POST', '/user/user/sign-up', {
        body: { firstName: 'x'.repeat(128), lastName: 'Chan', email: 'long.name@example.com', password: 'long-name-pass' },
      });
      expect(signUp.status).toBe(400);
      expect(signUp.body).toMatchObject({ field: 'firstName', message: 'The first name must be 100 characters or fewer.' });
    });
  });
}
