/**
 * The typed keys of the app's reads (src/api/query-cache.ts). A key is its kind, then the parts that pick
 * the answer; the account reads put the user's id first, so an answer kept for one user is never shown
 * to the next one logging in on the same tab. A new kind of read adds its parts to `KeyParts`.
 */
import type { CacheKey } from './query-cache';

interface KeyParts {
  /** The logged-in user's profile, per access token, so a new session never sees the last one's answer. */
  me: [accessToken: string];
  reservations: [userId: string];
  reservation: [userId: string, id: string];
  waitlist: [userId: string];
  availability: [venueId: string, experienceId: string, date: string, numberOfGuests: number, seatingAreaId: string];
  /** Shared with the venue pages, which read the same venue under this key. */
  venue: [domain: string];
  wallet: [userId: string];
  transactions: [userId: string, from: string, to: string, page: number, pageSize: number];
  /** One payment as the result page reads it (its card's brand and last four). */
  payment: [userId: string, id: string];
  /** One transaction (a wallet entry, or a card payment or refund). */
  transaction: [userId: string, id: string];
  statements: [userId: string];
  statement: [userId: string, month: string];
  /** The staff console's reads, dropped whenever a member of staff logs in or out (`STAFF_PREFIXES`). */
  staffAccounts: [];
  staffAudit: [filters: string];
  staffReport: [params: string];
  /** A day's reconciliation with Stripe. */
  staffReconciliation: [day: string];
  /** A venue's tables as they stand at one instant (ISO). */
  staffTablePlan: [venueId: string, at: string];
  staffTableCombinations: [venueId: string, guests: number];
  /** A venue's day sheet on one day. */
  staffDaySheet: [venueId: string, date: string];
  /** A venue's set-up: its texts and contacts, its services (docs/PRODUCT.md §2). */
  staffVenueSetup: [venueId: string, part: 'content' | 'services' | 'reconfirmation' | 'pay-link'];
  /** A venue's set-up as stored now (floor or pacing), with versions. */
  staffSetup: [what: 'floor' | 'pacing' | 'turn-times' | 'staff-access' | 'experiences', venueId: string];
  /** The guest book: what was read ('search', q; 'profile', id; 'duplicates'; 'tags', archived). */
  staffGuests: [what: string, detail: string];
  /** A venue's closures from one day on. */
  staffClosures: [venueId: string, from: string];
  staffCallList: [venueId: string, date: string];
  staffBookingMessages: [reservationId: string];
  staffNoShowReport: [query: string];
  /** After the visit and personal data (README.md): a guest's feedback (the guest book's profile), the feedback report, erasure requests, the retention. */
  staffGuestFeedback: [userId: string];
  staffFeedbackReport: [params: string];
  staffPrivacy: [];
  /** The guest's own privacy status (an erasure asked for). */
  privacy: [userId: string];
  /** A venue's walk-in queue on one service day, and the report of its quotes over a range. */
  staffWalkInQueue: [venueId: string, date: string];
  staffWalkInReport: [venueId: string, from: string, to: string];
  /** A guest's place in a walk-in queue, by their link's token. */
  walkInPlace: [token: string];
  /** The guest's saved cards (src/payment/saved-cards-section.tsx). */
  'saved-cards': [userId: string];
  /** The payment configuration (its processor), as the card guarantee's card form reads it. */
  'payment-config': [];
  /** A guaranteed booking's card (src/payment/card-guarantee-line.tsx). */
  'card-guarantee': [userId: string, reservationId: string];
  /** The guest's text-message choices (src/routes/message-preferences.tsx). */
  'message-preferences': [userId: string];
}

export type QueryKind = keyof KeyParts;

/** A full key: `['reservation', userId, id]`. */
export type QueryKey = { [Kind in QueryKind]: readonly [Kind, ...KeyParts[Kind]] }[QueryKind];

/** A key's beginning, to make every read under it stale: `['reservation']`, `['wallet', userId]`. */
export type QueryPrefix = readonly [QueryKind, ...(string | number)[]] & CacheKey;

export const meKey = (accessToken: string | null): QueryKey => ['me', accessToken ?? ''];
export const ME_PREFIX: QueryPrefix = ['me'];

export const reservationsKey = (userId: string): QueryKey => ['reservations', userId];
export const reservationKey = (userId: string, id: string): QueryKey => ['reservation', userId, id];
export const waitlistKey = (userId: string): QueryKey => ['waitlist', userId];
export const WAITLIST_PREFIX: QueryPrefix = ['waitlist'];
/**
 * What a change or cancellation makes stale: the lists, each reservation, and the waitlist (a freed
 * table may have been offered to it).
 */
export const RESERVATION_PREFIX: readonly QueryPrefix[] = [['reservations'], ['reservation'], WAITLIST_PREFIX];

export const availabilityKey = (q: {
  venueId: string;
  experienceId: string;
  date: string;
  numberOfGuests: number;
  seatingAreaId: string | null;
}): QueryKey => ['availability', q.venueId, q.experienceId, q.date, q.numberOfGuests, q.seatingAreaId ?? 'any'];
export const AVAILABILITY_PREFIX: QueryPrefix = ['availability'];

export const venueKey = (domain: string): QueryKey => ['venue', domain];

export const walletKey = (userId: string): QueryKey => ['wallet', userId];
export const transactionsKey = (userId: string, q: { from?: string; to?: string; page: number; pageSize: number }): QueryKey => [
  'transactions',
  userId,
  q.from ?? '',
  q.to ?? '',
  q.page,
  q.pageSize,
];
export const paymentConfigKey = (): QueryKey => ['payment-config'];
export const cardGuaranteeKey = (userId: string, reservationId: string): QueryKey => ['card-guarantee', userId, reservationId];
export const CARD_GUARANTEE_PREFIX: QueryPrefix = ['card-guarantee'];
export const paymentKey = (userId: string, id: string): QueryKey => ['payment', userId, id];
export const transactionKey = (userId: string, id: string): QueryKey => ['transaction', userId, id];
export const statementsKey = (userId: string): QueryKey => ['statements', userId];
export const statementKey = (userId: string, month: string): QueryKey => ['statement', userId, month];
/** The kept reads that money moving (a top-up, a payment, a refund) makes stale: balance, history, statements. */
export const MONEY_PREFIXES: readonly QueryPrefix[] = [['wallet'], ['transactions'], ['transaction'], ['statements'], ['statement']];

export const staffAccountsKey = (): QueryKey => ['staffAccounts'];
export const staffAuditKey = (filters: object): QueryKey => ['staffAudit', JSON.stringify(filters)];
export const staffReportKey = (params: Record<string, string>): QueryKey => ['staffReport', new URLSearchParams(params).toString()];
export const staffReconciliationKey = (day: string): QueryKey => ['staffReconciliation', day];
export const staffTablePlanKey = (venueId: string, at: Date): QueryKey => ['staffTablePlan', venueId, at.toISOString()];
export const staffTableCombinationsKey = (venueId: string, guests: number): QueryKey => ['staffTableCombinations', venueId, guests];
/** Every kept table plan of a venue, at whatever time: what a change to its book makes stale. */
export const staffTablePlanPrefix = (venueId: string): QueryPrefix => ['staffTablePlan', venueId];
export const staffDaySheetKey = (venueId: string, date: string): QueryKey => ['staffDaySheet', venueId, date];
export const staffClosuresKey = (venueId: string, from: string): QueryKey => ['staffClosures', venueId, from];
export const staffCallListKey = (venueId: string, date: string): QueryKey => ['staffCallList', venueId, date];
export const staffBookingMessagesKey = (reservationId: string): QueryKey => ['staffBookingMessages', reservationId];
export const staffNoShowReportKey = (params: Record<string, string>): QueryKey => ['staffNoShowReport', new URLSearchParams(params).toString()];
export const staffVenueSetupKey = (venueId: string, part: 'content' | 'services' | 'reconfirmation' | 'pay-link'): QueryKey => ['staffVenueSetup', venueId, part];
/** The set-up pages' reads of a venue (floor, pacing), always read afresh after a change. */
export const staffSetupKey = (what: 'floor' | 'pacing' | 'turn-times' | 'staff-access' | 'experiences', venueId: string): QueryKey => ['staffSetup', what, venueId];
/** What a staff log-in or log-out makes stale: nothing read for one member of staff is shown to the next. */
/** The guest book: a search, a guest's profile, the duplicates and the tags (every guest-book change forgets them all). */
export const staffGuestKey = (what: string, detail = ''): QueryKey => ['staffGuests', what, detail];
export const STAFF_GUEST_PREFIX: QueryPrefix = ['staffGuests'];
/** What a guest-book change (a note, a tag, a merge) makes stale: the guest book, and the warnings and names on the day sheets and table plans. */
export const GUEST_BOOK_CHANGE_PREFIXES: readonly QueryPrefix[] = [STAFF_GUEST_PREFIX, ['staffDaySheet'], ['staffTablePlan']];
export const STAFF_PREFIXES: readonly QueryPrefix[] = [
  ['staffAccounts'],
  ['staffAudit'],
  ['staffReport'],
  ['staffReconciliation'],
  ['staffTablePlan'],
  ['staffDaySheet'],
  ['staffClosures'],
  ['staffCallList'],
  ['staffBookingMessages'],
  ['staffNoShowReport'],
  ['staffGuestFeedback'],
  ['staffFeedbackReport'],
  ['staffPrivacy'],
  STAFF_GUEST_PREFIX,
  ['staffSetup'],
  ['staffVenueSetup'],
  ['staffWalkInQueue'],
  ['staffWalkInReport'],
];
export const staffGuestFeedbackKey = (userId: string): QueryKey => ['staffGuestFeedback', userId];
export const staffFeedbackReportKey = (params: Record<string, string>): QueryKey => ['staffFeedbackReport', new URLSearchParams(params).toString()];
export const staffPrivacyKey = (): QueryKey => ['staffPrivacy'];
export const privacyKey = (userId: string): QueryKey => ['privacy', userId];
export const messagePreferencesKey = (userId: string): QueryKey => ['message-preferences', userId];
export const savedCardsKey = (userId: string): QueryKey => ['saved-cards', userId];
/**
 * What staff changing the book (a move, a phone booking, a walk-in, a visit's arrival, seating, no-show or
 * cancellation) makes stale: the plans, the day sheets, the report's covers, the times offered to guests,
 * and the guests' reservations.
 */
export const STAFF_BOOK_PREFIXES: readonly QueryPrefix[] = [
  ['staffTablePlan'],
  ['staffDaySheet'],
  ['staffReport'],
  AVAILABILITY_PREFIX,
  ...RESERVATION_PREFIX,
];
/**
 * What adding or removing a closure at a venue makes stale: its closure lists, the times offered there,
 * and the venue's answer, whose closed days the guest's date strip marks.
 */
export const closureChangePrefixes = (venueId: string, domain: string): readonly QueryPrefix[] => [
  ['staffClosures', venueId],
  ['availability', venueId],
  ['venue', domain],
];
