// @vitest-environment jsdom
/**
 * The policy texts (src/booking/policy-texts.ts), which the booking's policy step and the admin's preview
 * both show, name the fee tier of the party's size and the largest party in every language, from the
 * flows' catalog (the staff console's has them too), never as an id or in English outside English.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { formatHkdFor } from '../../../common/money';
import { LOCALES } from '../../../common/locales';
import { policyTexts } from '../../../src/booking/policy-texts';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { loadFlowCatalog } from '../../../src/i18n/flow-catalog';
import { loadStaffCatalog } from '../../../src/staff/staff-catalog';

const POLICY = {
  cancellationWindowHours: 48,
  cancellationFee: { type: 'PER_PERSON' as const, amount: 20_000 },
  feesByPartySize: [
    { minGuestCount: 1, amount: 20_000 },
    { minGuestCount: 4, amount: 35_000 },
  ],
  noShowFeePerPerson: 30_000,
  minimumSpend: null,
  maximumPartySize: 8,
};

/**
 * The cancellation and reservation texts of a party of five in each language, word for word: the tier's fee
 * (HK$350 from 4 guests) and the largest party (8) in their place, as the catalogs translate them.
 */
const TRANSLATED: Record<string, [cancellation: string, reservation: string]> = {
  'ja': [
    "キャンセルポリシー：ご予約時刻の48時間以内のキャンセルには、お一人様HK$200を申し受けます。 4名様以上のご予約の場合は、お一人様HK$350となります。",
    "ご予約の規定：お席はご予約時刻から15分間確保いたします。8名様を超えるご予約は、予約係までお問い合わせください。",
  ],
  'ko': [
    "취소 규정: 예약 시간 48시간 이내에 취소하시는 경우 1인당 HK$200의 수수료가 부과됩니다. 4명 이상 단체의 경우 수수료는 1인당 HK$350입니다.",
    "예약 규정: 테이블은 예약 시간으로부터 15분간 유지됩니다. 8명을 초과하는 단체는 예약팀으로 문의해 주십시오.",
  ],
  'th': [
    "นโยบายการยกเลิก: การยกเลิกภายใน 48 ชั่วโมงก่อนเวลาที่จอง จะมีค่าธรรมเนียม HK$200 ต่อท่าน สำหรับกลุ่มตั้งแต่ 4 ท่านขึ้นไป ค่าธรรมเนียมคือ HK$350 ต่อท่าน",
    "นโยบายการจอง: เราจะสำรองโต๊ะไว้ให้ 15 นาทีนับจากเวลาที่จอง สำหรับกลุ่มที่มากกว่า 8 ท่าน กรุณาติดต่อฝ่ายสำรองที่นั่งของเรา",
  ],
  'zh-Hans': [
    "取消政策：如于预订时间前48小时内取消，将收取每位HK$200。 4位或以上宾客，每位收费HK$350。",
    "预订政策：餐位将在预订时间后为您保留15分钟。如超过8位宾客，请联系我们的预订团队。",
  ],
  'zh-Hant': [
    "取消政策：於訂座時間前48小時內取消，將收取每位HK$200。 4位或以上的訂座，每位收費HK$350。",
    "訂座政策：餐桌將於訂座時間後保留15分鐘。如人數多於8位，敬請聯絡我們的訂座團隊。",
  ],
};

const textsFor = (numberOfGuests: number) =>
  policyTexts(i18n, (minor) => formatHkdFor(minor, i18n.locale), POLICY, { numberOfGuests, paidUpFront: true });

describe('the policy texts', () => {
  afterAll(() => activateLocale('en'));

  it('name the tier a party falls in, and none for a party below the first larger tier', async () => {
    await activateLocale('en');
    await loadFlowCatalog();
    expect(textsFor(5)[0]!.text).toBe(
      `Cancellation policy: cancellations within 48 hours of the reservation are charged ${formatHkdFor(20_000, 'en')} per person. For parties of 4 or more, the fee is ${formatHkdFor(35_000, 'en')} per person.`,
    );
    expect(textsFor(3)[0]!.text).not.toContain('For parties of');
    expect(textsFor(3).at(-1)!.text).toContain('For parties of more than 8 guests');
  });

  const catalogs = { 'the booking’s': loadFlowCatalog, 'the staff console’s': loadStaffCatalog };
  it.each(LOCALES.filter((l) => l !== 'en').flatMap((locale) => Object.keys(catalogs).map((catalog) => [locale, catalog] as const)))(
    'are translated in %s by %s catalog, with the tier’s amount and the largest party',
    async (locale, catalog) => {
      await activateLocale(locale);
      await catalogs[catalog as keyof typeof catalogs]();
      const [cancellation, , reservation] = textsFor(5);
      expect([cancellation!.text, reservation!.text]).toEqual(TRANSLATED[locale]);
    },
  );
});
