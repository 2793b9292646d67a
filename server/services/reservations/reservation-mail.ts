/**
 * The e-mails of a reservation's life, queued in the outbox in the caller's transaction: the confirmation
 * (a receipt with the amount paid and a calendar invitation), the updated invitation after a change, the
 * cancellation (with any refund), and the notice that a payment was refunded because the hold ran out.
 * Each is written in the language the guest booked in (`reservations.locale`), dates, times and money too.
 */
import type { NoShowFeeChargeStatus } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import type { PaymentRow } from '../payments/payments';
import { experienceText } from '../../../common/experience-text';
import type { VenueCatalog } from '../booking-rules/venue-catalog';
import { buildCalendarInvite, guestName, inviteContentType, inviteFileName, reservationInvite, type InviteMethod } from './calendar-invite';
import { messageLanguage, type MessageLanguage } from '../messaging/message-language';
import { queueEmail, queueSms } from '../messaging/outbox';
import { manageLink, manageTokenFor, type LinkSigning } from './manage-link';
import { appLink } from '../auth/auth-links';
import { dietaryText, DIETARY_NEED_LABELS, OCCASION_LABELS, occasionText } from '../../../common/guest-requests';
import type { ReservationRow } from './reservations';
import { lateCancellationFeeFor } from '../../../common/late-cancellation-fee';
import { bookingPolicy } from '../experience-setup/booking-policy';

/** The booking as the e-mails list it, one line each, in the language of the reservation (the waitlist offer uses it too). */
export function bookingLines(lang: MessageLanguage, row: ReservationRow, catalog: VenueCatalog): string[] {
  const { i18n } = lang;
  const entry = catalog.venues.get(row.venueId);
  const experience = catalog.experiences.get(row.experienceId);
  const area = row.seatingAreaId ? catalog.areas.get(row.seatingAreaId) : undefined;
  return [
    entry
      ? i18n._('Venue: {venue} ({description})', { venue: entry.venue.title, description: lang.content(entry.venue.description) })
      : i18n._('Venue: {venue}', { venue: '' }),
    ...(entry ? [i18n._('Address: {address}', { address: entry.venue.address })] : []),
    i18n._('Date: {date}', { date: lang.date(row.date) }),
    i18n._('Time: {time}', { time: lang.time(row.startTime) }),
    i18n._('Party: {guests, plural, one {# guest} other {# guests}}', { guests: row.numberOfGuests }),
    ...(experience ? [i18n._('Experience: {experience}', { experience: experienceText(experience, i18n, catalog.experienceTexts.get(experience.id)).name })] : []),
    ...(area ? [i18n._('Seating: {area}', { area: lang.content(area.name) })] : []),
    ...requestLines(lang, row),
    i18n._('Reference: {reference}', { reference: row.uniqueId }),
  ];
}

/** The occasion and dietary needs the guest gave, echoed so they can see the venue has them. */
function requestLines(lang: MessageLanguage, row: ReservationRow): string[] {
  const { i18n } = lang;
  const occasion = occasionText(row, (code) => i18n._(OCCASION_LABELS[code]));
  const dietary = dietaryText(row, (code) => i18n._(DIETARY_NEED_LABELS[code]));
  return [
    ...(occasion ? [i18n._('Occasion: {occasion}', { occasion })] : []),
    ...(dietary ? [i18n._('Dietary needs: {dietary}', { dietary })] : []),
    ...(row.notes?.trim() ? [i18n._('Special requests: {notes}', { notes: row.notes.trim() })] : []),
  ];
}

/**
 * The booking's cancellation and no-show policy (its experience's, else the venue's) as it applies to this booking: until when cancelling is
 * free, what a later cancellation keeps of what was `paid` (services/payment-refund.ts), and the no-show fee.
 */
export function policyLines(lang: MessageLanguage, row: ReservationRow, catalog: VenueCatalog, paid: number): string[] {
  if (!catalog.venues.has(row.venueId)) return [];
  const policy = bookingPolicy(catalog, row);
  const { i18n } = lang;
  const hours = policy.cancellationWindowHours;
  const lateFrom = lang.dateTime(new Date(row.startsAt.getTime() - hours * 3_600_000));
  const lateFee = lateCancellationFeeFor(policy, row.numberOfGuests, paid);
  const lines = [
    lateFee > 0
      ? i18n._(
          'Cancellation policy: you may cancel free of charge until {lateFrom} ({hours, plural, one {# hour} other {# hours}} before your reservation). After that, {fee} of what you paid is kept as a late cancellation fee.',
          { lateFrom, hours, fee: lang.money(lateFee) },
        )
      : i18n._(
          'Cancellation policy: please cancel by {lateFrom} ({hours, plural, one {# hour} other {# hours}} before your reservation), so that we can offer the table to other guests.',
          { lateFrom, hours },
        ),
  ];
  if (policy.noShowFeePerPerson > 0) {
    const fee = { perPerson: lang.money(policy.noShowFeePerPerson), total: lang.money(policy.noShowFeePerPerson * row.numberOfGuests) };
    // What was paid ahead counts towards the fee: said only when something was.
    lines.push(
      paid > 0
        ? i18n._(
            'No-show policy: if your party does not arrive, a fee of {perPerson} per person ({total} for your party) is charged; what you paid ahead counts towards it.',
            fee,
          )
        : i18n._('No-show policy: if your party does not arrive, a fee of {perPerson} per person ({total} for your party) is charged.', fee),
    );
  }
  return lines;
}

/** How a payment was made, in words: 'Visa card ending 4242' or 'your club wallet' (English unless `lang` says). */
export function paidWith(
  payment: Pick<PaymentRow, 'method' | 'cardBrand' | 'cardLast4'>,
  lang: MessageLanguage = messageLanguage('en'),
): string {
  const { i18n } = lang;
  if (payment.method === 'WALLET') return i18n._('your club wallet');
  if (!payment.cardLast4) return i18n._('card');
  if (!payment.cardBrand || payment.cardBrand === 'unknown') return i18n._('card ending {last4}', { last4: payment.cardLast4 });
  // A brand is a name ('Visa'), the same in every language.
  const brand = `${payment.cardBrand[0]!.toUpperCase()}${payment.cardBrand.slice(1)}`;
  return i18n._('{brand} card ending {last4}', { brand, last4: payment.cardLast4 });
}

function inviteAttachment(row: ReservationRow, catalog: VenueCatalog, method: InviteMethod, now: Date) {
  const ics = buildCalendarInvite(reservationInvite(row, catalog, method, now));
  return { fileName: inviteFileName(row), contentType: inviteContentType(method), content: Buffer.from(ics, 'utf8').toString('base64') };
}

// The venues' names are kept in every language (like their postal addresses).
const venueTitle = (row: ReservationRow, catalog: VenueCatalog) => catalog.venues.get(row.venueId)?.venue.title ?? 'The Aldrich Club';

/** 'Dear Grace,', or 'Dear guest,' without a name. */
export function greeting(lang: MessageLanguage, name: string | null | undefined): string {
  return name ? lang.i18n._('Dear {name},', { name }) : lang.i18n._('Dear guest,');
}

/** 'To change or cancel, call … or e-mail ….' (the calendar invitation says the same). */
function venueContact(lang: MessageLanguage, row: ReservationRow, catalog: VenueCatalog): string {
  const venue = catalog.venues.get(row.venueId)?.venue;
  return venue ? lang.i18n._('To change or cancel, call {phone} or e-mail {email}.', { phone: venue.reservationsPhone, email: venue.reservationsEmail }) : '';
}

/** One e-mail about a reservation: what happened, the booking, what it meant, and the invitation. */
async function mailAboutReservation(
  db: DbOrTx,
  args: {
    row: ReservationRow;
    catalog: VenueCatalog;
    now: Date;
    lang: MessageLanguage;
    subject: string;
    lead: string;
    /** Lines after the booking (money paid, refunded or kept). */
    extra?: string[];
    closing: string;
    method: 'REQUEST' | 'CANCEL';
    /** Signs the manage link every reservation mail ends with. */
    links: LinkSigning;
  },
): Promise<void> {
  const { row, catalog, now, lang } = args;
  const link = manageLink(args.links, row);
  if (!row.email) return;
  await queueEmail(db, {
    to: row.email,
    locale: lang.locale,
    subject: args.subject,
    body: [
      greeting(lang, row.firstName),
      '',
      args.lead,
      '',
      ...bookingLines(lang, row, catalog),
      ...(args.extra ?? []),
      '',
      args.closing,
      ...(args.method === 'REQUEST' ? [venueContact(lang, row, catalog)] : []),
      '',
      args.method === 'REQUEST'
        ? lang.i18n._('View, change or cancel your reservation, or add it to your calendar, without logging in: {link}', { link })
        : lang.i18n._('View your reservation: {link}', { link }),
    ].join('\n'),
    attachments: [inviteAttachment(row, catalog, args.method, now)],
  });
}

/** The confirmation: the booking, the amount paid (when any) and the invitation (METHOD:REQUEST). */
export async function mailConfirmation(
  db: DbOrTx,
  args: { row: ReservationRow; catalog: VenueCatalog; payment: PaymentRow | null; now: Date; links: LinkSigning },
): Promise<void> {
  const { row, catalog, payment } = args;
  // In the language the guest booked in.
  const lang = messageLanguage(row.locale);
  const { i18n } = lang;
  const values = { venue: venueTitle(row, catalog), reference: row.uniqueId };
  const paid = payment && { amount: lang.money(payment.amount), method: paidWith(payment, lang) };
  await mailAboutReservation(db, {
    ...args,
    lang,
    subject: i18n._('Your reservation at {venue} is confirmed – {reference}', values),
    lead: i18n._('Your reservation is confirmed. We look forward to welcoming you.'),
    extra: [
      ...(paid
        ? [row.prePaymentType === 'DEPOSIT' ? i18n._('Deposit paid: {amount} ({method})', paid) : i18n._('Prepayment paid: {amount} ({method})', paid)]
        : owedLines(lang, row)),
      '',
      ...policyLines(lang, row, catalog, payment?.amount ?? 0),
    ],
    closing: i18n._('A calendar invitation is attached.'),
    method: 'REQUEST',
  });
}

/** A booking staff confirmed without payment (a phone booking): what is owed, payable at the venue. */
function owedLines(lang: MessageLanguage, row: ReservationRow): string[] {
  if (row.prePaymentType === 'NONE' || row.amountDue <= 0) return [];
  const owed = { amount: lang.money(row.amountDue) };
  return [
    row.prePaymentType === 'DEPOSIT'
      ? lang.i18n._('Deposit due: {amount}, payable at the venue.', owed)
      : lang.i18n._('Prepayment due: {amount}, payable at the venue.', owed),
  ];
}

/** What a change did with the money: paid with it, given back, kept under the policy, left owing. */
export interface ChangeMoney {
  paid: PaymentRow | null;
  refunds: { amount: number; payment: PaymentRow }[];
  owed: number;
  feeKept: number;
  venueRefund: number;
}

/** The change's money as the mail states it: the new amount and what was paid, refunded or is owed. */
function changeMoneyLines(lang: MessageLanguage, row: ReservationRow, money: ChangeMoney | undefined): string[] {
  if (!money || row.prePaymentType === 'NONE') return [];
  const { i18n } = lang;
  const moved = money.paid || money.refunds.length > 0 || money.owed > 0 || money.feeKept > 0 || money.venueRefund > 0;
  if (!moved) return [];
  const total = { amount: lang.money(row.amountDue) };
  return [
    row.prePaymentType === 'DEPOSIT' ? i18n._('Deposit for the new party: {amount}', total) : i18n._('Prepayment for the new party: {amount}', total),
    ...(money.paid ? [i18n._('Difference paid: {amount} ({method})', { amount: lang.money(money.paid.amount), method: paidWith(money.paid, lang) })] : []),
    ...money.refunds.map((r) => i18n._('Refund: {amount} to {method}', { amount: lang.money(r.amount), method: paidWith(r.payment, lang) })),
    ...(money.venueRefund > 0 ? [i18n._('Given back at the venue: {amount}', { amount: lang.money(money.venueRefund) })] : []),
    ...(money.feeKept > 0 ? [i18n._('Late change fee kept: {amount}', { amount: lang.money(money.feeKept) })] : []),
    ...(money.owed > 0 ? [i18n._('Difference due: {amount}, payable at the venue.', { amount: lang.money(money.owed) })] : []),
  ];
}

/** After a change: the booking as it now stands, what its money did, and the updated invitation (SEQUENCE raised). */
export async function mailChange(
  db: DbOrTx,
  args: { row: ReservationRow; catalog: VenueCatalog; now: Date; links: LinkSigning; money?: ChangeMoney },
): Promise<void> {
  const { row, catalog } = args;
  const lang = messageLanguage(row.locale);
  const { i18n } = lang;
  await mailAboutReservation(db, {
    ...args,
    lang,
    extra: changeMoneyLines(lang, row, args.money),
    subject: i18n._('Your reservation at {venue} has changed – {reference}', { venue: venueTitle(row, catalog), reference: row.uniqueId }),
    lead: i18n._('Your reservation has been changed. Here it is as it now stands:'),
    closing: i18n._('The updated calendar invitation is attached.'),
    method: 'REQUEST',
  });
}

/** What a cancellation did with the money paid. */
export interface CancellationMoney {
  refunds: { amount: number; payment: PaymentRow }[];
  feeKept: number;
  /**
   * A card guarantee's fee, charged to its saved card after the cancellation committed: how that charge went
   * (charged, refused, or no answer yet and tried again), and the card's last four. Absent: the fee was kept
   * from what was paid.
   */
  feeCharge?: { status: NoShowFeeChargeStatus; last4: string };
}

/** The line of a cancellation's fee: kept from what was paid, or what its charge to the saved card did. */
function cancellationFeeLine(lang: MessageLanguage, row: ReservationRow, money: CancellationMoney, links: LinkSigning): string {
  const { i18n } = lang;
  const amount = lang.money(money.feeKept);
  const charge = money.feeCharge;
  if (!charge) return i18n._('Late cancellation fee kept: {amount}', { amount });
  const { last4 } = charge;
  if (charge.status === 'CHARGED') return i18n._('Late cancellation fee: {amount}, charged to your card ending {last4}', { amount, last4 });
  if (charge.status === 'PENDING') return i18n._('Late cancellation fee: {amount}, to be charged to your card ending {last4}', { amount, last4 });
  // Refused by the card or its bank: still owed, and the guest can settle it on the manage page.
  return i18n._('Late cancellation fee: {amount}. We could not charge your card ending {last4}; you can pay it here: {link}', {
    amount,
    last4,
    link: manageLink(links, row, 'pay'),
  });
}

/** The cancellation: what was cancelled, any refund and fee kept, and the invitation withdrawn (METHOD:CANCEL). */
export async function mailCancellation(
  db: DbOrTx,
  args: { row: ReservationRow; catalog: VenueCatalog; money: CancellationMoney; now: Date; links: LinkSigning; unpaid?: boolean },
): Promise<void> {
  const { row, catalog, money, unpaid } = args;
  const lang = messageLanguage(row.locale);
  const { i18n } = lang;
  await mailAboutReservation(db, {
    ...args,
    lang,
    subject: i18n._('Your reservation at {venue} is cancelled – {reference}', { venue: venueTitle(row, catalog), reference: row.uniqueId }),
    lead: unpaid
      ? i18n._('Your reservation has been released: its deposit or prepayment was not paid by the time the payment link lapsed.')
      : row.status === 'LATE_CANCELED'
        ? i18n._('Your reservation has been cancelled inside the venue’s cancellation window.')
        : i18n._('Your reservation has been cancelled.'),
    extra: [
      ...(money.feeKept > 0 ? [cancellationFeeLine(lang, row, money, args.links)] : []),
      ...money.refunds.map((r) => i18n._('Refund: {amount} to {method}', { amount: lang.money(r.amount), method: paidWith(r.payment, lang) })),
    ],
    closing: i18n._('The calendar invitation is withdrawn (attached).'),
    method: 'CANCEL',
  });
}

/** Why a payment for a reservation was given back without the guest asking. */
export type AutomaticRefundReason = 'hold-expired' | 'already-paid' | 'hold-cancelled' | 'change-not-made';

function reasonText(lang: MessageLanguage, reason: AutomaticRefundReason): string {
  const { i18n } = lang;
  switch (reason) {
    case 'hold-expired':
      return i18n._(
        'Your payment arrived after the 15-minute hold on your table had run out, so the table was released and the booking was not made.',
      );
    case 'already-paid':
      return i18n._('This reservation had already been paid, so the second payment is not needed.');
    case 'hold-cancelled':
      return i18n._('The booking was cancelled before it was completed.');
    case 'change-not-made':
      return i18n._(
        'The change you paid for could not be made: the 15-minute hold on the new time had run out, or your booking had changed meanwhile.',
      );
  }
}

/** Tells the guest that a payment was refunded in full, and why, in the language the reservation was made in. */
export async function mailAutomaticRefund(
  db: DbOrTx,
  args: { to: { email: string; firstName: string }; row: ReservationRow; catalog: VenueCatalog; payment: PaymentRow; reason: AutomaticRefundReason },
): Promise<void> {
  const { to, row, catalog, payment, reason } = args;
  const lang = messageLanguage(row.locale);
  const { i18n } = lang;
  const amount = lang.money(payment.amount);
  await queueEmail(db, {
    to: to.email,
    locale: lang.locale,
    subject: i18n._('Your payment of {amount} has been refunded – {reference}', { amount, reference: row.uniqueId }),
    body: [
      greeting(lang, to.firstName || guestName(row)),
      '',
      reasonText(lang, reason),
      i18n._('We have refunded the full {amount} to {method}. It may take a few days to appear on your statement.', {
        amount,
        method: paidWith(payment, lang),
      }),
      '',
      ...bookingLines(lang, row, catalog),
      '',
      reason === 'already-paid' || reason === 'change-not-made'
        ? i18n._('Your booking is not affected by this refund.')
        : i18n._('You are welcome to make a new reservation.'),
    ].join('\n'),
  });
}

/**
 * The reminder before the visit, by e-mail and, where the guest's mobile is known, by SMS: the booking,
 * one-tap links to confirm they are coming or to cancel, and (e-mail) a link to confirm their allergies.
 */
export async function mailReminder(
  db: DbOrTx,
  args: { row: ReservationRow; catalog: VenueCatalog; now: Date; links: LinkSigning },
): Promise<void> {
  const { row, catalog, links } = args;
  const lang = messageLanguage(row.locale);
  const { i18n } = lang;
  const confirm = manageLink(links, row, 'confirm');
  const cancel = manageLink(links, row, 'cancel');
  const values = { venue: venueTitle(row, catalog), reference: row.uniqueId };
  await mailAboutReservation(db, {
    ...args,
    lang,
    subject: i18n._('Reminder: your reservation at {venue} – {reference}', values),
    lead: i18n._('We look forward to welcoming you soon. Here is your reservation:'),
    extra: [
      '',
      i18n._('Coming as planned? Confirm with one tap: {link}', { link: confirm }),
      i18n._('Cannot make it? Cancel here: {link}', { link: cancel }),
      '',
      // The kitchen plans from the answer (reservations.allergies_answer, shown on the day sheet).
      i18n._('Any allergies or dietary needs? Please confirm them for our kitchen: {link}', {
        link: appLink(links, '/pages/allergies', { token: manageTokenFor(links, row) }),
      }),
    ],
    closing: i18n._('A calendar invitation is attached.'),
    method: 'REQUEST',
  });
  if (row.mobileCountryCode && row.mobileNumber) {
    await queueSms(db, {
      to: `${row.mobileCountryCode}${row.mobileNumber}`,
      body: i18n._('Reminder: {venue}, {date} at {time} ({reference}). Confirm: {confirm} Cancel: {cancel}', {
        ...values,
        date: lang.date(row.date),
        time: lang.time(row.startTime),
        confirm,
        cancel,
      }),
    });
  }
}

/**
 * A guaranteed booking's fee the card's bank would not let us charge without the guest (3-D Secure asked):
 * the fee is still owed (staff see it on the day sheet), and the guest is told how to settle it.
 */
export async function mailFeeNeedsApproval(db: DbOrTx, args: { row: ReservationRow; catalog: VenueCatalog; amount: number; links: LinkSigning }): Promise<void> {
  const { row, catalog, links } = args;
  if (!row.email) return;
  const lang = messageLanguage(row.locale);
  const { i18n } = lang;
  const amount = lang.money(args.amount);
  const venue = catalog.venues.get(row.venueId)?.venue;
  await queueEmail(db, {
    to: row.email,
    locale: lang.locale,
    subject: i18n._('A fee of {amount} is due – {reference}', { amount, reference: row.uniqueId }),
    body: [
      greeting(lang, row.firstName),
      '',
      i18n._('Under the terms you agreed to when you saved your card, a fee of {amount} is due for this booking. Your bank asks you to approve the charge yourself, so we have not charged it.', { amount }),
      '',
      ...bookingLines(lang, row, catalog),
      '',
      // The manage link opens the fee's payment, where the bank's check is the guest's to pass.
      i18n._('Pay it with your card, approving it with your bank: {link}', { link: manageLink(links, row, 'pay') }),
      ...(venue ? [i18n._('Or contact the venue: call {phone} or e-mail {email}.', { phone: venue.reservationsPhone, email: venue.reservationsEmail })] : []),
    ].join('\n'),
  });
}
