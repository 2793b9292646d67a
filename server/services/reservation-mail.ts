/**
 * The e-mails of a reservation's life, queued in the outbox in the caller's transaction: the confirmation
 * (a receipt with the amount paid and a calendar invitation), the updated invitation after a change, the
 * cancellation (with any refund), and the notice that a payment was refunded because the hold ran out.
 */
import type { DbOrTx } from '../db/client';
import type { PaymentRow } from './payments';
import { formatHkd } from '../../src/domain/money';
import { formatDate, formatTime } from '../../src/domain/time';
import type { VenueCatalog } from './availability';
import { buildCalendarInvite, guestName, inviteContentType, inviteFileName, reservationInvite, type InviteMethod } from './calendar-invite';
import { queueEmail } from './outbox';
import type { ReservationRow } from './reservations';

function bookingLines(row: ReservationRow, catalog: VenueCatalog): string[] {
  const entry = catalog.venues.get(row.venueId);
  const experience = catalog.experiences.get(row.experienceId);
  const area = row.seatingAreaId ? catalog.areas.get(row.seatingAreaId) : undefined;
  return [
    `Venue: ${entry ? `${entry.venue.title} (${entry.venue.description})` : ''}`,
    ...(entry ? [`Address: ${entry.venue.address}`] : []),
    `Date: ${formatDate(row.date)}`,
    `Time: ${formatTime(row.startTime)}`,
    `Party: ${row.numberOfGuests} ${row.numberOfGuests === 1 ? 'guest' : 'guests'}`,
    ...(experience ? [`Experience: ${experience.name}`] : []),
    ...(area ? [`Seating: ${area.name}`] : []),
    `Reference: ${row.uniqueId}`,
  ];
}

/** How a payment was made, in words: 'card ending 4242' or 'your club wallet'. */
export function paidWith(payment: Pick<PaymentRow, 'method' | 'cardBrand' | 'cardLast4'>): string {
  if (payment.method === 'WALLET') return 'your club wallet';
  const brand = payment.cardBrand && payment.cardBrand !== 'unknown' ? `${payment.cardBrand[0]!.toUpperCase()}${payment.cardBrand.slice(1)} ` : '';
  return payment.cardLast4 ? `${brand}card ending ${payment.cardLast4}` : 'card';
}

const kindOfPayment = (row: ReservationRow) => (row.prePaymentType === 'DEPOSIT' ? 'Deposit' : 'Prepayment');

function inviteAttachment(row: ReservationRow, catalog: VenueCatalog, method: InviteMethod, now: Date) {
  const ics = buildCalendarInvite(reservationInvite(row, catalog, method, now));
  return { fileName: inviteFileName(row), contentType: inviteContentType(method), content: Buffer.from(ics, 'utf8').toString('base64') };
}

const venueTitle = (row: ReservationRow, catalog: VenueCatalog) => catalog.venues.get(row.venueId)?.venue.title ?? 'The Aldrich Club';

const greeting = (row: ReservationRow, fallbackName?: string) => `Dear ${row.firstName ?? fallbackName ?? 'guest'},`;

function venueContact(row: ReservationRow, catalog: VenueCatalog): string {
  const venue = catalog.venues.get(row.venueId)?.venue;
  return venue ? `To change or cancel, call ${venue.reservationsPhone} or e-mail ${venue.reservationsEmail}.` : '';
}

/** One e-mail about a reservation: what happened, the booking, what it meant, and the invitation. */
async function mailAboutReservation(
  db: DbOrTx,
  args: {
    row: ReservationRow;
    catalog: VenueCatalog;
    now: Date;
    /** "is confirmed", "has changed", "is cancelled". */
    subjectState: string;
    lead: string;
    /** Lines after the booking (money paid, refunded or kept). */
    extra?: string[];
    closing: string;
    method: 'REQUEST' | 'CANCEL';
  },
): Promise<void> {
  const { row, catalog, now } = args;
  if (!row.email) return;
  await queueEmail(db, {
    to: row.email,
    subject: `Your reservation at ${venueTitle(row, catalog)} ${args.subjectState} – ${row.uniqueId}`,
    body: [
      greeting(row),
      '',
      args.lead,
      '',
      ...bookingLines(row, catalog),
      ...(args.extra ?? []),
      '',
      args.closing,
      ...(args.method === 'REQUEST' ? [venueContact(row, catalog)] : []),
    ].join('\n'),
    attachments: [inviteAttachment(row, catalog, args.method, now)],
  });
}

/** The confirmation: the booking, the amount paid (when any) and the invitation (METHOD:REQUEST). */
export async function mailConfirmation(
  db: DbOrTx,
  args: { row: ReservationRow; catalog: VenueCatalog; payment: PaymentRow | null; now: Date },
): Promise<void> {
  const { row, payment } = args;
  await mailAboutReservation(db, {
    ...args,
    subjectState: 'is confirmed',
    lead: 'Your reservation is confirmed. We look forward to welcoming you.',
    extra: payment ? [`${kindOfPayment(row)} paid: ${formatHkd(payment.amount)} (${paidWith(payment)})`] : [],
    closing: 'A calendar invitation is attached.',
    method: 'REQUEST',
  });
}

/** After a change: the booking as it now stands and the updated invitation (SEQUENCE raised). */
export async function mailChange(db: DbOrTx, args: { row: ReservationRow; catalog: VenueCatalog; now: Date }): Promise<void> {
  await mailAboutReservation(db, {
    ...args,
    subjectState: 'has changed',
    lead: 'Your reservation has been changed. Here it is as it now stands:',
    closing: 'The updated calendar invitation is attached.',
    method: 'REQUEST',
  });
}

/** What a cancellation did with the money paid. */
export interface CancellationMoney {
  refunds: { amount: number; payment: PaymentRow }[];
  feeKept: number;
}

/** The cancellation: what was cancelled, any refund and fee kept, and the invitation withdrawn (METHOD:CANCEL). */
export async function mailCancellation(
  db: DbOrTx,
  args: { row: ReservationRow; catalog: VenueCatalog; money: CancellationMoney; now: Date },
): Promise<void> {
  const { row, money } = args;
  await mailAboutReservation(db, {
    ...args,
    subjectState: 'is cancelled',
    lead:
      row.status === 'LATE_CANCELED'
        ? 'Your reservation has been cancelled inside the venue’s cancellation window.'
        : 'Your reservation has been cancelled.',
    extra: [
      ...(money.feeKept > 0 ? [`Late cancellation fee kept: ${formatHkd(money.feeKept)}`] : []),
      ...money.refunds.map((r) => `Refund: ${formatHkd(r.amount)} to ${paidWith(r.payment)}`),
    ],
    closing: 'The calendar invitation is withdrawn (attached).',
    method: 'CANCEL',
  });
}

/** Why a payment for a reservation was given back without the guest asking. */
export type AutomaticRefundReason = 'hold-expired' | 'already-paid' | 'hold-cancelled';

const REASON_TEXT: Record<AutomaticRefundReason, string> = {
  'hold-expired':
    'Your payment arrived after the 15-minute hold on your table had run out, so the table was released and the booking was not made.',
  'already-paid': 'This reservation had already been paid, so the second payment is not needed.',
  'hold-cancelled': 'The booking was cancelled before it was completed.',
};

/** Tells the guest that a payment was refunded in full, and why. */
export async function mailAutomaticRefund(
  db: DbOrTx,
  args: { to: { email: string; firstName: string }; row: ReservationRow; catalog: VenueCatalog; payment: PaymentRow; reason: AutomaticRefundReason },
): Promise<void> {
  const { to, row, catalog, payment, reason } = args;
  await queueEmail(db, {
    to: to.email,
    subject: `Your payment of ${formatHkd(payment.amount)} has been refunded – ${row.uniqueId}`,
    body: [
      `Dear ${to.firstName || guestName(row) || 'guest'},`,
      '',
      REASON_TEXT[reason],
      `We have refunded the full ${formatHkd(payment.amount)} to ${paidWith(payment)}. It may take a few days to appear on your statement.`,
      '',
      ...bookingLines(row, catalog),
      '',
      reason === 'already-paid' ? '' : 'You are welcome to make a new reservation.',
    ].join('\n'),
  });
}
