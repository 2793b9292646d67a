/**
 * The public area through its HTTP API: venue by domain (opening hours derived from service periods),
 * PDF menus, the contact form, page views, phone verification, and the development outbox.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { contactMessages, menus, pageViews, phoneVerifications } from '../../../server/db/schema';
import { translatorFor } from '../../../server/i18n/translator';
import { hasRecentVerifiedPhone } from '../../../server/services/auth/phone-verification';
import { VENUES } from '../../../common/venues';
import { createTestApi, fromAddress, newClientAddress, testDrivers, type TestApi } from '../../support/server/harness';

const THANKS = 'Thank you for your message. Our concierge team will reply within one business day.';
const CODE_SENT = 'We have sent a verification code to your mobile number.';
const CODE_INCORRECT = { status: 400, errorCode: 20106, message: 'The verification code is incorrect.' };
// A used, expired or exhausted code answers as a wrong one (docs/decisions/0030-spent-codes.md).
const CODE_EXPIRED = CODE_INCORRECT;

const DAILY = 'Daily';

/** docs/PRODUCT.md §9's dining hours as the server derives them from its service periods. */
const EXPECTED_OPENING_HOURS: Record<string, unknown> = {
  leclos: [
    { name: 'Breakfast', hours: [{ name: 'Mon – Fri', times: '8:00 am – 11:00 am' }] },
    { name: 'Lunch', hours: [{ name: DAILY, times: '11:00 am – 5:00 pm' }] },
    { name: 'Dinner', hours: [{ name: DAILY, times: '5:00 pm – 10:00 pm' }] },
    { name: 'Supper', hours: [{ name: 'Tue – Sat', times: '10:00 pm – 1:00 am' }] },
  ],
  batard: [
    { name: 'Lunch', hours: [{ name: DAILY, times: '12:00 pm – 3:30 pm' }] },
    { name: 'Dinner', hours: [{ name: DAILY, times: '6:00 pm – 11:00 pm' }] },
  ],
  hopsze: [
    { name: 'Lunch', hours: [{ name: DAILY, times: '12:00 pm – 3:30 pm' }] },
    { name: 'Dinner – First Seating', hours: [{ name: DAILY, times: '6:00 pm – 8:00 pm' }] },
    { name: 'Dinner – Second Seating', hours: [{ name: DAILY, times: '8:30 pm – 10:30 pm' }] },
  ],
  obe: [
    // Guest-facing: one name, the days beside the times, not in the name ('Evening (Sun–Tue)').
    {
      name: 'Evening',
      hours: [
        { name: 'Mon, Tue, Sun', times: '5:00 pm – 12:00 am' },
        { name: 'Wed – Sat', times: '5:00 pm – 2:00 am' },
      ],
    },
  ],
};

describe.each(testDrivers())('public API on %s', (driver) => {
  let api: TestApi;
  let numberCounter = 0;

  beforeAll(async () => {
    api = await createTestApi({ driver });
  });
  afterAll(async () => {
    await api?.close();
  });

  /** A second app on the same database and clock: its rate limiters start empty. */
  /** Another app instance on the same database, as a second server process, called from an address of its own. */
  function freshApp(production = false, address = newClientAddress()) {
    const app = createApp({ ...api.deps, config: { ...api.deps.config, production } });
    const from = fromAddress(address);
    return async (method: string, path: string, body?: unknown) => {
      const res = await app.request(
        path,
        {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        from,
      );
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
    };
  }

  async function outboxFor(recipient: string, channel?: 'EMAIL' | 'SMS') {
    const query = new URLSearchParams({ recipient, ...(channel ? { channel } : {}) });
    const res = await api.request('GET', `/dev/outbox?${query}`);
    expect(res.status).toBe(200);
    return res.body.data as { id: string; channel: string; recipient: string; subject: string; body: string; createdAt: string }[];
  }

  /** A number no other test uses, so per-number limits and codes stay apart. */
  const newNumber = () => `6${driver === 'pglite' ? '1' : '2'}${String(100000 + ++numberCounter).slice(-6)}`;

  /** A fresh app (so no limits carry over) and a number no other test uses, with a code just sent to it. */
  async function codeSent() {
    const request = freshApp();
    const number = newNumber();
    const phone = { mobileCountryCode: '852', mobileNumber: number };
    await request('POST', '/public/guest/verify-phone-number', phone);
    return { request, number, phone };
  }

  async function latestCode(countryCode: string, number: string): Promise<string> {
    const [sms] = await outboxFor(`+${countryCode.replace('+', '')}${number}`, 'SMS');
    const match = sms?.body.match(/^Your verification code is (\d{6})\. It expires in 10 minutes\.$/);
    if (!match) throw new Error(`no code in ${JSON.stringify(sms)}`);
    return match[1]!;
  }

  describe('GET /public/venue/by-domain/{domain}', () => {
    it.each(VENUES.map((v) => [v.domain, v] as const))('returns %s with its menus, hours, experiences and areas', async (domain, venue) => {
      const res = await api.request('GET', `/public/venue/by-domain/${domain}`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(200);
      const data = res.body.data;
      expect(data).toMatchObject({
        _id: venue.value,
        domain,
        title: venue.title,
        desc: venue.desc,
        address: venue.address,
        maximum: 10,
        requiresPhoneVerification: domain === 'hopsze',
      });
      expect(data.onlineMinGuests).toBeGreaterThanOrEqual(1);
      expect(data.onlineMaxGuests).toBeLessThanOrEqual(10);
      expect(data.reservationsEmail).toMatch(/@/);
      expect(data.reservationsPhone).toMatch(/^\+852/);
      expect(data.policy).toMatchObject({ maximumPartySize: 10 });
      expect(data.pdfMenu).toEqual(venue.menu.map((m) => ({ en: { name: m.name, file: { url: m.url } } })));
      expect(data.openingHours).toEqual(EXPECTED_OPENING_HOURS[domain]);

      expect(data.experiences.length).toBeGreaterThan(0);
      for (const experience of data.experiences) {
        expect(experience).toEqual({
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: expect.any(String),
          description: expect.any(String),
          durationMinutes: expect.any(Number),
          membersOnly: expect.any(Boolean),
          // The experience's party sizes, days and own policy (null: the venue's), set up by admins; a card
          // guarantee (Le Clos's Chef's Counter) has its own, whose fee the guest reads before saving a card.
          minGuests: expect.any(Number),
          maxGuests: expect.any(Number),
          daysOfWeek: expect.any(Array),
          policy: experience.prePaymentType === 'GUARANTEE' ? expect.objectContaining({ noShowFeePerPerson: expect.any(Number) }) : null,
          guestBookingDays: expect.any(Number),
          memberBookingDays: expect.any(Number),
          prePaymentType: expect.stringMatching(/^(PREPAYMENT|DEPOSIT|GUARANTEE|NONE)$/),
          price: {
            price: { amount: expect.any(Number) },
            serviceChargePercentage: expect.any(Number),
            taxPercentage: expect.any(Number),
          },
          depositPolicy: expect.any(Array),
        });
        if (experience.prePaymentType === 'GUARANTEE') expect(experience.policy.noShowFeePerPerson).toBeGreaterThan(0);
        if (experience.prePaymentType === 'DEPOSIT') {
          expect(experience.depositPolicy.length).toBeGreaterThan(0);
          for (const tier of experience.depositPolicy) {
            expect(tier).toEqual({ minGuestCount: expect.any(Number), price: { amount: expect.any(Number) } });
          }
        }
      }
      expect(data.seatingAreas.length).toBeGreaterThan(0);
      for (const area of data.seatingAreas) {
        expect(area).toEqual({
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: expect.any(String),
          description: expect.any(String),
          membersOnly: expect.any(Boolean),
        });
      }
    });

    it('gives the hopsze dinner seatings and a prepayment price as stored', async () => {
      const res = await api.request('GET', '/public/venue/by-domain/hopsze');
      const tasting = res.body.data.experiences.find((e: { name: string }) => e.name === 'Heritage Tasting Menu');
      expect(tasting).toMatchObject({
        prePaymentType: 'PREPAYMENT',
        durationMinutes: 120,
        price: { price: { amount: 128800 }, serviceChargePercentage: 100, taxPercentage: 0 },
      });
      expect(res.body.data).toMatchObject({ onlineMinGuests: 2, onlineMaxGuests: 7 });
    });

    it('accepts a domain in capitals or with spaces around it', async () => {
      const res = await api.request('GET', '/public/venue/by-domain/%20LeClos%20');
      expect(res.status).toBe(200);
      expect(res.body.data.domain).toBe('leclos');
    });

    it.each(['/public/venue/by-domain/', '/public/venue/by-domain', '/public/venue/by-domain/%20%20'])(
      'answers %s with 400 Venue domain is required',
      async (path) => {
        const res = await api.request('GET', path);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ status: 400, errorCode: 40000, message: 'Venue domain is required', field: 'domain' });
      },
    );

    it('answers an unknown domain with 404 and code 20103', async () => {
      const res = await api.request('GET', '/public/venue/by-domain/nowhere');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 404, errorCode: 20103, message: 'The venue information does not exist' });
    });

    it('refuses a domain that is not a slug', async () => {
      const res = await api.request('GET', '/public/venue/by-domain/le%2Fclos');
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('domain');
    });
  });

  describe('GET /public/menu/{fileName}', () => {
    const menuUrls = VENUES.flatMap((v) => v.menu.map((m) => m.url));

    it.each(menuUrls)('serves %s as a PDF', async (url) => {
      const res = await api.app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const fileName = url.split('/').pop();
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="${fileName}"`);
      expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    });

    it('sends the same ETag again and 304 when the client has it', async () => {
      const url = menuUrls[0]!;
      const first = await api.app.request(url);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^".+"$/);
      const second = await api.app.request(url);
      expect(second.headers.get('etag')).toBe(etag);
      expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
      const notModified = await api.app.request(url, { headers: { 'if-none-match': etag! } });
      expect(notModified.status).toBe(304);
      expect(await notModified.text()).toBe('');
    });

    it('answers an unknown menu with a 404 envelope and a bad name with 400', async () => {
      const missing = await api.request('GET', '/public/menu/no-such-menu.pdf');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ status: 404, errorCode: 40400 });
      const bad = await api.request('GET', '/public/menu/..%2Fetc%2Fpasswd');
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('fileName');
    });

    it('serves only menus listed in the menus table', async () => {
      const [row] = await api.deps.db.select().from(menus).where(eq(menus.fileName, 'obe-cocktails.pdf'));
      await api.deps.db.delete(menus).where(eq(menus.id, row!.id));
      try {
        const res = await api.request('GET', '/public/menu/obe-cocktails.pdf');
        expect(res.status).toBe(404);
      } finally {
        await api.deps.db.insert(menus).values(row!);
      }
      expect((await api.app.request('/public/menu/obe-cocktails.pdf')).status).toBe(200);
    });
  });

  describe('POST /public/contact-form', () => {
    const form = (email: string) => ({
      name: 'Mei Lin',
      email,
      phone: '+852 9876 5432',
      subject: 'Private dining',
      message: 'Could we book the Cask Room for twelve guests next month?',
      locale: 'zh-Hant',
    });

    it('stores the message, acknowledges it to the sender and tells the concierge', async () => {
      const email = `contact.${driver}@example.com`;
      const res = await api.request('POST', '/public/contact-form', { body: form(email) });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ status: 201, message: THANKS });

      const rows = await api.deps.db.select().from(contactMessages).where(eq(contactMessages.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Mei Lin', phone: '+852 9876 5432', subject: 'Private dining', locale: 'zh-Hant' });

      const [ack] = await outboxFor(email, 'EMAIL');
      expect(ack?.body).toContain('Mei Lin');
      // In the form's language (tests/server/messaging/i18n-mail.test.ts checks it in full).
      expect(ack?.body).toContain(translatorFor('zh-Hant')._(THANKS));
      const concierge = await outboxFor('concierge@example.com');
      expect(concierge.some((m) => m.body.includes(email) && m.body.includes('Cask Room'))).toBe(true);
    });

    it('defaults the locale to en and the phone to none', async () => {
      const email = `contact.min.${driver}@example.com`;
      const { phone: _phone, locale: _locale, ...minimal } = form(email);
      expect((await api.request('POST', '/public/contact-form', { body: minimal })).status).toBe(201);
      const [row] = await api.deps.db.select().from(contactMessages).where(eq(contactMessages.email, email));
      expect(row).toMatchObject({ locale: 'en', phone: null });
    });

    it.each([
      ['email', { email: '' }, 'Please enter your email address!'],
      ['email', { email: 'not-an-address' }, 'Please enter a valid email address!'],
      ['email', { email: 'a@b.toolongtld' }, 'Please enter a valid email address!'],
      ['name', { name: '   ' }, 'Please enter your name!'],
      ['subject', { subject: undefined }, 'Please enter a subject!'],
      ['message', { message: '' }, 'Please enter your message!'],
      ['message', { message: 'x'.repeat(2001) }, 'Your message must be 2000 characters or fewer.'],
      ['phone', { phone: 'call me' }, 'Please enter a valid phone number'],
      ['locale', { locale: 'fr' }, 'The language must be one of en, ja, ko, th, zh-Hans, zh-Hant'],
    ])('refuses a bad %s (%j) and stores nothing', async (field, change, message) => {
      const before = await api.deps.db.select({ n: count() }).from(contactMessages);
      const res = await api.request('POST', '/public/contact-form', { body: { ...form('refused@example.com'), ...change } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, errorCode: 40000, field });
      expect(res.body.message).toBe(message);
      const after = await api.deps.db.select({ n: count() }).from(contactMessages);
      expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
      expect(await outboxFor('refused@example.com')).toEqual([]);
    });

    it('allows 5 messages per address in 10 minutes, then 429 until the window passes', async () => {
      const request = freshApp();
      for (let i = 0; i < 5; i++) {
        expect((await request('POST', '/public/contact-form', form(`limit${i}.${driver}@example.com`))).status).toBe(201);
      }
      const refused = await request('POST', '/public/contact-form', form(`limit5.${driver}@example.com`));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ status: 429, errorCode: 42900 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await api.deps.db.select().from(contactMessages).where(eq(contactMessages.email, `limit5.${driver}@example.com`))).toEqual([]);

      api.clock.advanceMinutes(10);
      expect((await request('POST', '/public/contact-form', form(`limit5.${driver}@example.com`))).status).toBe(201);
    });
  });

  describe('POST /public/analytics/page-view', () => {
    it('stores the page name and locale', async () => {
      const res = await api.request('POST', '/public/analytics/page-view', { body: { page: 'venue-detail', locale: 'ja' } });
      expect(res.status).toBe(204);
      const rows = await api.deps.db.select().from(pageViews).where(eq(pageViews.page, 'venue-detail'));
      expect(rows.map((r) => r.locale)).toContain('ja');
    });

    it.each([
      [{ page: 'home?email=someone@example.com', locale: 'en' }, 'page'],
      [{ page: 'someone@example.com', locale: 'en' }, 'page'],
      [{ page: 'x'.repeat(41), locale: 'en' }, 'page'],
      [{ page: 'Venue-Detail', locale: 'en' }, 'page'],
      [{ page: '', locale: 'en' }, 'page'],
      [{ page: 'home', locale: 'fr' }, 'locale'],
      [{ locale: 'en' }, 'page'],
    ])('refuses %j and stores nothing', async (body, field) => {
      const before = await api.deps.db.select({ n: count() }).from(pageViews);
      const res = await api.request('POST', '/public/analytics/page-view', { body });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      const after = await api.deps.db.select({ n: count() }).from(pageViews);
      expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
    });
  });

  describe('phone verification', () => {
    it('sends a 6-digit code by SMS and confirms it', async () => {
      const request = freshApp();
      const number = newNumber();
      const sent = await request('POST', '/public/guest/verify-phone-number', { mobileCountryCode: '+852', mobileNumber: number });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ status: 200, message: CODE_SENT });
      const code = await latestCode('852', number);

      // The hash is stored, never the code.
      const [row] = await api.deps.db.select().from(phoneVerifications).where(eq(phoneVerifications.mobileNumber, number));
      expect(row!.codeHash).not.toContain(code);
      expect(row!.expiresAt.getTime() - api.clock.now().getTime()).toBe(10 * 60_000);

      expect(await hasRecentVerifiedPhone(api.deps.db, '852', number, api.clock.now())).toBe(false);
      // Typed differently ('852', spaces) it is still the same number.
      const spaced = `${number.slice(0, 4)} ${number.slice(4)}`;
      const confirmed = await request('POST', '/public/guest/confirm-phone-number', { mobileCountryCode: '852', mobileNumber: spaced, code });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ status: 200, data: { verified: true } });

      expect(await hasRecentVerifiedPhone(api.deps.db, '+852', number, api.clock.now())).toBe(true);
      expect(await hasRecentVerifiedPhone(api.deps.db, '852', spaced, api.clock.now())).toBe(true);
      const dayLater = new Date(api.clock.now().getTime() + 24 * 3600_000 + 60_000);
      expect(await hasRecentVerifiedPhone(api.deps.db, '852', number, dayLater)).toBe(false);
      expect(await hasRecentVerifiedPhone(api.deps.db, '853', number, api.clock.now())).toBe(false);
    });

    it('counts wrong codes and gives up after 5, on the code and on the number', async () => {
      const { request, number, phone } = await codeSent();
      const code = await latestCode('852', number);
      const wrong = code === '000000' ? '111111' : '000000';

      for (let i = 1; i <= 5; i++) {
        const res = await request('POST', '/public/guest/confirm-phone-number', { ...phone, code: wrong });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(CODE_INCORRECT);
        const [row] = await api.deps.db.select().from(phoneVerifications).where(eq(phoneVerifications.mobileNumber, number));
        expect(row!.attempts).toBe(i);
      }
      const late = await request('POST', '/public/guest/confirm-phone-number', { ...phone, code });
      expect(late.body).toEqual(CODE_EXPIRED);
      expect(await hasRecentVerifiedPhone(api.deps.db, '852', number, api.clock.now())).toBe(false);

      // The number has had its wrong guesses for the hour: no new code until then, and then one starts afresh.
      expect((await request('POST', '/public/guest/verify-phone-number', phone)).status).toBe(429);
      api.clock.advanceMinutes(61);
      expect((await request('POST', '/public/guest/verify-phone-number', phone)).status).toBe(200);
      const fresh = await request('POST', '/public/guest/confirm-phone-number', { ...phone, code: await latestCode('852', number) });
      expect(fresh.status).toBe(200);
    });

    it('expires a code after 10 minutes, and only the latest code counts', async () => {
      const { request, number, phone } = await codeSent();
      const first = await latestCode('852', number);
      api.clock.advanceMinutes(1);
      await request('POST', '/public/guest/verify-phone-number', phone);
      const second = await latestCode('852', number);
      expect(second).toMatch(/^\d{6}$/);
      if (first !== second) {
        const old = await request('POST', '/public/guest/confirm-phone-number', { ...phone, code: first });
        expect(old.body).toEqual(CODE_INCORRECT);
      }
      api.clock.advanceMinutes(10);
      const expired = await request('POST', '/public/guest/confirm-phone-number', { ...phone, code: second });
      expect(expired.body).toEqual(CODE_EXPIRED);
    });

    it('answers as to a wrong code when no code was ever sent', async () => {
      const res = await freshApp()('POST', '/public/guest/confirm-phone-number', {
        mobileCountryCode: '852',
        mobileNumber: newNumber(),
        code: '123456',
      });
      expect(res.body).toEqual(CODE_EXPIRED);
    });

    it('sends at most 3 codes to one number in 10 minutes', async () => {
      const number = newNumber();
      const phone = { mobileCountryCode: '852', mobileNumber: number };
      for (let i = 0; i < 3; i++) {
        // A new app each time: the limit is the number's, whichever server process is asked.
        expect((await freshApp()('POST', '/public/guest/verify-phone-number', phone)).status).toBe(200);
      }
      const refused = await freshApp()('POST', '/public/guest/verify-phone-number', phone);
      expect(refused.status).toBe(429);
      expect(refused.body.errorCode).toBe(42900);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await outboxFor(`+852${number}`, 'SMS')).toHaveLength(3);
      api.clock.advanceMinutes(10);
      expect((await freshApp()('POST', '/public/guest/verify-phone-number', phone)).status).toBe(200);
    });

    it('sends at most 10 codes from one address in 10 minutes, whichever server process is asked', async () => {
      const address = newClientAddress();
      const processes = [freshApp(false, address), freshApp(false, address)];
      for (let i = 0; i < 10; i++) {
        const res = await processes[i % 2]!('POST', '/public/guest/verify-phone-number', { mobileCountryCode: '852', mobileNumber: newNumber() });
        expect(res.status).toBe(200);
      }
      const number = newNumber();
      const refused = await processes[0]!('POST', '/public/guest/verify-phone-number', { mobileCountryCode: '852', mobileNumber: number });
      expect(refused.status).toBe(429);
      expect(await outboxFor(`+852${number}`)).toEqual([]);
      api.clock.advanceMinutes(10);
    });

    it.each([
      [{ mobileCountryCode: '852', mobileNumber: '' }, 'mobileNumber', 'Please enter mobile number!'],
      [{ mobileCountryCode: '852', mobileNumber: '12ab' }, 'mobileNumber', 'Please enter a valid mobile number'],
      [{ mobileCountryCode: 'HK', mobileNumber: '91234567' }, 'mobileCountryCode', 'Please enter a valid mobile number'],
    ])('refuses %j', async (body, field, message) => {
      const res = await api.request('POST', '/public/guest/verify-phone-number', { body });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toBe(message);
    });

    it('refuses a code that is not 6 digits without counting it', async () => {
      const { request, number, phone } = await codeSent();
      const res = await request('POST', '/public/guest/confirm-phone-number', { ...phone, code: '12' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 40000, field: 'code' });
      const [row] = await api.deps.db.select().from(phoneVerifications).where(eq(phoneVerifications.mobileNumber, number));
      expect(row!.attempts).toBe(0);
    });
  });

  describe('GET /dev/outbox', () => {
    it('lists messages newest first, filtered by recipient and channel', async () => {
      const number = newNumber();
      const phone = { mobileCountryCode: '852', mobileNumber: number };
      const request = freshApp();
      await request('POST', '/public/guest/verify-phone-number', phone);
      await request('POST', '/public/guest/verify-phone-number', phone);
      const res = await api.request('GET', `/dev/outbox?recipient=%2B852${number}&channel=sms`);
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data).toHaveLength(2);
      for (const message of data) {
        expect(message).toEqual({
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          channel: 'SMS',
          recipient: `+852${number}`,
          subject: '',
          body: expect.stringMatching(/^Your verification code is \d{6}\./),
          attachments: [],
          createdAt: expect.any(String),
        });
      }
      expect(Date.parse(data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(data[1].createdAt));
      expect(await outboxFor(`+852${number}`, 'EMAIL')).toEqual([]);
    });

    it('refuses a bad channel', async () => {
      const res = await api.request('GET', '/dev/outbox?channel=fax');
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('channel');
    });

    it('does not exist in production', async () => {
      const res = await freshApp(true)('GET', '/dev/outbox');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, errorCode: 40400 });
      // The rest of the public area is there.
      expect((await freshApp(true)('GET', '/public/venue/by-domain/obe')).status).toBe(200);
    });
  });
});
