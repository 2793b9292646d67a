/**
 * Drizzle table definitions. They mirror `migrations/*.sql`, which are the source of truth for the
 * database (the same SQL runs on PGlite and PostgreSQL); these give the queries their types.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { DietaryNeed, Occasion } from '../../common/guest-requests';
import type { ClosureReason, ClosureScope } from '../../common/validation/closure-validation';

/** Bytes: PGlite reads bytea as a Uint8Array, node-postgres as a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().default(sql`now()`);
const updatedAt = () => ts('updated_at').notNull().default(sql`now()`);
const transactionSeq = () => bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('transaction_seq')`);

export type UserRole = 'guest' | 'member' | 'admin' | 'staff';

/** The roles of the admin area: admins (every venue) and venue staff (their venue's book). */
export const STAFF_ROLES = ['admin', 'staff'] as const satisfies readonly UserRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: UserRole): role is StaffRole => (STAFF_ROLES as readonly UserRole[]).includes(role);

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  role: text('role').$type<UserRole>().notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  customId: text('custom_id'),
  customerId: text('customer_id'),
  mobileCountryCode: text('mobile_country_code'),
  mobileNumber: text('mobile_number'),
  locale: text('locale').notNull().default('en'),
  /** Members only: how many upcoming reservations may be active at once (null: no limit). */
  activeReservationLimit: integer('active_reservation_limit'),
  /** Members only: how many reservations may be confirmed per calendar year (null: no limit). */
  annualReservationLimit: integer('annual_reservation_limit'),
  emailVerifiedAt: ts('email_verified_at'),
  /**
   * Made by a texted code (migration 0039): the e-mail is the caller's word only, so until it is verified
   * it is not the account's to receive others' bookings or messages (docs/decisions/0030-spent-codes.md).
   */
  emailClaimedByPhone: boolean('email_claimed_by_phone').notNull().default(false),
  /** Moved on by a password change or reset or a stolen refresh token: older access tokens stop working. */
  sessionGeneration: integer('session_generation').notNull().default(0),
  /** The dietary needs of the last completed booking, to fill the next one in. */
  dietaryNeeds: text('dietary_needs').array().$type<DietaryNeed[]>().notNull().default(sql`'{}'`),
  dietaryNote: text('dietary_note'),
  /** Venue staff only: the venue whose book they work (admins reach every venue). */
  venueId: text('venue_id'),
  /** Staff removed by an admin: no log-in, session or reset link from then on (the row stays for the audit log). */
  deactivatedAt: ts('deactivated_at'),
  /** A guest account merged into another (services/guest-book/guest-merge.ts): it can no longer log in. */
  mergedInto: text('merged_into'),
  /** Staff stopped the feedback mails for this guest (services/feedback/feedback-mails.ts). */
  feedbackMailsStoppedAt: ts('feedback_mails_stopped_at'),
  /** The guest asked for their personal data to be erased (services/privacy/erasure.ts). */
  erasureRequestedAt: ts('erasure_requested_at'),
  /** When the personal data was erased: the account stays, anonymous, for the money records. */
  anonymisedAt: ts('anonymised_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const refreshTokens = pgTable('refresh_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  familyId: text('family_id').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  revokedAt: ts('revoked_at'),
  createdAt: createdAt(),
});

export type OneTimeTokenPurpose = 'password-reset' | 'email-verify';

export const oneTimeTokens = pgTable('one_time_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

/** The live-stream tickets already used (stream-ticket.ts): each opens one stream, once. */
export const streamTicketUses = pgTable('stream_ticket_uses', {
  nonce: text('nonce').primaryKey(),
  userId: text('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** Values that fill the placeholders of a venue's policy texts (docs/PRODUCT.md §9). Money in minor units. */
export interface VenuePolicy {
  /** Hours before the reservation inside which a cancellation is late. */
  cancellationWindowHours: number;
  cancellationFee: { type: 'PER_PERSON' | 'PERCENTAGE'; amount: number };
  /** Late-cancellation fee per person by party size: the tier with the largest minGuestCount that fits. */
  feesByPartySize: { minGuestCount: number; amount: number }[];
  noShowFeePerPerson: number;
  minimumSpend: { type: 'PER_PERSON' | 'TOTAL'; amount: number } | null;
  maximumPartySize: number;
}

export const venues = pgTable('venues', {
  id: text('id').primaryKey(),
  domain: text('domain').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** How many days ahead guests may book (membership-rules.ts); an experience may set its own. */
  guestBookingDays: integer('guest_booking_days').notNull().default(90),
  /** How many days ahead members may book: never fewer than guests. */
  memberBookingDays: integer('member_booking_days').notNull().default(90),
  /** Whether the venue's own staff may change its set-up, as admins allow (migration 0031). */
  staffMaySetUp: boolean('staff_may_set_up').notNull().default(false),
  address: text('address').notNull(),
  introduction: text('introduction').notNull(),
  maxPartySize: integer('max_party_size').notNull(),
  onlineMinGuests: integer('online_min_guests').notNull(),
  onlineMaxGuests: integer('online_max_guests').notNull(),
  requiresPhoneVerification: boolean('requires_phone_verification').notNull(),
  minLeadMinutes: integer('min_lead_minutes').notNull(),
  policy: jsonb('policy').$type<VenuePolicy>().notNull(),
  reservationsPhone: text('reservations_phone').notNull(),
  reservationsEmail: text('reservations_email').notNull(),
  sortOrder: integer('sort_order').notNull(),
  /** The set-up edit's version (server/services/setup/versioned.ts). */
  version: integer('version').notNull().default(1),
  /** The version of the venue's list of services, published as one (migration 0025). */
  servicesVersion: integer('services_version').notNull().default(1),
  /** How long after its start a party not arrived is late on the host stand (migration 0042). */
  lateGraceMinutes: integer('late_grace_minutes').notNull().default(15),
});

export const servicePeriods = pgTable('service_periods', {
  id: text('id').primaryKey(),
  venueId: text('venue_id').notNull(),
  name: text('name').notNull(),
  /** ISO weekdays of the service day the period starts on: 1 Monday ... 7 Sunday. */
  daysOfWeek: integer('days_of_week').array().notNull(),
  /** Minutes from the service day's midnight; past 1440 runs into the next calendar day. */
  startMinute: integer('start_minute').notNull(),
  endMinute: integer('end_minute').notNull(),
  intervalMinutes: integer('interval_minutes').notNull(),
  sortOrder: integer('sort_order').notNull(),
  version: integer('version').notNull().default(1),
  /** The last start time offered; null: the last whose meal ends by `endMinute`. */
  lastSeatingMinute: integer('last_seating_minute'),
  /** Hong Kong days the service is valid, both included; null: open-ended. */
  validFrom: text('valid_from'),
  validUntil: text('valid_until'),
  /** Only members may book its times (membership-rules.ts, migration 0034). */
  membersOnly: boolean('members_only').notNull().default(false),
});

export const seatingAreas = pgTable('seating_areas', {
  id: text('id').primaryKey(),
  venueId: text('venue_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  sortOrder: integer('sort_order').notNull(),
  /** Only members may book its tables (membership-rules.ts). */
  membersOnly: boolean('members_only').notNull().default(false),
  version: integer('version').notNull().default(1),
  active: boolean('active').notNull().default(true),
});

/** Who may book a table: guests online, staff only, or kept for walk-ins. */
export type TableBookable = 'ONLINE' | 'STAFF' | 'WALK_IN';
export type TableShape = 'RECT' | 'ROUND';

export const venueTables = pgTable('venue_tables', {
  id: text('id').primaryKey(),
  venueId: text('venue_id').notNull(),
  seatingAreaId: text('seating_area_id').notNull(),
  name: text('name').notNull(),
  minGuests: integer('min_guests').notNull(),
  maxGuests: integer('max_guests').notNull(),
  version: integer('version').notNull().default(1),
  active: boolean('active').notNull().default(true),
  bookable: text('bookable').$type<TableBookable>().notNull().default('ONLINE'),
  /** Tables of one group may be joined for a larger party. */
  combineGroup: text('combine_group'),
  /** The floor layout in plan units; x and y null until an admin places the table. */
  shape: text('shape').$type<TableShape>().notNull().default('RECT'),
  x: integer('x'),
  y: integer('y'),
  width: integer('width').notNull().default(80),
  height: integer('height').notNull().default(80),
  rotation: integer('rotation').notNull().default(0),
});

/** How long a party sits: the first rule whose service (null: any) and party sizes fit. */
export interface TurnTimeRule {
  periodName: string | null;
  minGuests: number;
  maxGuests: number;
  minutes: number;
}

/** At most so many covers starting per slot interval, and per service, of one service (by period name). */
export interface PacingRule {
  periodName: string;
  maxCoversPerSlot: number | null;
  maxCoversPerService: number | null;
}

export const venueTurnTimes = pgTable('venue_turn_times', {
  venueId: text('venue_id').primaryKey(),
  rules: jsonb('rules').$type<TurnTimeRule[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
});

export const venuePacing = pgTable('venue_pacing', {
  venueId: text('venue_id').primaryKey(),
  rules: jsonb('rules').$type<PacingRule[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
});

export type PrePaymentType = 'PREPAYMENT' | 'DEPOSIT' | 'GUARANTEE' | 'NONE';

/** docs/PRODUCT.md §3's payment policy; percentages use docs/PRODUCT.md §9's encodings (service charge /1000, tax /100000). */
export const experiences = pgTable('experiences', {
  id: text('id').primaryKey(),
  venueId: text('venue_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  /** Names of the venue's service periods in which the experience is offered. */
  periodNames: text('period_names').array().notNull(),
  membersOnly: boolean('members_only').notNull(),
  prePaymentType: text('pre_payment_type').$type<PrePaymentType>().notNull(),
  priceAmount: integer('price_amount').notNull(),
  serviceChargePercentage: integer('service_charge_percentage').notNull(),
  taxPercentage: integer('tax_percentage').notNull(),
  depositPolicy: jsonb('deposit_policy').$type<{ minGuestCount: number; price: { amount: number } }[]>().notNull(),
  sortOrder: integer('sort_order').notNull(),
  version: integer('version').notNull().default(1),
  /** The experience's own booking windows; null: the venue's (membership-rules.ts). */
  guestBookingDays: integer('guest_booking_days'),
  memberBookingDays: integer('member_booking_days'),
  /** Retired experiences stay for the bookings that name them; guests cannot book them (migration 0030). */
  active: boolean('active').notNull().default(true),
  /** The party sizes guests may book it for, inside the venue's online sizes. */
  minGuests: integer('min_guests').notNull().default(1),
  maxGuests: integer('max_guests').notNull().default(40),
  /** ISO weekdays of the service day it is offered on, inside its services' days. */
  daysOfWeek: integer('days_of_week').array().notNull().default(sql`'{1,2,3,4,5,6,7}'`),
  /** Its own policy instead of the venue's; null: the venue's (common/experience-policy.ts `policyOf`). */
  policy: jsonb('policy').$type<VenuePolicy>(),
});

/** An experience's texts in the five languages beside English (null: not written, English shown). */
export const experienceTexts = pgTable(
  'experience_texts',
  {
    experienceId: text('experience_id').notNull(),
    locale: text('locale').notNull(),
    name: text('name'),
    description: text('description'),
  },
  (t) => [primaryKey({ columns: [t.experienceId, t.locale] })],
);

export const menus = pgTable('menus', {
  id: text('id').primaryKey(),
  venueId: text('venue_id').notNull(),
  name: text('name').notNull(),
  fileName: text('file_name').notNull().unique(),
  sortOrder: integer('sort_order').notNull(),
  /** An uploaded PDF; null: generated by server/menus/. */
  pdf: bytea('pdf'),
});

/** The venues' texts in the five languages beside English (null: not written, English shown). */
export const venueTexts = pgTable(
  'venue_texts',
  {
    venueId: text('venue_id').notNull(),
    locale: text('locale').notNull(),
    title: text('title'),
    description: text('description'),
    introduction: text('introduction'),
    address: text('address'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.locale] })],
);

export const venuePictures = pgTable('venue_pictures', {
  venueId: text('venue_id').primaryKey(),
  hash: text('hash').notNull(),
  uploadedAt: ts('uploaded_at').notNull(),
});

export const pictureFiles = pgTable(
  'picture_files',
  {
    hash: text('hash').notNull(),
    variant: text('variant').notNull(),
    contentType: text('content_type').notNull(),
    body: bytea('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.variant] })],
);

export const venueCatalogVersion = pgTable('venue_catalog_version', {
  onlyRow: boolean('only_row').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

export type ReservationStatus =
  | 'PENDING'
  | 'CONFIRMED'
  | 'EXPIRED'
  | 'CANCELED'
  | 'LATE_CANCELED'
  | 'NO_SHOW';

export type VisitStatus = 'ARRIVED' | 'SEATED' | 'FINISHED';

export type BookingSource = 'GUEST_WEB_MOBILE' | 'GUEST_WEB';

/** Where a reservation came from: a guest's own booking, or staff taking one by phone or seating a walk-in. */
export type ReservationSource = BookingSource | 'STAFF_PHONE' | 'STAFF_WALK_IN';
export type ReconfirmedVia = 'LINK' | 'SMS' | 'WHATSAPP' | 'PHONE';

export const reservations = pgTable('reservations', {
  id: text('id').primaryKey(),
  uniqueId: text('unique_id').notNull().unique(),
  userId: text('user_id').notNull(),
  venueId: text('venue_id').notNull(),
  experienceId: text('experience_id').notNull(),
  tableId: text('table_id').notNull(),
  /** The other tables of a combination the party sits at (docs/PRODUCT.md §9, tables joined); empty for one table. */
  combinedTableIds: text('combined_table_ids').array().notNull().default(sql`'{}'`),
  /** The dining area the guest asked for; null when any area will do. */
  seatingAreaId: text('seating_area_id'),
  /** The Hong Kong service day, YYYY-MM-DD. */
  date: text('date').notNull(),
  startTime: integer('start_time').notNull(),
  duration: integer('duration').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  numberOfGuests: integer('number_of_guests').notNull(),
  status: text('status').$type<ReservationStatus>().notNull(),
  holdExpiresAt: ts('hold_expires_at'),
  bookingSource: text('booking_source').$type<ReservationSource>().notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  mobileCountryCode: text('mobile_country_code'),
  mobileNumber: text('mobile_number'),
  /** The guest's requests, in the guest's words: shown back to them (docs/decisions/0034-staff-notes.md). */
  notes: text('notes'),
  /** Staff's internal notes on the booking: never in anything the guest sees (docs/decisions/0034-staff-notes.md). */
  staffNotes: text('staff_notes'),
  occasion: text('occasion').$type<Occasion>(),
  occasionNote: text('occasion_note'),
  dietaryNeeds: text('dietary_needs').array().$type<DietaryNeed[]>().notNull().default(sql`'{}'`),
  dietaryNote: text('dietary_note'),
  locale: text('locale').notNull().default('en'),
  prePaymentType: text('pre_payment_type').$type<PrePaymentType>().notNull(),
  amountDue: integer('amount_due').notNull(),
  /** Of the amount due, what staff let the guest owe, payable at the venue (a phone booking, a staff change's difference). */
  amountOwed: integer('amount_owed').notNull().default(0),
  /** What the venue took for the booking at the door (staff's "paid at the venue"). */
  paidAtVenue: integer('paid_at_venue').notNull().default(0),
  /** What the policy let the club keep beyond the amount due: a late cancellation's or a late change's fee. */
  feeKept: integer('fee_kept').notNull().default(0),
  currency: text('currency').notNull().default('HKD'),
  /** RFC 5545 SEQUENCE of the calendar invitation: raised on every change and cancel. */
  sequence: integer('sequence').notNull().default(0),
  confirmedAt: ts('confirmed_at'),
  canceledAt: ts('canceled_at'),
  /** When the guest confirmed again from the reminder's link. */
  reconfirmedAt: ts('reconfirmed_at'),
  /** How the guest reconfirmed (migration 0053): the link, a text reply, or staff's call. */
  reconfirmedVia: text('reconfirmed_via').$type<ReconfirmedVia>(),
  /** When the reconfirmation request went out (services/reconfirmation/reconfirmation-requests.ts). */
  reconfirmAskedAt: ts('reconfirm_asked_at'),
  /** The start the reminder was sent for (null before any): see services/reservation-reminders.ts. */
  remindedFor: ts('reminded_for'),
  /** How far a CONFIRMED booking's visit has gone (machines/visit.machine.ts); null until the guest arrives. */
  visitStatus: text('visit_status').$type<VisitStatus>(),
  /** When the party finished and left its table free (the booked times stay as booked): see `occupiedUntil`. */
  tableFreedAt: ts('table_freed_at'),
  /** When the feedback mail went out for this visit (services/feedback/feedback-mails.ts). */
  feedbackRequestedAt: ts('feedback_requested_at'),
  /** The guest's answer to the reminder's allergy question: when, and what they said ('' for none). */
  allergiesConfirmedAt: ts('allergies_confirmed_at'),
  allergiesAnswer: text('allergies_answer'),
  /** When the party last sat down: the host stand's seated timer (migration 0042). */
  seatedAt: ts('seated_at'),
  /** The minutes staff were told the party is running late (null: not told). */
  runningLateMinutes: integer('running_late_minutes'),
  /** Of an arrived party, the covers here while the rest are still to come (null: all here, or not arrived; migration 0045). */
  arrivedCovers: integer('arrived_covers'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type PaymentStatus =
  | 'REQUIRES_PAYMENT_METHOD'
  | 'REQUIRES_ACTION'
  | 'PROCESSING'
  | 'SUCCEEDED'
  | 'FAILED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED';

export type PaymentPurpose = 'RESERVATION' | 'WALLET_TOP_UP' | 'NO_SHOW_FEE';
export type PaymentMethod = 'CARD' | 'WALLET';

/** Our record of a payment. Of a card only the processor's reference, brand and last four digits. */
export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  reservationId: text('reservation_id'),
  purpose: text('purpose').$type<PaymentPurpose>().notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull().default('HKD'),
  status: text('status').$type<PaymentStatus>().notNull(),
  method: text('method').$type<PaymentMethod>().notNull(),
  /** The processor's payment intent id (cards only). */
  processorRef: text('processor_ref'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  failureMessage: text('failure_message'),
  /** What we have decided to give back; for a card, carried out by the processor once `refundRef` is set. */
  refundedAmount: integer('refunded_amount').notNull().default(0),
  /** The processor's refund id, once it has accepted the refund (cards only). */
  refundRef: text('refund_ref'),
  /** A change's difference paid by card: the change it pays for (it counts to the booking once the change is made). */
  changeHoldId: text('change_hold_id'),
  /** When the guest removed the card that paid this from their saved cards (services/payments/saved-cards.ts). */
  cardRemovedAt: ts('card_removed_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type ChangeHoldStatus = 'HELD' | 'MADE' | 'GIVEN_UP';

/**
 * A change that costs more, held while its difference is paid by card (services/reservations/change-holds.ts):
 * the new placement, the new amount due and the difference; made when the payment succeeds.
 */
export const changeHolds = pgTable('change_holds', {
  id: text('id').primaryKey(),
  reservationId: text('reservation_id').notNull(),
  userId: text('user_id').notNull(),
  venueId: text('venue_id').notNull(),
  /** The reservation's `sequence` when the change was asked: a booking changed since is not changed again by it. */
  baseSequence: integer('base_sequence').notNull(),
  date: text('date').notNull(),
  startTime: integer('start_time').notNull(),
  duration: integer('duration').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  numberOfGuests: integer('number_of_guests').notNull(),
  seatingAreaId: text('seating_area_id'),
  tableId: text('table_id').notNull(),
  /** The other tables of the combination the change is held on; empty for one table. */
  combinedTableIds: text('combined_table_ids').array().notNull().default(sql`'{}'`),
  notes: text('notes'),
  amountDue: integer('amount_due').notNull(),
  difference: integer('difference').notNull(),
  currency: text('currency').notNull().default('HKD'),
  status: text('status').$type<ChangeHoldStatus>().notNull(),
  holdExpiresAt: ts('hold_expires_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type NoShowFeeChargeStatus = 'PENDING' | 'CHARGED' | 'DECLINED' | 'GAVE_UP';

/**
 * A no-show fee's charge to the card that paid the booking (services/no-show-fee-charge.ts): tried at the
 * no-show, again by the payment worker while the processor cannot be reached, and by staff on the day sheet.
 */
export const noShowFeeCharges = pgTable('no_show_fee_charges', {
  reservationId: text('reservation_id').primaryKey(),
  userId: text('user_id').notNull(),
  /** The processor's intent of the payment whose card is charged. */
  cardOf: text('card_of').notNull(),
  amount: integer('amount').notNull(),
  /** The key of the current charge: a new one only after the card refused the last. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  status: text('status').$type<NoShowFeeChargeStatus>().notNull(),
  /** Attempts with this key that got no answer from the processor. */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at'),
  /** The processor's reason for a refusal (English, as the processor gave it), or the last attempt's error. */
  lastError: text('last_error'),
  /** A process charging it now holds it until then; `claimToken` names which. */
  claimedUntil: ts('claimed_until'),
  claimToken: text('claim_token'),
  /** A guarantee's late cancellation: its mail, saying how this charge went, is written with the first outcome (migration 0058). */
  mailsCancellation: boolean('mails_cancellation').notNull().default(false),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type CardGuaranteeStatus = 'REQUIRES_CARD' | 'REQUIRES_ACTION' | 'SAVED' | 'FAILED';

/**
 * The card a guaranteed booking keeps (migration 0051, services/payments/card-guarantee.ts): saved through
 * the processor's setup, nothing charged; the policy's fee is charged to it off-session (`setupRef` is the
 * no-show fee charge's `cardOf`).
 */
export const cardGuarantees = pgTable('card_guarantees', {
  reservationId: text('reservation_id').primaryKey(),
  userId: text('user_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** The processor's setup (Stripe: a SetupIntent), once made. */
  setupRef: text('setup_ref').unique(),
  status: text('status').$type<CardGuaranteeStatus>().notNull(),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  /** Why the last saving failed, in the processor's (translated) words. */
  failureMessage: text('failure_message'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Ids of the webhook events already acted on, so a redelivery changes nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: ts('processed_at').notNull().default(sql`now()`),
});

export type WalletEntryType = 'TOP_UP' | 'PAYMENT' | 'REFUND' | 'CHARGE' | 'ADJUSTMENT';

/**
 * A description the server composed, kept as the message it was made from so each reader gets it in
 * their language: `id` is the English ICU template (the catalog's id), `values` fill its placeholders.
 */
export interface DescriptionMessage {
  id: string;
  values: Record<string, string | number>;
}

export const walletEntries = pgTable('wallet_entries', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  type: text('type').$type<WalletEntryType>().notNull(),
  /** Signed minor units: credits positive, debits negative. */
  amount: integer('amount').notNull(),
  /** English, as written (by the server, or by staff). */
  description: text('description').notNull(),
  /** The message behind a composed `description`, for other languages; null for a plain text. */
  descriptionMessage: jsonb('description_message').$type<DescriptionMessage>(),
  reservationId: text('reservation_id'),
  paymentId: text('payment_id'),
  createdAt: createdAt(),
  /** Insertion order, shared with `cardEntries`, to list entries written in the same instant. */
  seq: transactionSeq(),
});

export type CardEntryType = 'PAYMENT' | 'REFUND';

/**
 * Card payments and refunds as the transaction history lists them; they never move the wallet. A card
 * top-up is not one: its wallet entry stands for it.
 */
export const cardEntries = pgTable('card_entries', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  paymentId: text('payment_id').notNull(),
  reservationId: text('reservation_id'),
  type: text('type').$type<CardEntryType>().notNull(),
  /** Signed minor units: a payment negative, a refund positive. */
  amount: integer('amount').notNull(),
  description: text('description').notNull(),
  /** As in `walletEntries`. */
  descriptionMessage: jsonb('description_message').$type<DescriptionMessage>(),
  createdAt: createdAt(),
  seq: transactionSeq(),
});

export type TransactionSource = 'WALLET' | 'CARD';

/** Wallet entries and card entries as one history (a view), with the card of the payment behind each. */
export const transactions = pgView('transactions', {
  id: text('id').notNull(),
  userId: text('user_id').notNull(),
  source: text('source').$type<TransactionSource>().notNull(),
  type: text('type').$type<WalletEntryType>().notNull(),
  amount: integer('amount').notNull(),
  description: text('description').notNull(),
  descriptionMessage: jsonb('description_message').$type<DescriptionMessage>(),
  reservationId: text('reservation_id'),
  paymentId: text('payment_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  createdAt: ts('created_at').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
}).existing();

export const phoneVerifications = pgTable('phone_verifications', {
  id: text('id').primaryKey(),
  mobileCountryCode: text('mobile_country_code').notNull(),
  mobileNumber: text('mobile_number').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  verifiedAt: ts('verified_at'),
  /** When the code opened a session: spent, it opens no other (migration 0039, docs/decisions/0030-spent-codes.md). */
  usedAt: ts('used_at'),
  createdAt: createdAt(),
  /** Insertion order, to tell apart codes sent in the same instant. */
  seq: bigserial('seq', { mode: 'number' }).notNull(),
});

/** Codes e-mailed to verify a guest continuing without an account (migration 0034): as phone_verifications, by address. */
export const emailVerifications = pgTable('email_verifications', {
  id: text('id').primaryKey(),
  /** The address as normalised (common/validation/email.ts). */
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  verifiedAt: ts('verified_at'),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
});

export const contactMessages = pgTable('contact_messages', {
  id: text('id').primaryKey(),
  /** The account the sender was logged in to, if any (migration 0039): the export's test of whose message it is. */
  userId: text('user_id'),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  locale: text('locale').notNull(),
  createdAt: createdAt(),
});

export interface OutboxAttachment {
  fileName: string;
  contentType: string;
  /** Base64 content. */
  content: string;
}

export type OutboxStatus = 'QUEUED' | 'SENT' | 'FAILED';

export const outbox = pgTable('outbox', {
  id: text('id').primaryKey(),
  channel: text('channel').$type<'EMAIL' | 'SMS'>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
  sentAt: ts('sent_at'),
  createdAt: createdAt(),
  /** Insertion order, to list messages written in the same instant newest first. */
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  status: text('status').$type<OutboxStatus>().notNull().default('QUEUED'),
  /** Delivery attempts made so far. */
  attempts: integer('attempts').notNull().default(0),
  /** Not tried again before this (null: as soon as possible). */
  nextAttemptAt: ts('next_attempt_at'),
  lastError: text('last_error'),
  /** A sender holds the row until then; `claimToken` names which. */
  claimedUntil: ts('claimed_until'),
  claimToken: text('claim_token'),
  /** The reader's language, for the mail's frame (null: English). */
  locale: text('locale'),
  /** Emptied once sent or failed for good: an erased guest's last mail (docs/decisions/0032-erasure-all-of-it.md). */
  forgetWhenDone: boolean('forget_when_done').notNull().default(false),
  /** The SMS provider's id of the sent message (Twilio's SID), for its status callbacks (migration 0054). */
  providerMessageId: text('provider_message_id'),
  /** What the provider's status callback said after sending. */
  deliveryStatus: text('delivery_status').$type<'DELIVERED' | 'FAILED'>(),
});

export const pageViews = pgTable('page_views', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  page: text('page').notNull(),
  locale: text('locale').notNull(),
  createdAt: createdAt(),
});

/** Attempts counted per limit and key (lib/rate-limit.ts), shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    name: text('name').notNull(),
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    blockedUntil: ts('blocked_until'),
    /** The wait before the latest attempt: back in force if that attempt is taken back. */
    priorBlockedUntil: ts('prior_blocked_until'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.key] })],
);

/** Where each account last logged in from (services/login-throttle.ts). */
export const loginKnownClients = pgTable(
  'login_known_clients',
  {
    account: text('account').notNull(),
    client: text('client').notNull(),
    lastSuccessAt: ts('last_success_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.client] })],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export type WaitlistStatus = 'WAITING' | 'OFFERED' | 'BOOKED' | 'DECLINED' | 'LAPSED' | 'LEFT' | 'EXPIRED';

/** A guest waiting for a table (machines/waitlist.machine.ts); `seq` is the join order. */
export const waitlistEntries = pgTable('waitlist_entries', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  venueId: text('venue_id').notNull(),
  experienceId: text('experience_id').notNull(),
  date: text('date').notNull(),
  numberOfGuests: integer('number_of_guests').notNull(),
  /** The window of start times, minutes from the service day's midnight. */
  earliestTime: integer('earliest_time').notNull(),
  latestTime: integer('latest_time').notNull(),
  /** The window's latest start as an instant: the entry expires once it passes. */
  windowEndsAt: ts('window_ends_at').notNull(),
  status: text('status').$type<WaitlistStatus>().notNull(),
  /** The PENDING reservation holding the offered table (kept after the offer ends). */
  reservationId: text('reservation_id'),
  offerExpiresAt: ts('offer_expires_at'),
  locale: text('locale').notNull().default('en'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
});

/** Every change staff make, written in the transaction of the change (services/audit-log.ts). */
export const auditLog = pgTable('audit_log', {
  id: text('id').primaryKey(),
  actorId: text('actor_id').notNull(),
  /** The venue the change concerns; null for a club-wide one. */
  venueId: text('venue_id'),
  action: text('action').notNull(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: ts('created_at').notNull(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
});

/** A venue, dining area or service (period name) closed for service days `fromDate` to `toDate`, both included. */
export const closures = pgTable('closures', {
  id: text('id').primaryKey(),
  venueId: text('venue_id').notNull(),
  scope: text('scope').$type<ClosureScope>().notNull(),
  seatingAreaId: text('seating_area_id'),
  periodName: text('period_name'),
  /** Hong Kong service days, YYYY-MM-DD. */
  fromDate: text('from_date').notNull(),
  toDate: text('to_date').notNull(),
  reason: text('reason').$type<ClosureReason>().notNull(),
  /** The staff's own words (required for OTHER); never shown to guests. */
  note: text('note'),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** One day's reconciliation with Stripe (Hong Kong day, YYYY-MM-DD), claimed by the process that runs it. */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  day: text('day').primaryKey(),
  startedAt: ts('started_at').notNull(),
  finishedAt: ts('finished_at'),
  intentsChecked: integer('intents_checked').notNull().default(0),
});

export type ReconciliationKind = 'UNKNOWN_TO_CLUB' | 'CHARGE_DIFFERS' | 'REFUND_MISSING' | 'REFUND_NOT_AT_STRIPE';

/** A difference between Stripe's money and ours for one payment intent, in HK cents. */
export const reconciliationDifferences = pgTable('reconciliation_differences', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  day: text('day').notNull(),
  kind: text('kind').$type<ReconciliationKind>().notNull(),
  intentId: text('intent_id').notNull(),
  paymentId: text('payment_id'),
  reservationId: text('reservation_id'),
  stripeAmount: integer('stripe_amount').notNull(),
  clubAmount: integer('club_amount').notNull(),
});

/** A guest's rating (1 to 5) and comment on one visit, through the feedback mail's signed link. */
export const visitFeedback = pgTable('visit_feedback', {
  reservationId: text('reservation_id').primaryKey(),
  userId: text('user_id').notNull(),
  venueId: text('venue_id').notNull(),
  /** The Hong Kong service day of the visit, YYYY-MM-DD. */
  visitDate: text('visit_date').notNull(),
  rating: integer('rating').notNull(),
  comment: text('comment'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** What a venue does with a phone booking whose pay link lapsed unpaid (migration 0049). */
export type PayLinkLapse = 'RELEASE' | 'KEEP_OWED';

/** A venue's pay-link settings; a venue without a row has the defaults (services/pay-link/pay-link-settings.ts). */
export const venuePayLink = pgTable('venue_pay_link', {
  venueId: text('venue_id').primaryKey(),
  lapseHours: integer('lapse_hours').notNull().default(24),
  onLapse: text('on_lapse').$type<PayLinkLapse>().notNull().default('KEEP_OWED'),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});

/** CARD_SAVED: a guarantee's link, closed once the card is saved (migration 0057). */
export type PayLinkOutcome = 'PAID' | 'CARD_SAVED' | 'RELEASED' | 'KEPT_OWED';

/** A phone booking's pay link (decision 0036): open while `outcome` is null. */
export const payLinks = pgTable('pay_links', {
  reservationId: text('reservation_id').primaryKey(),
  venueId: text('venue_id').notNull(),
  amount: integer('amount').notNull(),
  asks: text('asks').$type<'DEPOSIT' | 'PREPAYMENT' | 'GUARANTEE'>().notNull(),
  sentAt: ts('sent_at').notNull(),
  lapsesAt: ts('lapses_at').notNull(),
  remindedAt: ts('reminded_at'),
  outcome: text('outcome').$type<PayLinkOutcome>(),
  settledAt: ts('settled_at'),
});
