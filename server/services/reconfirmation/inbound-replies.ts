/**
 * A guest's text reply (SMS or WhatsApp, through Twilio) landing on their booking (docs/PRODUCT.md §4,
 * two-way messages): 1 or YES reconfirms it, 9 or CANCEL cancels it under the policy through the guest's
 * own cancellation, and anything else waits for staff on the booking. The booking is the sender's next
 * upcoming confirmed one, by the mobile number it was made with. Each message is received once: its
 * provider id is kept, and a request carrying one already seen is a replay, refused.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookingMessages, type MessageOutcome, type TextChannel } from '../../db/reconfirmation-schema';
import { outbox, reservations } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { cancelReservation, type CancelDeps } from '../reservations/reservation-change';
import type { ReservationRow } from '../reservations/reservations';
import { markReconfirmed } from '../reconfirmation/mark-reconfirmed';
import { messageLanguage } from '../messaging/message-language';
import { queueGuestText } from '../messaging/guest-texts';
import { WHATSAPP_PREFIX } from '../messaging/twilio-provider';

export interface InboundText {
  /** The provider's id of the message (Twilio's MessageSid). */
  providerId: string;
  /** The sender as the provider writes it: `+852…`, or `whatsapp:+852…`. */
  from: string;
  body: string;
}

export const replayed = () => new ApiError(409, ERROR_CODES.TWILIO_REPLAYED, /*i18n*/ 'This message has been received already');

const CONFIRM_WORDS = new Set(['1', 'YES']);
const CANCEL_WORDS = new Set(['9', 'CANCEL']);

/** What a reply asks for, read as the guest typed it (any case, spaces and a full stop around it). */
export function replyIntent(body: string): 'confirm' | 'cancel' | 'other' {
  const word = body.trim().replace(/[.!]+$/, '').toUpperCase();
  return CONFIRM_WORDS.has(word) ? 'confirm' : CANCEL_WORDS.has(word) ? 'cancel' : 'other';
}

/** The sender's next upcoming confirmed booking, by the number it was made with. */
async function bookingOfNumber(db: DbOrTx, number: string, now: Date): Promise<ReservationRow | undefined> {
  const r = reservations;
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.status, 'CONFIRMED'), gt(r.startsAt, now), sql`${r.mobileCountryCode} || ${r.mobileNumber} = ${number}`))
    .orderBy(asc(r.startsAt))
    .limit(1);
  return row;
}

/** What the reply did. */
export interface ReplyResult {
  reservationId: string | null;
  outcome: MessageOutcome;
}

export async function receiveReply(deps: CancelDeps, text: InboundText): Promise<ReplyResult> {
  const now = deps.clock.now();
  const channel: TextChannel = text.from.startsWith(WHATSAPP_PREFIX) ? 'WHATSAPP' : 'SMS';
  const number = text.from.slice(channel === 'WHATSAPP' ? WHATSAPP_PREFIX.length : 0);
  const booking = await bookingOfNumber(deps.db, number, now);
  const id = newId();
  const claimed = await deps.db
    .insert(bookingMessages)
    .values({ id, reservationId: booking?.id ?? null, direction: 'IN', channel, guestNumber: number, body: text.body, providerId: text.providerId, createdAt: now })
    .onConflictDoNothing({ target: bookingMessages.providerId })
    .returning({ id: bookingMessages.id });
  if (claimed.length === 0) throw replayed();

  const intent = booking ? replyIntent(text.body) : 'other';
  let outcome: MessageOutcome = 'FOR_STAFF';
  if (booking && intent === 'confirm') {
    await markReconfirmed(deps.db, booking.id, channel, now);
    outcome = 'CONFIRMED';
  } else if (booking && intent === 'cancel') {
    // A booking the policy no longer lets the guest cancel (seated meanwhile, say) is left to staff.
    outcome = await cancelReservation(deps, booking.userId, booking.id).then(
      () => 'CANCELED' as const,
      (err: unknown) => {
        if (err instanceof ApiError) return 'FOR_STAFF' as const;
        throw err;
      },
    );
  }
  await deps.db.update(bookingMessages).set({ outcome }).where(eq(bookingMessages.id, id));
  if (booking && outcome !== 'FOR_STAFF') await acknowledge(deps.db, booking, number, outcome, now);
  return { reservationId: booking?.id ?? null, outcome };
}

/** The guest is told what their reply did (the cancellation's mail says the rest). */
async function acknowledge(db: DbOrTx, row: ReservationRow, number: string, outcome: MessageOutcome, now: Date): Promise<void> {
  const { i18n } = messageLanguage(row.locale);
  const values = { reference: row.uniqueId };
  await queueGuestText(db, {
    userId: row.userId,
    number,
    purpose: 'booking',
    reservationId: row.id,
    now,
    body:
      outcome === 'CONFIRMED'
        ? i18n._('Thank you: reservation {reference} is reconfirmed. We look forward to seeing you.', values)
        : i18n._('Reservation {reference} is cancelled. We have e-mailed you the details.', values),
  });
}

/** Twilio's message statuses that end a delivery: delivered, or failed for good. */
const FINAL_STATUS: Record<string, 'DELIVERED' | 'FAILED'> = { delivered: 'DELIVERED', read: 'DELIVERED', failed: 'FAILED', undelivered: 'FAILED' };

/** A status callback: the sent message it names is marked delivered or failed; other statuses change nothing. */
export async function recordDeliveryStatus(db: DbOrTx, providerId: string, status: string): Promise<void> {
  const final = FINAL_STATUS[status];
  if (!final) return;
  await db.update(outbox).set({ deliveryStatus: final }).where(eq(outbox.providerMessageId, providerId));
}
