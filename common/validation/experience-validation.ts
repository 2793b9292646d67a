/**
 * Valibot schema of an experience as the admin sets it up (docs/decisions/0023-experience-policy.md): its
 * texts per language (English required, the other five falling back to it), length, party sizes, days and
 * services, members-only, payment policy (docs/PRODUCT.md §9's encodings), its own cancellation and no-show
 * policy or the venue's, and its own booking windows or the venue's. Shared by the set-up page and the
 * server: the same words on both sides. Rules that need the stored set-up (a service's name) are the server's
 * (409 20141).
 */
import * as v from 'valibot';
import { wholeNumberIn } from './whole-number';
import { TRANSLATED_LOCALES } from './venue-setup-validation';

export { TRANSLATED_LOCALES };

export const EXPERIENCE_TEXT_FIELDS = ['name', 'description'] as const;
export const PRE_PAYMENT_TYPES = ['NONE', 'DEPOSIT', 'PREPAYMENT', 'GUARANTEE'] as const;
export const CANCELLATION_FEE_TYPES = ['PER_PERSON', 'PERCENTAGE'] as const;
export const MINIMUM_SPEND_TYPES = ['PER_PERSON', 'TOTAL'] as const;
/** The most an amount may be: HK$100,000 in cents. */
export const MAX_AMOUNT = 10_000_000;

export const EXPERIENCE_MESSAGES = {
  nameRequired: /*i18n*/ 'Write the name in English (at most 80 characters): the other languages fall back to it',
  descriptionRequired: /*i18n*/ 'Write the description in English (at most 500 characters): the other languages fall back to it',
  tooLong: /*i18n*/ 'This text is too long',
  durationInvalid: /*i18n*/ 'An experience lasts from 15 to 600 minutes',
  guestsInvalid: /*i18n*/ 'Enter a number of guests from 1 to 40',
  guestsOrder: /*i18n*/ 'The most guests must be at least the fewest',
  daysRequired: /*i18n*/ 'Choose at least one day of the week',
  servicesRequired: /*i18n*/ 'Choose at least one service',
  paymentInvalid: /*i18n*/ 'Choose no payment, a deposit, a prepayment or a card guarantee',
  amountInvalid: /*i18n*/ 'Enter an amount from HK$0 to HK$100,000',
  serviceChargeInvalid: /*i18n*/ 'Enter a service charge from 0 to 100 per cent',
  taxInvalid: /*i18n*/ 'Enter a tax from 0 to 100 per cent',
  priceRequired: /*i18n*/ 'A prepayment needs a price per person above HK$0',
  guaranteeFeeRequired: /*i18n*/ 'A card guarantee needs its own policy with a no-show fee above HK$0: the fee the card is charged',
  tiersRequired: /*i18n*/ 'A deposit needs a tier that starts at or below the fewest guests',
  tiersInvalid: /*i18n*/ 'Give each deposit tier a different smallest party, at most 10 tiers',
  feeTiersOrder: /*i18n*/ 'List the fees by party size from the smallest party up, each from more guests than the one before, at most 10',
  feeTierOverLargest: /*i18n*/ 'A fee by party size cannot start above the largest party',
  windowHoursInvalid: /*i18n*/ 'Enter a cancellation window from 0 to 720 hours',
  feeTypeInvalid: /*i18n*/ 'Choose a fee per person or a percentage',
  percentInvalid: /*i18n*/ 'A percentage is from 0 to 100',
  minimumSpendInvalid: /*i18n*/ 'Choose a minimum spend per person or for the table',
  bookingDaysInvalid: /*i18n*/ 'Enter a number of days from 1 to 366, or leave it empty for the venue’s',
  memberDaysShorter: /*i18n*/ 'Members may never book fewer days ahead than guests',
  versionInvalid: /*i18n*/ 'The version read is missing: reload the page',
} as const;

const amount = wholeNumberIn(0, MAX_AMOUNT, EXPERIENCE_MESSAGES.amountInvalid);
const guests = wholeNumberIn(1, 40, EXPERIENCE_MESSAGES.guestsInvalid);
const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, EXPERIENCE_MESSAGES.tooLong))), null),
    // An empty field is a missing translation, shown in English.
    v.transform((s) => (s ? s : null)),
  );
const translated = v.optional(v.object({ name: optionalText(80), description: optionalText(500) }), {});

/** The cancellation, no-show and minimum-spend values the policy texts are written from (VenuePolicy). */
export const policySchema = v.pipe(
  v.object({
    cancellationWindowHours: wholeNumberIn(0, 720, EXPERIENCE_MESSAGES.windowHoursInvalid),
    cancellationFee: v.object({ type: v.picklist(CANCELLATION_FEE_TYPES, EXPERIENCE_MESSAGES.feeTypeInvalid), amount }),
    feesByPartySize: v.pipe(v.array(v.object({ minGuestCount: guests, amount })), v.maxLength(10, EXPERIENCE_MESSAGES.feeTiersOrder)),
    noShowFeePerPerson: amount,
    minimumSpend: v.nullable(v.object({ type: v.picklist(MINIMUM_SPEND_TYPES, EXPERIENCE_MESSAGES.minimumSpendInvalid), amount })),
    maximumPartySize: guests,
  }),
  v.forward(
    v.check((p) => p.cancellationFee.type !== 'PERCENTAGE' || p.cancellationFee.amount <= 100, EXPERIENCE_MESSAGES.percentInvalid),
    ['cancellationFee', 'amount'],
  ),
  // The texts name the tier with the largest smallest party that fits: tiers in order read as the admin wrote them.
  v.forward(
    v.check((p) => p.feesByPartySize.every((t, i, all) => i === 0 || t.minGuestCount > all[i - 1]!.minGuestCount), EXPERIENCE_MESSAGES.feeTiersOrder),
    ['feesByPartySize'],
  ),
  v.forward(
    v.check((p) => p.feesByPartySize.every((t) => t.minGuestCount <= p.maximumPartySize), EXPERIENCE_MESSAGES.feeTierOverLargest),
    ['feesByPartySize'],
  ),
);

const bookingDays = v.nullable(wholeNumberIn(1, 366, EXPERIENCE_MESSAGES.bookingDaysInvalid));

const experienceEntries = {
  texts: v.object({
    en: v.object({
      name: v.pipe(v.string(EXPERIENCE_MESSAGES.nameRequired), v.trim(), v.nonEmpty(EXPERIENCE_MESSAGES.nameRequired), v.maxLength(80, EXPERIENCE_MESSAGES.nameRequired)),
      description: v.pipe(v.string(EXPERIENCE_MESSAGES.descriptionRequired), v.trim(), v.nonEmpty(EXPERIENCE_MESSAGES.descriptionRequired), v.maxLength(500, EXPERIENCE_MESSAGES.descriptionRequired)),
    }),
    ja: translated,
    ko: translated,
    th: translated,
    'zh-Hans': translated,
    'zh-Hant': translated,
  }),
  durationMinutes: wholeNumberIn(15, 600, EXPERIENCE_MESSAGES.durationInvalid),
  minGuests: guests,
  maxGuests: guests,
  daysOfWeek: v.pipe(v.array(wholeNumberIn(1, 7, EXPERIENCE_MESSAGES.daysRequired)), v.minLength(1, EXPERIENCE_MESSAGES.daysRequired), v.maxLength(7, EXPERIENCE_MESSAGES.daysRequired)),
  periodNames: v.pipe(
    v.array(v.pipe(v.string(EXPERIENCE_MESSAGES.servicesRequired), v.trim(), v.nonEmpty(EXPERIENCE_MESSAGES.servicesRequired), v.maxLength(40, EXPERIENCE_MESSAGES.servicesRequired))),
    v.minLength(1, EXPERIENCE_MESSAGES.servicesRequired),
    v.maxLength(20, EXPERIENCE_MESSAGES.servicesRequired),
  ),
  membersOnly: v.boolean(),
  active: v.boolean(),
  prePaymentType: v.picklist(PRE_PAYMENT_TYPES, EXPERIENCE_MESSAGES.paymentInvalid),
  /** Prepayment: the price per person. */
  priceAmount: amount,
  /** docs/PRODUCT.md §9: divided by 1000 (100 is 10 %). */
  serviceChargePercentage: wholeNumberIn(0, 1000, EXPERIENCE_MESSAGES.serviceChargeInvalid),
  /** docs/PRODUCT.md §9: divided by 100000. */
  taxPercentage: wholeNumberIn(0, 100_000, EXPERIENCE_MESSAGES.taxInvalid),
  /** Deposit: per person, by the largest tier's smallest party that fits. */
  depositPolicy: v.pipe(v.array(v.object({ minGuestCount: guests, price: v.object({ amount }) })), v.maxLength(10, EXPERIENCE_MESSAGES.tiersInvalid)),
  /** Its own policy; null: the venue's. */
  policy: v.nullable(policySchema),
  guestBookingDays: bookingDays,
  memberBookingDays: bookingDays,
};

type Entries = v.InferOutput<v.ObjectSchema<typeof experienceEntries, undefined>>;

/** A rule between fields, reported on the field the admin should change (typed once for both schemas). */
const rule = <T extends Entries>(ok: (e: T) => boolean, message: string, field: keyof Entries) =>
  v.forward(v.check<T, string>(ok, message), [field] as never);

/** The rules between fields, each reported on the field the admin should change. */
const crossChecks = <T extends Entries>() =>
  [
    rule<T>((e) => e.minGuests <= e.maxGuests, EXPERIENCE_MESSAGES.guestsOrder, 'maxGuests'),
    rule<T>((e) => e.prePaymentType !== 'PREPAYMENT' || e.priceAmount > 0, EXPERIENCE_MESSAGES.priceRequired, 'priceAmount'),
    // The guest is told the fee before saving the card, so it is the experience's own, never a venue's that may change.
    rule<T>((e) => e.prePaymentType !== 'GUARANTEE' || (e.policy?.noShowFeePerPerson ?? 0) > 0, EXPERIENCE_MESSAGES.guaranteeFeeRequired, 'policy'),
    rule<T>((e) => e.prePaymentType !== 'DEPOSIT' || e.depositPolicy.some((t) => t.minGuestCount <= e.minGuests), EXPERIENCE_MESSAGES.tiersRequired, 'depositPolicy'),
    rule<T>((e) => new Set(e.depositPolicy.map((t) => t.minGuestCount)).size === e.depositPolicy.length, EXPERIENCE_MESSAGES.tiersInvalid, 'depositPolicy'),
    rule<T>(
      (e) => e.guestBookingDays === null || e.memberBookingDays === null || e.memberBookingDays >= e.guestBookingDays,
      EXPERIENCE_MESSAGES.memberDaysShorter,
      'memberBookingDays',
    ),
  ] as const;

/** A new experience, as the set-up page's form sends it and `createExperience` takes it. */
export const experienceSchema = v.pipe(v.object(experienceEntries), ...crossChecks<Entries>());
export type ExperienceInput = v.InferOutput<typeof experienceSchema>;

/** A change of an experience: its values and the version they started from. */
export const experienceChangeSchema = v.pipe(
  v.object({ ...experienceEntries, version: wholeNumberIn(0, 1_000_000_000, EXPERIENCE_MESSAGES.versionInvalid) }),
  ...crossChecks<Entries & { version: number }>(),
);
export type ExperienceChangeInput = v.InferOutput<typeof experienceChangeSchema>;
