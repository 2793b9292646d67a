/**
 * A reservation opened by its manage link, without logging in: the token stands in for the session and
 * names the reservation's owner, so reading, changing and cancelling go through the same services (and
 * rules) as the guest's own calls, held to the version the link was sent for.
 */
import { eq } from 'drizzle-orm';
import { reservations } from '../../db/schema';
import { membershipOfUser } from '../booking-rules/membership-rules';
import { getAvailability, type AvailabilityDto } from '../venues/availability';
import { manageTokenFor, readManageToken, linkOutdated } from './manage-link';
import {
  cancelReservation,
  changeReservation,
  holdReservationChange,
  notChangeable,
  quoteReservationChange,
  type CancelDeps,
  type ChangeReservationInput,
} from './reservation-change';
import { findOwnChangeHold, type ChangeHoldDto } from './change-holds';
import { changePaymentState, giveUpChange, type ChangePaymentState } from '../payments/change-payment';
import { startChangePayment, startFeePayment, startReservationPayment } from '../payments/payment-start';
import { getOwnPayment } from '../payments/payment-sync';
import { readCardGuarantee, startCardGuarantee, type CardGuaranteeDto } from '../payments/card-guarantee';
import type { PaymentDeps, PaymentDto } from '../payments/payments';
import type { ChangeQuote } from '../payments/change-money';
import { toReservationDto, type ReservationDto } from './reservation-dto';
import { getOwnCalendarInvite, getOwnReservation, type CalendarFile } from './reservation-queries';
import { markReconfirmed } from '../reconfirmation/mark-reconfirmed';
import { reservationNotFound, reservationScope, type ReservationDeps, type ReservationRow } from './reservations';

/** How the link stands: it opens the reservation as it is, or the reservation has changed or been cancelled since. */
export type LinkState = 'current' | 'changed' | 'canceled';

/** What a manage link opens. A changed reservation's old link shows no details: the newer mail has them. */
export interface ManagedReservation {
  link: LinkState;
  reference: string;
  venue: { name: string; domain: string };
  reservation: ReservationDto | null;
  /** The credential for further calls: the link's own, or after a change the new version's; null once nothing is left to do. */
  token: string | null;
}

const isCanceled = (row: Pick<ReservationRow, 'status'>) => row.status === 'CANCELED' || row.status === 'LATE_CANCELED';

/** The reservation a token names, and the version it was sent for; 404/410 for a forged or expired token. */
async function reservationOfToken(deps: ReservationDeps, token: string) {
  const grant = readManageToken(deps.config.jwtSecret, token, deps.clock.now());
  const [row] = await deps.db.select().from(reservations).where(eq(reservations.id, grant.reservationId));
  if (!row) throw reservationNotFound();
  return { grant, row };
}

function linkState(row: ReservationRow, version: number): LinkState {
  if (isCanceled(row)) return 'canceled';
  return row.sequence === version ? 'current' : 'changed';
}

/** The answer for a reservation as it now stands (the token is the current version's). */
function managed(deps: ReservationDeps, row: ReservationRow, reservation: ReservationDto, state: LinkState): ManagedReservation {
  return {
    link: state,
    reference: row.uniqueId,
    venue: { name: reservation.venue.name, domain: reservation.venue.domain },
    reservation: state === 'changed' ? null : reservation,
    token: state === 'current' ? manageTokenFor(deps.config, row) : null,
  };
}

/** A token that may act: it is of the current version of a reservation that is not cancelled. */
export async function currentReservation(deps: ReservationDeps, token: string) {
  const { grant, row } = await reservationOfToken(deps, token);
  if (isCanceled(row)) throw notChangeable();
  if (row.sequence !== grant.version) throw linkOutdated();
  return { grant, row };
}

async function reread(deps: ReservationDeps, id: string): Promise<ReservationRow> {
  const [row] = await deps.db.select().from(reservations).where(eq(reservations.id, id));
  return row!;
}

/** GET: the reservation as the link sees it. */
export async function openManagedReservation(deps: ReservationDeps, token: string): Promise<ManagedReservation> {
  const { grant, row } = await reservationOfToken(deps, token);
  const dto = await getOwnReservation(deps, row.userId, row.id);
  return managed(deps, row, dto, linkState(row, grant.version));
}

/** The free times for moving the reservation to `date` with `numberOfGuests` (its own experience), in every dining area: the change form offers the area too. */
export async function managedAvailability(
  deps: ReservationDeps,
  token: string,
  query: { date: string; numberOfGuests: number },
): Promise<AvailabilityDto> {
  const { row } = await currentReservation(deps, token);
  return getAvailability(
    deps.db,
    { venueId: row.venueId, experienceId: row.experienceId, ...query },
    deps.clock.now(),
    await membershipOfUser(deps.db, row.userId),
  );
}

/** PUT: a change under the same rules as the guest's own; the answer carries the new version's token. */
export async function changeManagedReservation(
  deps: CancelDeps,
  token: string,
  input: Pick<ChangeReservationInput, 'date' | 'startTime' | 'numberOfGuests' | 'seatingAreaId'>,
): Promise<ManagedReservation> {
  const { grant, row } = await currentReservation(deps, token);
  const dto = await changeReservation(deps, row.userId, row.id, input, { version: grant.version });
  return managed(deps, await reread(deps, row.id), dto, 'current');
}

/** What the change through the link would cost, before it is made (nothing saved). */
export async function quoteManagedChange(
  deps: CancelDeps,
  token: string,
  input: Pick<ChangeReservationInput, 'date' | 'startTime' | 'numberOfGuests' | 'seatingAreaId'>,
): Promise<ChangeQuote> {
  const { grant, row } = await currentReservation(deps, token);
  return quoteReservationChange(deps, row.userId, row.id, input, { version: grant.version });
}

/** A change through the link that costs more, held while its difference is paid by card (as the guest's own). */
export async function holdManagedChange(
  deps: CancelDeps,
  token: string,
  input: Pick<ChangeReservationInput, 'date' | 'startTime' | 'numberOfGuests' | 'seatingAreaId'>,
): Promise<ChangeHoldDto> {
  const { grant, row } = await currentReservation(deps, token);
  return holdReservationChange(deps, row.userId, row.id, input, { version: grant.version });
}

/** Starts the card payment of a change held through this link. */
export async function payManagedChange(deps: PaymentDeps, token: string, holdId: string, input: { idempotencyKey: string }): Promise<PaymentDto> {
  const { row } = await currentReservation(deps, token);
  return startChangePayment(deps, { id: row.userId }, row.id, holdId, input);
}

/** Starts the card payment of what a phone booking owes, through its pay link (decision 0036). */
export async function payThroughLink(deps: PaymentDeps, token: string, input: { idempotencyKey: string }): Promise<PaymentDto> {
  const { row } = await currentReservation(deps, token);
  return startReservationPayment(deps, { id: row.userId }, row.id, { method: 'CARD', idempotencyKey: input.idempotencyKey }, 'pay-link');
}

/** Starts the card payment of a fee the booking's card on file did not pay (the bank asked the guest to approve it): the link's guest pays it. */
export async function payFeeThroughLink(deps: PaymentDeps, token: string, input: { idempotencyKey: string }): Promise<PaymentDto> {
  const { row } = await reservationOfToken(deps, token);
  return startFeePayment(deps, { id: row.userId }, row.id, input);
}

/** Saves a card for the link's guaranteed booking, as the guest's own call does (decision 0035). */
export async function startGuaranteeThroughLink(deps: PaymentDeps, token: string): Promise<CardGuaranteeDto> {
  const { row } = await currentReservation(deps, token);
  return startCardGuarantee(deps, row.id);
}

/** The link's booking's card guarantee, as the processor has it now; null when none was started. */
export async function guaranteeThroughLink(deps: PaymentDeps, token: string): Promise<CardGuaranteeDto | null> {
  const { row } = await reservationOfToken(deps, token);
  return readCardGuarantee(deps, row);
}

/** A payment of the link's booking, checked with the processor while pending (the payment chart waits on it). */
export async function paymentThroughLink(deps: PaymentDeps, token: string, paymentId: string): Promise<PaymentDto> {
  const { row } = await reservationOfToken(deps, token);
  const payment = await getOwnPayment(deps, row.userId, paymentId);
  if (payment.reservationId !== row.id) throw reservationNotFound();
  return payment;
}

/** Gives up the change held through this link: the booking stays as it was. */
export async function giveUpManagedChange(deps: PaymentDeps, token: string, holdId: string): Promise<ChangeHoldDto> {
  const { row } = await currentReservation(deps, token);
  return giveUpChange(deps, row.userId, row.id, holdId);
}

/**
 * How a change held through this link stands. The link's version is the one the change was asked
 * against, so it still reads the change once made, and then answers the reservation and its new token.
 */
export async function managedChangeState(
  deps: PaymentDeps,
  token: string,
  holdId: string,
): Promise<ChangePaymentState & { managed: ManagedReservation | null }> {
  const { grant, row } = await reservationOfToken(deps, token);
  const hold = await findOwnChangeHold(deps.db, row.userId, row.id, holdId);
  if (hold.baseSequence !== grant.version) throw linkOutdated();
  const state = await changePaymentState(deps, row.userId, row.id, holdId);
  if (state.change.status !== 'MADE') return { ...state, managed: null };
  const changed = await reread(deps, row.id);
  const dto = await getOwnReservation(deps, changed.userId, changed.id);
  return { ...state, managed: managed(deps, changed, dto, linkState(changed, changed.sequence)) };
}

/** Cancel under the venue's policy (refund or late fee), as the guest's own cancel does. */
export async function cancelManagedReservation(deps: CancelDeps, token: string): Promise<ManagedReservation> {
  const { grant, row } = await currentReservation(deps, token);
  const dto = await cancelReservation(deps, row.userId, row.id, { version: grant.version });
  return managed(deps, await reread(deps, row.id), dto, 'canceled');
}

/**
 * The guest confirms they are coming (from the reminder): the time is recorded once, on an upcoming
 * confirmed reservation; a second tap changes nothing. The version stays, so the mail's links still work.
 */
export async function reconfirmManagedReservation(deps: ReservationDeps, token: string): Promise<ManagedReservation> {
  const { row } = await currentReservation(deps, token);
  const { db, now, catalog } = await reservationScope(deps);
  if (row.status !== 'CONFIRMED' || row.startsAt <= now) throw notChangeable();
  await markReconfirmed(db, row.id, 'LINK', now);
  const updated = await reread(deps, row.id);
  return managed(deps, updated, toReservationDto(updated, catalog, now), 'current');
}

/** The calendar invitation, as the mail carries it. */
export async function managedCalendarInvite(deps: ReservationDeps, token: string): Promise<CalendarFile> {
  const { grant, row } = await reservationOfToken(deps, token);
  if (!isCanceled(row) && row.sequence !== grant.version) throw linkOutdated();
  return getOwnCalendarInvite(deps, row.userId, row.id);
}
