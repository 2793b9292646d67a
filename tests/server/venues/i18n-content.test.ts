/**
 * The venues' content in the caller's language. The database keeps the English of the seed and
 * of what the server writes; answers give `translatorFor(locale)._(english)` for names and descriptions
 * with Accept-Language ja or zh-Hant (the English itself until the catalogs are translated, the
 * translation after), and the English without the header. Entry descriptions the server composes
 * ('Obe – prepayment OBE-…') are rendered from their stored message and values.
 */
import { readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoAddressTexts } from '../../../server/db/demo/demo-venue-addresses';
import { DEMO_ACCOUNTS } from '../../../server/db/seed';
import { cardEntries, walletEntries } from '../../../server/db/schema';
import { localizeText, localizeVenue } from '../../../server/routes/localisation/content';
import { localizeDescription } from '../../../server/services/wallet/entry-description';
import { translatorFor } from '../../../server/i18n/translator';
import { hongKongMonth } from '../../../server/services/wallet/wallet';
import type { LoadedVenue } from '../../../server/services/venues/venue-info';
import { VENUES } from '../../../common/venues';
import { LECLOS, experienceIdByName, seatingAreaIdByName } from '../../support/server/fixtures';
import { TEST_NOW, testDrivers, type TestApi } from '../../support/server/harness';
import { paymentHelpers, usePaymentTestApi } from '../../support/server/payment-helpers';

const LANGUAGES = ['ja', 'zh-Hant'] as const;
type Language = (typeof LANGUAGES)[number];

/** What the answer must say in `locale` for an English text (and ICU values, for composed ones). */
const t = (locale: Language, english: string, values?: Record<string, unknown>) => translatorFor(locale)._(english, values);

interface Named {
  name: string;
  description?: string;
}
const named = <T extends Named>(locale: Language, item: T): T => ({
  ...item,
  name: t(locale, item.name),
  ...(item.description === undefined ? {} : { description: t(locale, item.description) }),
});

/** A Tuesday two weeks ahead: Le Clos serves lunch and supper. */
const TUESDAY = '2026-12-08';

describe.each(testDrivers())('content in the caller language on %s', (driver) => {
  let api: TestApi;
  let h: ReturnType<typeof paymentHelpers>;

  usePaymentTestApi(driver, (started, helpers) => {
    api = started;
    h = helpers;
  });

  const get = async (path: string, options: { token?: string | Promise<string>; locale?: Language } = {}) => {
    const res = await api.request('GET', path, { token: options.token, headers: options.locale ? { 'accept-language': options.locale } : {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('answers a venue by domain with its description, menus, hours, experiences and areas in the language', async () => {
    for (const { domain } of VENUES) {
      const english = await get(`/public/venue/by-domain/${domain}`);
      for (const locale of LANGUAGES) {
        const data = await get(`/public/venue/by-domain/${domain}`, { locale });
        expect(data).toEqual({
          ...english,
          desc: t(locale, english.desc),
          // The seeded introduction in the server catalog's translation (none written per language yet).
          introduction: t(locale, english.introduction),
          pdfMenu: english.pdfMenu.map(({ en }: { en: Named }) => ({ en: named(locale, en) })),
          openingHours: expect.any(Array),
          experiences: english.experiences.map((e: Named) => named(locale, e)),
          seatingAreas: english.seatingAreas.map((a: Named) => named(locale, a)),
          address: expect.any(String),
        });
        expect(data.openingHours.map((p: Named) => p.name)).toEqual(english.openingHours.map((p: Named) => t(locale, p.name)));
        // The venue's name is kept in every language; its address is the one seeded for Chinese and Japanese readers, else the English.
        const own: Partial<Record<string, { address: string }>> = demoAddressTexts(domain);
        expect([data.title, data.address]).toEqual([english.title, own[locale]?.address ?? english.address]);
      }
    }
  });

  it("writes opening hours' days and times the language's way, and keeps the contract's English without the header", async () => {
    const hours = async (locale?: Language) =>
      Object.fromEntries(
        (await get('/public/venue/by-domain/leclos', { locale })).openingHours.map((p: { name: string; hours: unknown }) => [p.name, p.hours]),
      );
    expect(await hours()).toMatchObject({
      Breakfast: [{ name: 'Mon – Fri', times: '8:00 am – 11:00 am' }],
      Lunch: [{ name: 'Daily', times: '11:00 am – 5:00 pm' }],
      Supper: [{ name: 'Tue – Sat', times: '10:00 pm – 1:00 am' }],
    });
    const ja = await hours('ja');
    expect(ja[t('ja', 'Breakfast')]).toEqual([{ name: '月 – 金', times: '8:00 – 11:00' }]);
    expect(ja[t('ja', 'Lunch')]).toEqual([{ name: t('ja', 'Daily'), times: '11:00 – 17:00' }]);
    expect(ja[t('ja', 'Supper')]).toEqual([{ name: '火 – 土', times: '22:00 – 1:00' }]);
    const zh = await hours('zh-Hant');
    expect(zh[t('zh-Hant', 'Breakfast')]).toEqual([{ name: '週一 – 週五', times: expect.stringMatching(/^0?8:00 – 11:00$/) }]);
    expect(zh[t('zh-Hant', 'Lunch')]).toEqual([{ name: t('zh-Hant', 'Daily'), times: '11:00 – 17:00' }]);
  });

  it('answers availability with the service periods and seating areas in the language', async () => {
    const user = await h.newUser('guest');
    const experienceId = await experienceIdByName(api.deps.db, LECLOS, 'À la Carte');
    const path = `/user/reservation/v1.1/timeslot-availability/${LECLOS}/${TUESDAY}?numberOfGuests=2&experienceId=${experienceId}`;
    const english = await get(path, { token: user.token() });
    expect(english.timeslots.length).toBeGreaterThan(0);
    expect(new Set(english.timeslots.map((s: { titleStr: string }) => s.titleStr))).toEqual(new Set(['Breakfast', 'Lunch', 'Dinner', 'Supper']));
    for (const locale of LANGUAGES) {
      expect(await get(path, { token: user.token(), locale })).toEqual({
        ...english,
        seatingAreas: english.seatingAreas.map((a: Named) => named(locale, a)),
        timeslots: english.timeslots.map((slot: { titleStr: string }) => ({ ...slot, titleStr: t(locale, slot.titleStr) })),
      });
    }
  });

  it("answers a reservation with its experience's and seating area's names in the language, on every call", async () => {
    const user = await h.newUser('guest');
    const body = {
      venueId: LECLOS,
      experienceId: await experienceIdByName(api.deps.db, LECLOS, 'À la Carte'),
      seatingAreaId: await seatingAreaIdByName(api.deps.db, LECLOS, 'Garden Terrace'),
      date: TUESDAY,
      startTime: 720,
      numberOfGuests: 2,
    };
    const created = await api.request('POST', '/user/reservation/v1.1', { token: user.token(), body, headers: { 'accept-language': 'ja' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const names = (r: { experience: { name: string }; seatingArea: { name: string } | null }) => [r.experience.name, r.seatingArea?.name];
    expect(names(created.body.data)).toEqual([t('ja', 'À la Carte'), t('ja', 'Garden Terrace')]);
    const id = created.body.data._id;

    // Without the header: the stored English, as before.
    expect(names(await get(`/user/reservation/${id}`, { token: user.token() }))).toEqual(['À la Carte', 'Garden Terrace']);
    for (const locale of LANGUAGES) {
      const english = await get(`/user/reservation/${id}`, { token: user.token() });
      expect(await get(`/user/reservation/${id}`, { token: user.token(), locale })).toEqual({
        ...english,
        experience: named(locale, english.experience),
        seatingArea: named(locale, english.seatingArea),
      });
      const [listed] = await get('/user/reservation', { token: user.token(), locale });
      expect(names(listed)).toEqual([t(locale, 'À la Carte'), t(locale, 'Garden Terrace')]);
    }
    const completed = await h.complete(user, id);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const changed = await api.request('PUT', `/user/reservation/v1.1/${id}`, { token: user.token(), body: { numberOfGuests: 3 }, headers: { 'accept-language': 'zh-Hant' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(names(changed.body.data)).toEqual([t('zh-Hant', 'À la Carte'), t('zh-Hant', 'Garden Terrace')]);
    const cancelled = await api.request('PUT', `/user/reservation/v1.1/cancel/${id}`, { token: user.token(), headers: { 'accept-language': 'ja' } });
    expect(names(cancelled.body.data)).toEqual([t('ja', 'À la Carte'), t('ja', 'Garden Terrace')]);
  });

  it('renders the descriptions the server composed, of card payments and refunds, in the language', async () => {
    const guest = await h.newUser('guest');
    const booked = await h.bookPaidByCard(guest);
    api.clock.advanceMinutes(5);
    expect((await h.cancel(guest, booked.id)).body.data.status).toBe('CANCELED');
    const { uniqueId } = await get(`/user/reservation/${booked.id}`, { token: guest.token() });
    const values = { venue: 'Obe', reference: uniqueId };

    const english = await get('/user/transaction-history', { token: guest.token() });
    expect(english.items.map((i: { description: string }) => i.description)).toEqual([
      `Obe – refund of prepayment ${uniqueId}`,
      `Obe – prepayment ${uniqueId}`,
    ]);
    for (const locale of LANGUAGES) {
      const items = (await get('/user/transaction-history', { token: guest.token(), locale })).items;
      expect(items.map((i: { description: string }) => i.description)).toEqual([
        t(locale, '{venue} – refund of prepayment {reference}', values),
        t(locale, '{venue} – prepayment {reference}', values),
      ]);
      expect(await get(`/user/transaction-history/${items[1]._id}`, { token: guest.token(), locale })).toEqual(items[1]);
    }
  });

  it("gives a member's wallet, statement and history entries in the language: composed ones from their message, plain ones as the catalog has them", async () => {
    const member = await h.newUser('member', 500_000);
    const hold = await h.holdWhiskyFlight(member);
    expect((await h.startPayment(member, hold.id, 'WALLET')).status).toBe(201);
    expect((await h.complete(member, hold.id)).status).toBe(200);
    const { uniqueId } = await get(`/user/reservation/${hold.id}`, { token: member.token() });

    const wallet = await get('/user/wallet', { token: member.token() });
    // 'Opening credit' was typed by hand (a staff entry): no catalog has it, so it shows as written.
    expect(wallet.entries.map((e: { description: string }) => e.description)).toEqual([`Obe – prepayment ${uniqueId}`, 'Opening credit']);
    for (const locale of LANGUAGES) {
      const entries = (await get('/user/wallet', { token: member.token(), locale })).entries;
      expect(entries.map((e: { description: string }) => e.description)).toEqual([
        t(locale, '{venue} – prepayment {reference}', { venue: 'Obe', reference: uniqueId }),
        'Opening credit',
      ]);
      // One entry alone is the list's entry but for the running balance, which only the list has.
      const { balanceAfter: _balance, ...entry } = entries[0];
      expect(await get(`/user/wallet/entries/${entries[0]._id}`, { token: member.token(), locale })).toEqual(entry);
    }

    // The demo member's seeded history: plain texts marked in seed.ts.
    const token = await api.login(DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
    const month = hongKongMonth(new Date(TEST_NOW.getTime() - 12 * 86_400_000));
    const englishStatement = await get(`/guest/statement/${month}`, { token });
    const englishHistory = await get('/user/transaction-history', { token });
    expect(englishHistory.items.map((i: { description: string }) => i.description)).toContain('Bâtard – dinner bill');
    for (const locale of LANGUAGES) {
      const statement = await get(`/guest/statement/${month}`, { token, locale });
      expect(statement).toEqual({
        ...englishStatement,
        entries: englishStatement.entries.map((e: { description: string }) => ({ ...e, description: t(locale, e.description) })),
      });
      const history = await get('/user/transaction-history', { token, locale });
      expect(history.items.map((i: { description: string }) => i.description)).toEqual(
        englishHistory.items.map((i: { description: string }) => t(locale, i.description)),
      );
    }
  });

  it('has migration 0005 give entries written before it the message the app now stores', async () => {
    const guest = await h.newUser('guest');
    const member = await h.newUser('member', 500_000);
    const paid = await h.bookPaidByCard(guest);
    await h.cancel(guest, paid.id);
    const hold = await h.holdWhiskyFlight(member);
    await h.startPayment(member, hold.id, 'WALLET');
    await h.complete(member, hold.id);
    await h.cancel(member, hold.id);

    const messages = async () => [
      ...(await api.deps.db.select().from(walletEntries).where(eq(walletEntries.userId, member.id))),
      ...(await api.deps.db.select().from(cardEntries).where(eq(cardEntries.userId, guest.id))),
    ].map(({ id, description, descriptionMessage }) => ({ id, description, descriptionMessage }));
    const written = await messages();
    // The card's payment and refund, the wallet's payment and refund, and the hand-typed opening credit.
    expect(written.filter((e) => e.descriptionMessage)).toHaveLength(4);
    expect(written.find((e) => e.description === 'Opening credit')!.descriptionMessage).toBeNull();

    // As the rows were before the migration: English only.
    await api.deps.db.update(walletEntries).set({ descriptionMessage: null }).where(eq(walletEntries.userId, member.id));
    await api.deps.db.update(cardEntries).set({ descriptionMessage: null }).where(eq(cardEntries.userId, guest.id));
    const migration = readFileSync(new URL('../../../server/db/migrations/0001-0020/0005_description_messages.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.indexOf('UPDATE wallet_entries'), migration.indexOf('-- The history as before'));
    for (const statement of backfill.split(';').filter((s) => s.trim())) await api.deps.db.execute(sql.raw(statement));
    expect(await messages()).toEqual(written);
  });
});

describe('content helpers with a translated catalog', () => {
  // A catalog as the translators will fill it, so the tests above are not only English against English.
  const i18n = setupI18n({
    locale: 'ja',
    messages: {
      ja: Object.fromEntries(
        Object.entries({
          Lunch: '昼食',
          Daily: '毎日',
          'Garden Terrace': 'ガーデンテラス',
          '{venue} – deposit {reference}': '{venue} – 予約金 {reference}',
        }).map(([id, text]) => [id, compileMessage(text)]),
      ),
    },
  });

  it('translates a text the catalog has and shows any other as written, braces and all', () => {
    expect(localizeText(i18n, 'Lunch')).toBe('昼食');
    expect(localizeText(i18n, 'Chef’s {special} table')).toBe('Chef’s {special} table');
    expect(localizeText(i18n, "Members' Supper Club")).toBe("Members' Supper Club");
  });

  it('renders a composed description from its message, and a plain one from the catalog', () => {
    const message = { id: '{venue} – deposit {reference}', values: { venue: 'Bâtard', reference: 'BAT-22QX4M' } };
    expect(localizeDescription(i18n, { description: 'Bâtard – deposit BAT-22QX4M', descriptionMessage: message })).toBe('Bâtard – 予約金 BAT-22QX4M');
    expect(localizeDescription(i18n, { description: 'Lunch', descriptionMessage: null })).toBe('昼食');
    expect(localizeDescription(i18n, { description: 'Opening {credit}', descriptionMessage: null })).toBe('Opening {credit}');
  });

  it('translates a venue: period names, days and times, areas', () => {
    const venue: LoadedVenue = {
      info: {
        _id: 'v',
        domain: 'x',
        title: 'Le Clos',
        desc: 'All-day Dining',
        address: 'G/F',
        maximum: 10,
        onlineMinGuests: 1,
        onlineMaxGuests: 10,
        requiresPhoneVerification: false,
        reservationsPhone: '',
        reservationsEmail: '',
        policy: {} as never,
        pdfMenu: [],
        openingHours: [],
        experiences: [],
        seatingAreas: [{ _id: 'a', name: 'Garden Terrace', description: 'Typed by staff' }],
      },
      periods: [{ name: 'Lunch', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startMinute: 720, endMinute: 930 }],
    };
    const localized = localizeVenue(i18n, venue);
    expect(localized.openingHours).toEqual([{ name: '昼食', hours: [{ name: '毎日', times: '12:00 – 15:30' }] }]);
    expect(localized.seatingAreas).toEqual([{ _id: 'a', name: 'ガーデンテラス', description: 'Typed by staff' }]);
    expect(localized.desc).toBe('All-day Dining');
  });
});
