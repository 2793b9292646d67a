/**
 * Keys of the account pages' reads (`useApiQuery`/`fetchOnce`). Each starts with the user's id after its
 * kind, so an answer kept for one user is never shown to the next one logging in on the same tab.
 */

/** The logged-in user's profile, per access token, so a new session never sees the last one's answer. */
export const meKey = (accessToken: string | null) => `me:${accessToken ?? ''}`;
export const ME_PREFIX = 'me:';

export const reservationsKey = (userId: string) => `reservations:${userId}`;
export const reservationKey = (userId: string, id: string) => `reservation:${userId}:${id}`;
/** Forgets every kept reservation list and reservation after a change or cancellation. */
export const RESERVATION_PREFIX = 'reservation';

export const availabilityKey = (q: {
  venueId: string;
  experienceId: string;
  date: string;
  numberOfGuests: number;
  seatingAreaId: string | null;
}) => `availability:${q.venueId}:${q.experienceId}:${q.date}:${q.numberOfGuests}:${q.seatingAreaId ?? 'any'}`;
export const AVAILABILITY_PREFIX = 'availability:';

/** Shared with the venue pages, which read the same venue under this key. */
export const venueKey = (domain: string) => `venue:${domain}`;

export const walletKey = (userId: string) => `wallet:${userId}`;
export const transactionsKey = (userId: string, q: { from?: string; to?: string; page: number; pageSize: number }) =>
  `transactions:${userId}:${q.from ?? ''}:${q.to ?? ''}:${q.page}:${q.pageSize}`;
/** One payment as the result page reads it (its card's brand and last four). */
export const paymentKey = (userId: string, id: string) => `payment:${userId}:${id}`;
/** One transaction (a wallet entry, or a card payment or refund). */
export const transactionKey = (userId: string, id: string) => `transaction:${userId}:${id}`;
export const statementsKey = (userId: string) => `statements:${userId}`;
export const statementKey = (userId: string, month: string) => `statement:${userId}:${month}`;
/** The kept reads that money moving (a top-up, a payment, a refund) makes stale: balance, history, statements. */
export const MONEY_PREFIXES = ['wallet:', 'transactions:', 'transaction:', 'statements:', 'statement:'] as const;
