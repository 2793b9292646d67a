/** A day's reconciliation as a CSV download: one row per difference, in staff's words and language, amounts in HKD. */
import type { I18n } from '@lingui/core';
import type { ReconciliationKind } from '../../db/schema';
import { decimalHkd, toCsv } from '../../lib/csv';
import type { ReconciliationDto } from './stripe-reconciliation';

type Row = ReconciliationDto['differences'][number];

/** What each kind of difference means, for staff. */
export const RECONCILIATION_KIND_TEXT: Record<ReconciliationKind, string> = {
  UNKNOWN_TO_CLUB: /*i18n*/ 'Stripe took money the club has no paid payment for',
  CHARGE_DIFFERS: /*i18n*/ 'Stripe charged another amount than the club recorded',
  REFUND_MISSING: /*i18n*/ 'Stripe refunded more than the club recorded',
  REFUND_NOT_AT_STRIPE: /*i18n*/ 'The club recorded a refund Stripe has not made',
};

const COLUMNS: readonly { title: string; value: (row: Row, i18n: I18n) => string }[] = [
  { title: /*i18n*/ 'Difference', value: (row, i18n) => i18n._(RECONCILIATION_KIND_TEXT[row.kind]) },
  { title: /*i18n*/ 'Booking', value: (row) => row.reservationReference ?? '' },
  { title: /*i18n*/ 'Stripe payment', value: (row) => row.intentId },
  { title: /*i18n*/ 'Payment', value: (row) => row.paymentId ?? '' },
  { title: /*i18n*/ 'At Stripe (HKD)', value: (row) => decimalHkd(row.stripeAmount) },
  { title: /*i18n*/ 'In the club’s books (HKD)', value: (row) => decimalHkd(row.clubAmount) },
];

export function reconciliationCsv(report: ReconciliationDto, i18n: I18n): string {
  return toCsv(
    COLUMNS.map((column) => i18n._(column.title)),
    report.differences.map((row) => COLUMNS.map((column) => column.value(row, i18n))),
  );
}
