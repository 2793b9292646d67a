/**
 * Card details as a processor checks them before charging: number (Luhn), expiry (not past, in Hong
 * Kong's month), security code and cardholder name, each with a message naming the field. Browser-safe,
 * so the card form can say the same thing before sending.
 */
import { CARD_MESSAGES } from './card-messages';
import { hongKongDate } from '../time';

export { CARD_MESSAGES };

export interface CardInput {
  cardholderName: string;
  cardNumber: string;
  expMonth: number;
  /** Four digits, or two (taken as 20YY). */
  expYear: number;
  cvc: string;
}

export type CardField = 'cardholderName' | 'cardNumber' | 'expMonth' | 'expYear' | 'cvc';

export interface CardProblem {
  field: CardField;
  message: string;
}


/** How many years ahead an expiry may lie. */
const MAX_YEARS_AHEAD = 20;

/** The digits of a card number as typed, with spaces and dashes dropped. */
export function normalizeCardNumber(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** How many digits a card number may have. */
export const MAX_CARD_DIGITS = 19;

/**
 * A card number as typed, grouped as it is printed on the card: 4-6-5 for American Express, else blocks
 * of four. Anything but digits is dropped, and no more than 19 digits are kept.
 */
export function groupCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, MAX_CARD_DIGITS);
  const sizes = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) groups.push(digits.slice(at));
  return groups.join(' ');
}

/**
 * An expiry as guests type it: 'MM/YY', 'MM / YY', 'M/YY', 'MMYY', 'MM-YY' (and each with a four-digit
 * year) as month and year; NaN for both when it does not read as a month and a year.
 */
export function parseCardExpiry(typed: string): { expMonth: number; expYear: number } {
  const text = typed.trim();
  const match = /^(\d{1,2})\s*[/.-]\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(text);
  return match ? { expMonth: Number(match[1]), expYear: Number(match[2]) } : { expMonth: Number.NaN, expYear: Number.NaN };
}

/** The Luhn (mod 10) check of a string of digits. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card's network from its leading digits: 'visa', 'mastercard', 'amex', 'unionpay', or 'unknown'. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  const four = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** A two-digit year as the year 20YY. */
export const fullExpiryYear = (year: number) => (year < 100 ? 2000 + year : year);

/** The first problem with the card at `now`, or null when it may be charged. */
export function cardProblem(card: CardInput, now: Date): CardProblem | null {
  if (!card.cardholderName.trim()) return { field: 'cardholderName', message: CARD_MESSAGES.nameMissing };

  const digits = normalizeCardNumber(card.cardNumber);
  if (!/^\d*$/.test(digits)) return { field: 'cardNumber', message: CARD_MESSAGES.numberInvalid };
  if (digits.length < 12) return { field: 'cardNumber', message: CARD_MESSAGES.numberIncomplete };
  if (digits.length > MAX_CARD_DIGITS || !isLuhnValid(digits)) return { field: 'cardNumber', message: CARD_MESSAGES.numberInvalid };

  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { field: 'expMonth', message: CARD_MESSAGES.monthInvalid };
  }
  const today = hongKongDate(now);
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const year = fullExpiryYear(card.expYear);
  if (!Number.isInteger(card.expYear) || card.expYear < 0 || year > thisYear + MAX_YEARS_AHEAD) {
    return { field: 'expYear', message: CARD_MESSAGES.yearInvalid };
  }
  if (year < thisYear) return { field: 'expYear', message: CARD_MESSAGES.yearPast };
  // A card is good to the end of its expiry month.
  if (year === thisYear && card.expMonth < thisMonth) return { field: 'expMonth', message: CARD_MESSAGES.datePast };

  if (!/^\d*$/.test(card.cvc)) return { field: 'cvc', message: CARD_MESSAGES.cvcInvalid };
  if (card.cvc.length < 3) return { field: 'cvc', message: CARD_MESSAGES.cvcIncomplete };
  if (card.cvc.length > 4) return { field: 'cvc', message: CARD_MESSAGES.cvcInvalid };
  return null;
}
