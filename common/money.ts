/**
 * Money (docs/PRODUCT.md §9): integer minor units end to end; only display divides by 100. Prepayments carry a
 * service charge and tax on top; deposits are a flat per-guest tier. Browser-safe.
 */
import { isEnglish, numberFormat } from './intl-locale';

/** GUARANTEE: nothing is paid up front; the guest saves a card the policy's fee is charged to (docs/decisions/0035). */
export type PrePaymentType = 'PREPAYMENT' | 'DEPOSIT' | 'GUARANTEE' | 'NONE';

/** One deposit tier: applies to parties of at least `minGuestCount`. */
export interface DepositTier {
  minGuestCount: number;
  price: { amount: number };
}

/**
 * docs/PRODUCT.md §3's payment policy of an experience. `serviceChargePercentage` is in tenths of a percent
 * (100 means 10%); `taxPercentage` is in thousandths of a percent (5000 means 5%).
 */
export interface PaymentPolicy {
  prePaymentType: PrePaymentType | (string & {});
  price: { price: { amount: number }; serviceChargePercentage: number; taxPercentage: number };
  depositPolicy: readonly DepositTier[];
}

/** What a guest pays up front, in minor units. */
export interface PriceBreakdown {
  subTotal: number;
  serviceCharge: number;
  tax: number;
  total: number;
}

export const ZERO_BREAKDOWN: PriceBreakdown = { subTotal: 0, serviceCharge: 0, tax: 0, total: 0 };

/** round(numerator / denominator) with halves going up, in integers so no float error creeps in. */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** The deposit tier for a party: the largest minGuestCount not above it; none when all are larger. */
export function depositTierFor(tiers: readonly DepositTier[], numberOfGuests: number): DepositTier | undefined {
  let best: DepositTier | undefined;
  for (const tier of tiers) {
    if (tier.minGuestCount <= numberOfGuests && (!best || tier.minGuestCount > best.minGuestCount)) best = tier;
  }
  return best;
}

/** docs/PRODUCT.md §9: prepayment or deposit for a party; NONE, GUARANTEE (a card kept, nothing charged) or an unknown type costs nothing up front. */
export function priceBreakdown(policy: PaymentPolicy, numberOfGuests: number): PriceBreakdown {
  if (policy.prePaymentType === 'PREPAYMENT') {
    const subTotal = policy.price.price.amount * numberOfGuests;
    const serviceCharge = divideRoundHalfUp(subTotal * policy.price.serviceChargePercentage, 1000);
    const tax = divideRoundHalfUp((subTotal + serviceCharge) * policy.price.taxPercentage, 100_000);
    return { subTotal, serviceCharge, tax, total: subTotal + serviceCharge + tax };
  }
  if (policy.prePaymentType === 'DEPOSIT') {
    const tier = depositTierFor(policy.depositPolicy, numberOfGuests);
    const subTotal = tier ? tier.price.amount * numberOfGuests : 0;
    return { subTotal, serviceCharge: 0, tax: 0, total: subTotal };
  }
  return { ...ZERO_BREAKDOWN };
}

/** The amount due up front (the breakdown's total). */
export function amountDue(policy: PaymentPolicy, numberOfGuests: number): number {
  return priceBreakdown(policy, numberOfGuests).total;
}

/**
 * docs/PRODUCT.md §9's 0 to 2 decimals as a guest reads them: whole dollars bare, any cents as two digits
 * ('HK$3,713.60', never 'HK$3,713.6', which looks like a typo).
 */
export function hkdFractionDigits(minor: number): { minimumFractionDigits: number; maximumFractionDigits: number } {
  const digits = minor % 100 === 0 ? 0 : 2;
  return { minimumFractionDigits: digits, maximumFractionDigits: digits };
}

/** docs/PRODUCT.md §9: 'HK$' and the amount in major units, e.g. 371360 → 'HK$3,713.60', 20000 → 'HK$200'. */
export function formatHkd(minor: number): string {
  const major = Math.abs(minor) / 100;
  const text = major.toLocaleString('en-US', hkdFractionDigits(minor));
  return `${minor < 0 ? '-' : ''}HK$${text}`;
}

/**
 * An amount for a reader of `locale`: docs/PRODUCT.md §9's 'HK$' with 0 or 2 decimals in English (`formatHkd`), and
 * `Intl`'s Hong Kong dollars elsewhere, its digits, separators and sign placed as the language writes
 * them, but always with the symbol 'HK$' (Hong Kong's own locale would write a bare '$').
 */
export function formatHkdFor(minor: number, locale: string): string {
  if (isEnglish(locale)) return formatHkd(minor);
  const format = numberFormat(locale, { style: 'currency', currency: 'HKD', ...hkdFractionDigits(minor) });
  // `-0` (a difference that came to nothing) would print '-HK$0' in Intl's languages: zero is written alike everywhere.
  return format
    .formatToParts(minor === 0 ? 0 : minor / 100)
    .map((part) => (part.type === 'currency' ? 'HK$' : part.value))
    .join('');
}

/** Wallet top-ups by card: HK$100 to HK$100,000, in minor units (the API's bounds too). */
export const TOP_UP_MIN = 10_000;
export const TOP_UP_MAX = 10_000_000;

/**
 * An amount of Hong Kong dollars as typed ('1,000', '250.5', 'HK$ 1,000.00') in minor units; null when it
 * does not read as one.
 */
export function parseHkd(text: string): number | null {
  const plain = text.trim().replace(/^HK\$\s*/i, '').replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
