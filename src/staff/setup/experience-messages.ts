/**
 * The experience form's valibot messages (common/validation/experience-validation.ts) as the staff
 * catalog's own descriptors, so the form shows a field's problem in the admin's language before anything
 * is sent; the server's answers come translated already.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { EXPERIENCE_MESSAGES } from '../../../common/validation/experience-validation';

const TEXTS: Record<keyof typeof EXPERIENCE_MESSAGES, MessageDescriptor> = {
  nameRequired: msg`Write the name in English (at most 80 characters): the other languages fall back to it`,
  descriptionRequired: msg`Write the description in English (at most 500 characters): the other languages fall back to it`,
  tooLong: msg`This text is too long`,
  durationInvalid: msg`An experience lasts from 15 to 600 minutes`,
  guestsInvalid: msg`Enter a number of guests from 1 to 40`,
  guestsOrder: msg`The most guests must be at least the fewest`,
  daysRequired: msg`Choose at least one day of the week`,
  servicesRequired: msg`Choose at least one service`,
  paymentInvalid: msg`Choose no payment, a deposit, a prepayment or a card guarantee`,
  amountInvalid: msg`Enter an amount from HK$0 to HK$100,000`,
  serviceChargeInvalid: msg`Enter a service charge from 0 to 100 per cent`,
  taxInvalid: msg`Enter a tax from 0 to 100 per cent`,
  priceRequired: msg`A prepayment needs a price per person above HK$0`,
  guaranteeFeeRequired: msg`A card guarantee needs its own policy with a no-show fee above HK$0: the fee the card is charged`,
  tiersRequired: msg`A deposit needs a tier that starts at or below the fewest guests`,
  tiersInvalid: msg`Give each deposit tier a different smallest party, at most 10 tiers`,
  feeTiersOrder: msg`List the fees by party size from the smallest party up, each from more guests than the one before, at most 10`,
  feeTierOverLargest: msg`A fee by party size cannot start above the largest party`,
  windowHoursInvalid: msg`Enter a cancellation window from 0 to 720 hours`,
  feeTypeInvalid: msg`Choose a fee per person or a percentage`,
  percentInvalid: msg`A percentage is from 0 to 100`,
  minimumSpendInvalid: msg`Choose a minimum spend per person or for the table`,
  bookingDaysInvalid: msg`Enter a number of days from 1 to 366, or leave it empty for the venue’s`,
  memberDaysShorter: msg`Members may never book fewer days ahead than guests`,
  versionInvalid: msg`The version read is missing: reload the page`,
};

/** The descriptor of an experience message's English text (a valibot issue's); any other text as it is. */
export function experienceMessage(text: string): MessageDescriptor {
  const key = (Object.keys(EXPERIENCE_MESSAGES) as (keyof typeof EXPERIENCE_MESSAGES)[]).find((k) => EXPERIENCE_MESSAGES[k] === text);
  return key ? TEXTS[key] : { id: text, message: text };
}
