/**
 * The card form's problem texts, apart from the checks: pages that only translate them (message-text.ts)
 * then do not load the date library the expiry check needs.
 */
/** Texts of the card form's problems, Stripe's where it has one. */
export const CARD_MESSAGES = {
  nameMissing: /*i18n*/ 'Please enter the cardholder name',
  numberIncomplete: /*i18n*/ 'Your card number is incomplete.',
  numberInvalid: /*i18n*/ 'Your card number is invalid.',
  monthInvalid: /*i18n*/ "Your card's expiration month is invalid.",
  yearInvalid: /*i18n*/ "Your card's expiration year is invalid.",
  yearPast: /*i18n*/ "Your card's expiration year is in the past.",
  datePast: /*i18n*/ "Your card's expiration date is in the past.",
  cvcIncomplete: /*i18n*/ "Your card's security code is incomplete.",
  cvcInvalid: /*i18n*/ "Your card's security code is invalid.",
} as const;
