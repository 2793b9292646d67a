/**
 * The API's messages in the caller's language: each answer is the caller's translator applied to the
 * English source text and its values (Accept-Language ja, zh-Hant, and zh-HK for Traditional Chinese);
 * with no header, English word for word.
 *
 * Where a catalog has no translation of a text yet, the test gives the translator a stand-in one first,
 * so an answer left in English cannot pass for a translated one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatorFor } from '../../../server/i18n/translator';
import { LOGIN_BY_ACCOUNT_AND_CLIENT } from '../../../server/services/auth/login-throttle';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { EMAIL_MESSAGES } from '../../../common/validation/email';
import { COMPLETION_ERRORS } from '../../../common/api/error-codes';
import { formatDateFor } from '../../../common/time';
import type { Locale } from '../../../common/locales';
import { experienceIdByName, HOPSZE, LECLOS, UNKNOWN_ID } from '../../support/server/fixtures';
import { createTestApi, type TestApi } from '../../support/server/harness';

/** The header sent, and the language its answer must be in. */
const CALLERS: ReadonlyArray<{ header?: string; locale: Locale }> = [
  { header: 'ja', locale: 'ja' },
  { header: 'zh-Hant', locale: 'zh-Hant' },
  { header: 'zh-HK', locale: 'zh-Hant' },
  { locale: 'en' },
];

const TUESDAY = '2026-11-24';

/** Makes sure `id` reads differently from English in every language under test. */
function withTranslation(id: string): string {
  for (const locale of ['ja', 'zh-Hant'] as const) {
    const i18n = translatorFor(locale);
    if (!i18n.messages[id]) i18n.load(locale, { [id]: `«${locale}» ${id}` });
  }
  return id;
}

describe('messages in the caller’s language', () => {
  let api: TestApi;
  let guest: string;

  beforeAll(async () => {
    api = await createTestApi();
    guest = await api.login('guest@example.com', 'guest-pass-1');
  });
  afterAll(() => api.close());

  /**
   * Sends the request once per caller and checks each answer's message (at `read`, the body's `message`
   * by default) is that caller's translation of `english` with `values`.
   */
  async function expectInEachLanguage(options: {
    send: (headers: Record<string, string>, turn: number) => Promise<{ status: number; body: any }>;
    status: number;
    english: string;
    values?: (locale: Locale) => Record<string, unknown>;
    /** The English answer word for word, when it differs from `english` (a text with values). */
    englishText?: string;
    read?: (body: any) => unknown;
  }) {
    const id = withTranslation(options.english);
    const read = options.read ?? ((body: any) => body.message);
    for (const [turn, { header, locale }] of CALLERS.entries()) {
      const res = await options.send(header ? { 'accept-language': header } : {}, turn);
      expect(res.status, header ?? 'no header').toBe(options.status);
      const expected = translatorFor(locale)._(id, options.values?.(locale));
      expect(read(res.body), header ?? 'no header').toBe(expected);
      if (locale === 'en') expect(read(res.body)).toBe(options.englishText ?? options.english);
      else expect(read(res.body)).not.toBe(options.englishText ?? options.english);
    }
  }

  it("says a shared schema's docs/PRODUCT.md §5 message in the caller's language", async () => {
    await expectInEachLanguage({
      send: (headers) => api.request('POST', '/user/authentication/login', { body: { email: '', password: 'x' }, headers }),
      status: 400,
      english: EMAIL_MESSAGES.required,
    });
  });

  it("says 'Incorrect E-mail or Password' in the caller's language", async () => {
    await expectInEachLanguage({
      send: (headers) =>
        api.request('POST', '/user/authentication/login', { body: { email: 'guest@example.com', password: 'not-the-password' }, headers }),
      status: 401,
      english: 'Incorrect E-mail or Password',
    });
  });

  it("says the rate limit's 429 in the caller's language", async () => {
    const wrong = { email: 'member@example.com', password: 'not-the-password' };
    for (let i = 0; i < LOGIN_BY_ACCOUNT_AND_CLIENT.free; i++) {
      expect((await api.request('POST', '/user/authentication/login', { body: wrong })).status).toBe(401);
    }
    await expectInEachLanguage({
      send: (headers) => api.request('POST', '/user/authentication/login', { body: wrong, headers }),
      status: 429,
      english: 'Too many attempts. Please wait a few minutes and try again.',
    });
  });

  it("says a completion code's docs/PRODUCT.md §8 text in the caller's language", async () => {
    const details = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'guest@example.com',
      mobileCountryCode: '+852',
      mobileNumber: '91234567',
      agreements: { cancellationPolicy: true },
    };
    await expectInEachLanguage({
      send: (headers) => api.request('PUT', `/user/reservation/v1.1/complete/${UNKNOWN_ID}`, { body: details, token: guest, headers }),
      status: 404,
      english: COMPLETION_ERRORS[1010103].message,
      read: (body) => (expect(body.errorCode).toBe(1010103), body.message),
    });
  });

  it("says the party-size 422 with its values in the caller's language", async () => {
    const dinner = await experienceIdByName(api.deps.db, HOPSZE, 'À la Carte Dinner');
    await expectInEachLanguage({
      send: (headers) =>
        api.request('GET', `/user/reservation/v1.1/timeslot-availability/${HOPSZE}/${TUESDAY}?numberOfGuests=8&experienceId=${dinner}`, {
          token: guest,
          headers,
        }),
      status: 422,
      english: 'For parties of {larger} or more, please contact our reservations team on {phone} or at {email}.',
      values: () => ({ larger: 8, phone: '+852 2388 6203', email: 'hopsze.reservations@example.com' }),
      englishText: 'For parties of 8 or more, please contact our reservations team on +852 2388 6203 or at hopsze.reservations@example.com.',
    });
  });

  it("says a required field by name ('{field} is required') in the caller's language", async () => {
    const alaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
    await expectInEachLanguage({
      send: (headers) =>
        api.request('GET', `/user/reservation/v1.1/timeslot-availability/${LECLOS}/${TUESDAY}?experienceId=${alaCarte}`, { token: guest, headers }),
      status: 400,
      english: '{field} is required',
      values: () => ({ field: 'numberOfGuests' }),
      englishText: 'numberOfGuests is required',
    });
  });

  it("writes the booking window's last day as the caller's language writes dates", async () => {
    const alaCarte = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
    await expectInEachLanguage({
      send: (headers) =>
        api.request('GET', `/user/reservation/v1.1/timeslot-availability/${LECLOS}/2027-02-22?numberOfGuests=2&experienceId=${alaCarte}`, {
          token: guest,
          headers,
        }),
      status: 422,
      english: 'Reservations open {days} days in advance. Please choose a date on or before {date}.',
      values: (locale) => ({ days: 90, date: formatDateFor('2027-02-21', locale) }),
      englishText: 'Reservations open 90 days in advance. Please choose a date on or before 21 Feb 2027.',
    });
  });

  it("says a success message (the reset link was sent) in the caller's language", async () => {
    await expectInEachLanguage({
      // A new address each time, so the per-address limit never answers instead.
      send: (headers, turn) =>
        api.request('POST', '/user/user/initiate-password-reset', { body: { email: `nobody-${turn}@example.com` }, headers }),
      status: 200,
      english: 'If an account exists for this e-mail, we have sent a link to reset your password.',
    });
  });

  it("says 404 'Not found' in the caller's language", async () => {
    await expectInEachLanguage({
      send: (headers) => api.request('GET', '/no/such/address', { headers }),
      status: 404,
      english: 'Not found',
    });
  });

  it("gives a declined card's reason in the caller's language", async () => {
    await expectInEachLanguage({
      send: async (headers, turn) => {
        const intent = await api.processor.createIntent({ amount: 10_000, currency: 'HKD', idempotencyKey: `i18n-decline-${turn}`, metadata: {} });
        const card = { clientSecret: intent.clientSecret, cardholderName: 'Ada Lovelace', cardNumber: TEST_CARDS.declined, expMonth: 12, expYear: 2030, cvc: '123' };
        return api.request('POST', `/payments/test-processor/intents/${intent.id}/confirm`, { body: card, headers });
      },
      status: 200,
      english: 'Your card was declined.',
      read: (body) => body.data.lastError,
    });
  });
});
