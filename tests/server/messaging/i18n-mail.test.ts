/**
 * What the server sends goes out in the reader's language: a reservation's mails and calendar
 * invitation in the language it was booked in (reservations.locale), account mails in the user's
 * (users.locale, set at sign-up from the body or Accept-Language and moved by booking), the SMS code in
 * the caller's, the contact acknowledgement in the form's, and the statement PDF in the downloader's, with
 * fonts for Chinese, Japanese, Korean and Thai. Each expectation is `translatorFor(locale)._(English
 * source, values)`, so it holds with the catalogs empty and once they are translated; until a text is
 * translated, this file gives it a marked stand-in ('[ja] …'), so an English mail cannot pass for a
 * Japanese one.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { users, venues } from '../../../server/db/schema';
import { manageLink } from '../../../server/services/reservations/manage-link';
import { localizeText } from '../../../server/routes/localisation/content';
import { translatorFor } from '../../../server/i18n/translator';
import { newId } from '../../../server/lib/ids';
import { escapeText } from '../../../server/services/reservations/calendar-invite';
import { renderStatementPdf, type StatementFonts } from '../../../server/services/wallet/statement-pdf';
import { getStatement } from '../../../server/services/wallet/wallet';
import { CONTACT_THANKS } from '../../../server/services/contact/contact-messages';
import type { Locale } from '../../../common/locales';
import { formatHkdFor } from '../../../common/money';
import { formatDateFor, formatDateTimeFor, formatMonthFor, formatTimeFor } from '../../../common/time';
import { experienceIdByName, OBE } from '../../support/server/fixtures';
import { testDrivers, type TestApi } from '../../support/server/harness';
import { card, GUEST_DETAILS, paymentHelpers, usePaymentTestApi, type TestUser } from '../../support/server/payment-helpers';
import { embedsFont, pdfFontNames, pdfText } from '../../support/server/pdf-text';
import { loadWalletHistory } from '../../../server/services/wallet/wallet-ledger';

const ja = translatorFor('ja');
const zhHant = translatorFor('zh-Hant');

/** The English sources this file expects in other languages. */
const SOURCES = [
  'Dear {name},',
  'Your reservation at {venue} is confirmed – {reference}',
  'Your reservation at {venue} has changed – {reference}',
  'Your reservation at {venue} is cancelled – {reference}',
  'Your reservation is confirmed. We look forward to welcoming you.',
  'Your reservation has been changed. Here it is as it now stands:',
  'Your reservation has been cancelled.',
  'Venue: {venue} ({description})',
  'Address: {address}',
  'Date: {date}',
  'Time: {time}',
  'Party: {guests, plural, one {# guest} other {# guests}}',
  'Experience: {experience}',
  'Reference: {reference}',
  '{brand} card ending {last4}',
  'Prepayment paid: {amount} ({method})',
  'Refund: {amount} to {method}',
  'A calendar invitation is attached.',
  'The calendar invitation is withdrawn (attached).',
  'To change or cancel, call {phone} or e-mail {email}.',
  '{venue} – table for {guests, plural, one {# guest} other {# guests}}',
  'Cancelled: {venue} – table for {guests, plural, one {# guest} other {# guests}}',
  'Reservation {reference}',
  '{experience}, {guests, plural, one {# guest} other {# guests}}',
  'Your payment of {amount} has been refunded – {reference}',
  'Your payment arrived after the 15-minute hold on your table had run out, so the table was released and the booking was not made.',
  'We have refunded the full {amount} to {method}. It may take a few days to appear on your statement.',
  'Reset your password',
  'We received a request to reset your password. Open this link within 30 minutes to choose a new one:',
  'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
  'Confirm your e-mail address',
  'Please confirm your e-mail address to finish creating your account. Open this link within 24 hours:',
  'You already have an account',
  'Your verification code is {code}. It expires in 10 minutes.',
  'We have received your message',
  CONTACT_THANKS,
  'The Aldrich Club Concierge',
  'Monthly statement',
  'Opening balance',
  'Date',
  'Total credits ({count})',
  'Closing balance',
  'Page {page} of {pages}',
];

beforeAll(() => {
  for (const locale of ['ja', 'ko', 'th', 'zh-Hant'] as const) {
    const i18n = translatorFor(locale);
    const standIns = Object.fromEntries(
      SOURCES.filter((id) => !Object.hasOwn(i18n.messages, id)).map((id) => [id, compileMessage(`[${locale}] ${id}`)]),
    );
    i18n.load(locale, standIns);
  }
});

/** An .ics file's content lines, unfolded (RFC 5545 §3.1). */
const icsLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe.each(testDrivers())('messages in the reader’s language on %s', (driver) => {
  let api: TestApi;
  let h: ReturnType<typeof paymentHelpers>;
  usePaymentTestApi(driver, (started, helpers) => {
    api = started;
    h = helpers;
  });

  const mailTo = (email: string) => h.mailTo(email);
  const userRow = async (id: string) => (await api.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

  /** Holds a Whisky Flight for two at Obe (HK$1,496 prepaid) with the caller's Accept-Language and body. */
  async function holdWhisky(user: TestUser, date: string, startTime: number, language: { header?: string; body?: Locale } = {}) {
    const res = await api.request('POST', '/user/reservation/v1.1', {
      token: user.token(),
      headers: language.header ? { 'accept-language': language.header } : {},
      body: {
        venueId: OBE,
        experienceId: await experienceIdByName(api.deps.db, OBE, 'Whisky Flight'),
        date,
        startTime,
        numberOfGuests: 2,
        ...(language.body ? { locale: language.body } : {}),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { _id: string; uniqueId: string };
  }

  /** Pays a hold by Visa (the webhook delivered) and completes it, the way an English-speaking client would. */
  async function payAndComplete(user: TestUser, id: string) {
    await h.payByCard(user, id);
    await h.deliver();
    const done = await h.complete(user, id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  }

  it('writes the confirmation, its invitation, the change and the cancellation in the language booked in (Accept-Language ja)', async () => {
    const user = await h.newUser();
    const hold = await holdWhisky(user, '2026-12-03', 1080, { header: 'ja,en;q=0.5' });
    expect((await h.reservationRow(hold._id)).locale).toBe('ja');
    // Booking in Japanese makes Japanese the account's language too.
    expect((await userRow(user.id)).locale).toBe('ja');
    await payAndComplete(user, hold._id);

    const [obe] = await api.deps.db.select().from(venues).where(eq(venues.id, OBE));
    const reference = hold.uniqueId;
    const visa = ja._('{brand} card ending {last4}', { brand: 'Visa', last4: '4242' });
    const booking = (startTime: number) => [
      ja._('Venue: {venue} ({description})', { venue: 'Obe', description: localizeText(ja, obe!.description) }),
      ja._('Address: {address}', { address: obe!.address }),
      ja._('Date: {date}', { date: formatDateFor('2026-12-03', 'ja', { weekday: true }) }),
      ja._('Time: {time}', { time: formatTimeFor(startTime, 'ja') }),
      ja._('Party: {guests, plural, one {# guest} other {# guests}}', { guests: 2 }),
      ja._('Experience: {experience}', { experience: localizeText(ja, 'Whisky Flight') }),
      ja._('Reference: {reference}', { reference }),
    ];
    const contact = ja._('To change or cancel, call {phone} or e-mail {email}.', { phone: obe!.reservationsPhone, email: obe!.reservationsEmail });

    const [confirmation] = await mailTo(user.email);
    expect(confirmation!.subject).toBe(ja._('Your reservation at {venue} is confirmed – {reference}', { venue: 'Obe', reference }));
    expect(confirmation!.body).toBe(
      [
        ja._('Dear {name},', { name: GUEST_DETAILS.firstName }),
        '',
        ja._('Your reservation is confirmed. We look forward to welcoming you.'),
        '',
        ...booking(1080),
        ja._('Prepayment paid: {amount} ({method})', { amount: formatHkdFor(149_600, 'ja'), method: visa }),
        '',
        // Obe's policy: free until 12 hours before (6:00 on the day), then HK$100 a head of what was paid.
        ja._(
          'Cancellation policy: you may cancel free of charge until {lateFrom} ({hours, plural, one {# hour} other {# hours}} before your reservation). After that, {fee} of what you paid is kept as a late cancellation fee.',
          { lateFrom: formatDateTimeFor('2026-12-02T22:00:00Z', 'ja'), hours: 12, fee: formatHkdFor(20_000, 'ja') },
        ),
        ja._(
          'No-show policy: if your party does not arrive, a fee of {perPerson} per person ({total} for your party) is charged; what you paid ahead counts towards it.',
          { perPerson: formatHkdFor(20_000, 'ja'), total: formatHkdFor(40_000, 'ja') },
        ),
        '',
        ja._('A calendar invitation is attached.'),
        contact,
        '',
        ja._('View, change or cancel your reservation, or add it to your calendar, without logging in: {link}', {
          link: manageLink(api.deps.config, await h.reservationRow(hold._id)),
        }),
      ].join('\n'),
    );
    // Year, month, day, and the 24-hour clock.
    expect(confirmation!.body).toMatch(/2026年12月3日/);
    expect(confirmation!.body).toContain('18:00');

    const ics = icsLines(Buffer.from(confirmation!.attachments[0]!.content, 'base64').toString('utf8'));
    expect(ics).toContain(`SUMMARY:${escapeText(ja._('{venue} – table for {guests, plural, one {# guest} other {# guests}}', { venue: 'Obe', guests: 2 }))}`);
    expect(ics).toContain(
      `DESCRIPTION:${escapeText(
        [
          ja._('Reservation {reference}', { reference }),
          ja._('{experience}, {guests, plural, one {# guest} other {# guests}}', { experience: localizeText(ja, 'Whisky Flight'), guests: 2 }),
          contact,
        ].join('\n'),
      )}`,
    );

    // A change asked for in English still writes in the language booked in.
    const moved = await api.request('PUT', `/user/reservation/v1.1/${hold._id}`, { token: user.token(), body: { startTime: 1110 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [change] = await mailTo(user.email);
    expect(change!.subject).toBe(ja._('Your reservation at {venue} has changed – {reference}', { venue: 'Obe', reference }));
    expect(change!.body).toContain(ja._('Your reservation has been changed. Here it is as it now stands:'));
    expect(change!.body).toContain(ja._('Time: {time}', { time: formatTimeFor(1110, 'ja') }));

    expect((await h.cancel(user, hold._id)).status).toBe(200);
    const [cancellation] = await mailTo(user.email);
    expect(cancellation!.subject).toBe(ja._('Your reservation at {venue} is cancelled – {reference}', { venue: 'Obe', reference }));
    expect(cancellation!.body).toContain(ja._('Your reservation has been cancelled.'));
    expect(cancellation!.body).toContain(ja._('Refund: {amount} to {method}', { amount: formatHkdFor(149_600, 'ja'), method: visa }));
    expect(cancellation!.body).toContain(ja._('The calendar invitation is withdrawn (attached).'));
    const withdrawn = icsLines(Buffer.from(cancellation!.attachments[0]!.content, 'base64').toString('utf8'));
    expect(withdrawn).toContain(
      `SUMMARY:${escapeText(ja._('Cancelled: {venue} – table for {guests, plural, one {# guest} other {# guests}}', { venue: 'Obe', guests: 2 }))}`,
    );
  });

  it('takes the body’s locale over Accept-Language, and keeps writing in it', async () => {
    const user = await h.newUser();
    const hold = await holdWhisky(user, '2026-12-04', 1080, { header: 'ja', body: 'zh-Hant' });
    expect((await h.reservationRow(hold._id)).locale).toBe('zh-Hant');
    await payAndComplete(user, hold._id);
    const [confirmation] = await mailTo(user.email);
    expect(confirmation!.subject).toBe(zhHant._('Your reservation at {venue} is confirmed – {reference}', { venue: 'Obe', reference: hold.uniqueId }));
    expect(confirmation!.body).toContain(zhHant._('Date: {date}', { date: formatDateFor('2026-12-04', 'zh-Hant', { weekday: true }) }));
    expect(confirmation!.body).toMatch(/2026年12月4日/);
  });

  it('tells a late payment’s refund in the language booked in', async () => {
    const user = await h.newUser();
    const hold = await holdWhisky(user, '2026-12-05', 1080, { header: 'ja' });
    const started = await h.startPayment(user, hold._id, 'CARD');
    const payment = started.body.data;
    api.clock.advanceMinutes(16);
    expect((await h.confirm(payment.intentId, card(payment.clientSecret))).status).toBe(200);
    await h.deliver();
    const [mail] = await mailTo(user.email);
    const amount = formatHkdFor(149_600, 'ja');
    expect(mail!.subject).toBe(ja._('Your payment of {amount} has been refunded – {reference}', { amount, reference: hold.uniqueId }));
    expect(mail!.body).toContain(
      ja._('Your payment arrived after the 15-minute hold on your table had run out, so the table was released and the booking was not made.'),
    );
    expect(mail!.body).toContain(
      ja._('We have refunded the full {amount} to {method}. It may take a few days to appear on your statement.', {
        amount,
        method: ja._('{brand} card ending {last4}', { brand: 'Visa', last4: '4242' }),
      }),
    );
  });

  it('mails a password reset in the user’s stored language, whatever the caller’s', async () => {
    const id = newId();
    const email = `${id}@example.com`;
    await api.deps.db.insert(users).values({ id, role: 'guest', email, passwordHash: 'x', firstName: 'Mei', lastName: 'Lin', locale: 'zh-Hant' });
    const res = await api.request('POST', '/user/user/initiate-password-reset', { body: { email }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe(zhHant._('Reset your password'));
    const link = /http:\/\/localhost:3000\/#\/pages\/reset-password\?token=[\w-]+/.exec(mail!.body)![0];
    expect(mail!.body).toBe(
      [
        zhHant._('Dear {name},', { name: 'Mei' }),
        zhHant._('We received a request to reset your password. Open this link within 30 minutes to choose a new one:'),
        link,
        zhHant._('If you did not ask for this, you can ignore this e-mail; your password stays as it is.'),
      ].join('\n\n'),
    );
  });

  it('keeps the sign-up’s language (the body’s, else Accept-Language) and writes the verification in it', async () => {
    const signUp = (email: string, headers: Record<string, string>, locale?: Locale) =>
      api.request('POST', '/user/user/sign-up', {
        headers,
        body: { firstName: 'Ji-woo', lastName: 'Park', email, password: 'a-long-password', ...(locale ? { locale } : {}) },
      });
    const byHeader = `${newId()}@example.com`;
    expect((await signUp(byHeader, { 'accept-language': 'ko-KR,ko;q=0.9' })).status).toBe(202);
    const [stored] = await api.deps.db.select().from(users).where(eq(users.email, byHeader));
    expect(stored!.locale).toBe('ko');
    const ko = translatorFor('ko');
    const [verify] = await mailTo(byHeader);
    expect(verify!.subject).toBe(ko._('Confirm your e-mail address'));
    expect(verify!.body).toContain(ko._('Please confirm your e-mail address to finish creating your account. Open this link within 24 hours:'));

    const byBody = `${newId()}@example.com`;
    expect((await signUp(byBody, { 'accept-language': 'ko' }, 'th')).status).toBe(202);
    expect((await api.deps.db.select().from(users).where(eq(users.email, byBody)))[0]!.locale).toBe('th');

    // Someone signing up again with the address gets nothing; its owner is told in the owner's language.
    expect((await signUp(byHeader, { 'accept-language': 'en' })).status).toBe(202);
    const [already] = await mailTo(byHeader);
    expect(already!.subject).toBe(ko._('You already have an account'));
  });

  it('texts the phone code in the caller’s language', async () => {
    const number = `9${String(Date.now()).slice(-7)}`;
    const res = await api.request('POST', '/public/guest/verify-phone-number', {
      body: { mobileCountryCode: '+852', mobileNumber: number },
      headers: { 'accept-language': 'th' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [sms] = await mailTo(`+852${number}`);
    const code = /\d{6}/.exec(sms!.body)![0];
    expect(sms!.body).toBe(translatorFor('th')._('Your verification code is {code}. It expires in 10 minutes.', { code }));
  });

  it('acknowledges a contact message in the form’s language', async () => {
    const email = `${newId()}@example.com`;
    const res = await api.request('POST', '/public/contact-form', {
      body: { name: 'Mei Lin', email, subject: 'Private dining', message: 'Twelve guests, next month?', locale: 'zh-Hant' },
    });
    expect(res.status).toBe(201);
    const [ack] = await mailTo(email);
    expect(ack!.subject).toBe(zhHant._('We have received your message'));
    expect(ack!.body).toContain(zhHant._('Dear {name},', { name: 'Mei Lin' }));
    expect(ack!.body).toContain(zhHant._(CONTACT_THANKS));
    expect(ack!.body).toContain(zhHant._('The Aldrich Club Concierge'));
  });

  describe('the statement PDF', () => {
    /**
     * A member with a top-up and a charge in November 2026. Their member ID has 'fl', which a font may draw
     * as one glyph for two characters (a ligature): the text layer must still read back right.
     */
    async function member() {
      const user = await h.newUser('member');
      await api.deps.db.update(users).set({ customId: `M-fl${user.id.slice(0, 5)}` }).where(eq(users.id, user.id));
      await loadWalletHistory(api.deps.db, [
        { id: newId(), userId: user.id, type: 'TOP_UP', amount: 500_000, description: 'Wallet top-up', createdAt: new Date('2026-11-02T04:00:00Z') },
        { id: newId(), userId: user.id, type: 'CHARGE', amount: -128_650, description: 'Bâtard – dinner bill', createdAt: new Date('2026-11-10T12:00:00Z') },
      ]);
      return user;
    }

    const download = async (user: TestUser, language: string) => {
      const res = await api.app.request('/guest/statement/2026-11/pdf', { headers: { authorization: `Bearer ${await user.token()}`, 'accept-language': language } });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };

    it.each([
      ['ja', 'NotoSansCJKjp-Regular', /2026年11月/],
      ['th', 'Loma', /พฤศจิกายน 2026/],
    ] as const)('is written in %s with its font embedded', async (locale, font, month) => {
      const user = await member();
      const pdf = await download(user, locale);
      const i18n = translatorFor(locale);
      // The PDF's text layer (what copy and search read) may map a Thai mark stacked over a tone mark to
      // the wrong mark (pdfkit keeps one character per glyph); the page itself draws them right. So Thai
      // is compared without its marks above, and with SARA AM in the two parts it is drawn in.
      const said = (words: string) => words.normalize('NFKD').replace(/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/g, '');
      const text = said(pdfText(pdf));
      const lines = text.split('\n');
      const expectLine = (words: string) => expect(lines).toContain(said(words));
      expectLine(i18n._('Monthly statement'));
      expectLine(formatMonthFor('2026-11', locale));
      expect(text).toContain(said(month.source));
      expectLine(i18n._('Opening balance').toUpperCase());
      expectLine(i18n._('Date').toUpperCase());
      expectLine(i18n._('Total credits ({count})', { count: 1 }));
      expectLine(i18n._('Closing balance'));
      expectLine(formatHkdFor(371_350, locale));
      expectLine(i18n._('Page {page} of {pages}', { page: 1, pages: 1 }));
      expectLine(formatDateFor('2026-11-10', locale));
      expect(text).toContain(`M-fl${user.id.slice(0, 5)}`);
      // The descriptions, as the statement reads them in that language.
      const statement = (await getStatement(api.deps.db, user.id, '2026-11', api.clock.now(), i18n))!;
      for (const entry of statement.entries) expectLine(entry.description);
      expect(embedsFont(pdf, font)).toBe(true);
      expect(pdfFontNames(pdf)).not.toContain('Helvetica');
    });

    it('stays in English with the built-in fonts for an English reader', async () => {
      const pdf = await download(await member(), 'en');
      expect(pdfText(pdf).split('\n')).toContain('November 2026');
      expect(pdfFontNames(pdf)).toContain('Helvetica');
      expect(pdfFontNames(pdf).some((name) => name.startsWith('NotoSansCJK'))).toBe(false);
    });

    it('draws a name in another script with that script’s font', async () => {
      const user = await member();
      await api.deps.db.update(users).set({ firstName: '大文', lastName: '陳' }).where(eq(users.id, user.id));
      await loadWalletHistory(api.deps.db, { id: newId(), userId: user.id, type: 'CHARGE', amount: -10_000, description: 'ค่าเครื่องดื่ม', createdAt: new Date('2026-11-11T12:00:00Z') });
      const pdf = await download(user, 'en');
      const lines = pdfText(pdf).split('\n');
      expect(lines).toContain('大文 陳');
      expect(lines).toContain('ค่าเครื่องดื่ม');
      expect(lines).toContain('Monthly statement');
      expect(embedsFont(pdf, 'NotoSansCJKtc-Bold')).toBe(true);
      expect(embedsFont(pdf, 'Loma')).toBe(true);
      expect(pdfFontNames(pdf)).toContain('Helvetica');
    });

    it('falls back to English, with one warning, when a language’s fonts are missing', async () => {
      const user = await member();
      const statement = (await getStatement(api.deps.db, user.id, '2026-11', api.clock.now(), translatorFor('en')))!;
      const missing = `/nonexistent/${newId()}.ttc`;
      const fonts: StatementFonts = { ko: { regular: { file: missing, face: 'NotoSansCJKkr-Regular' }, bold: { file: missing, face: 'NotoSansCJKkr-Bold' } } };
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const render = () => renderStatementPdf({ statement, member: { name: 'Ji-woo Park', memberId: 'M-1' }, generatedAt: api.clock.now(), locale: 'ko', fonts });
        const [first, second] = [await render(), await render()];
        for (const pdf of [first, second]) {
          const lines = pdfText(pdf).split('\n');
          expect(lines).toContain('Monthly statement');
          expect(lines).toContain('November 2026');
          expect(pdfFontNames(pdf)).toContain('Helvetica');
        }
        expect(warn).toHaveBeenCalledTimes(1);
        expect(String(warn.mock.calls[0]![0])).toContain(missing);
      } finally {
        warn.mockRestore();
      }
    });
  });
});
