/**
 * Text messages to a guest about a booking, on the guest's channel (SMS unless they chose WhatsApp), each
 * kept on the booking (booking_messages) beside its outbox row, whose delivery it shares. Booking messages
 * need no consent; a marketing message goes only to a guest who gave that consent, and is kept off the
 * booking. (docs/PRODUCT.md §4, no-shows.)
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookingMessages, guestMessagePreferences, type TextChannel } from '../../db/reconfirmation-schema';
import { newId } from '../../lib/ids';
import { queueSms } from './outbox';
import { WHATSAPP_PREFIX } from './twilio-provider';

export type TextPurpose = 'booking' | 'marketing';

export interface GuestTextPreferences {
  channel: TextChannel;
  marketingConsent: boolean;
}

export async function guestTextPreferences(db: DbOrTx, userId: string): Promise<GuestTextPreferences> {
  const [row] = await db.select().from(guestMessagePreferences).where(eq(guestMessagePreferences.userId, userId));
  return { channel: row?.channel ?? 'SMS', marketingConsent: Boolean(row?.marketingConsentAt) };
}

/** The guest's own choice: the channel, and marketing consent given now or withdrawn. */
export async function saveGuestTextPreferences(db: DbOrTx, userId: string, choice: { channel: TextChannel; marketing: boolean }, now: Date): Promise<GuestTextPreferences> {
  const current = await guestTextPreferences(db, userId);
  // A consent already given keeps its time; a withdrawn one is gone.
  const marketingConsentAt = choice.marketing ? (current.marketingConsent ? undefined : now) : null;
  const set = { channel: choice.channel, updatedAt: now, ...(marketingConsentAt !== undefined ? { marketingConsentAt } : {}) };
  await db
    .insert(guestMessagePreferences)
    .values({ userId, channel: choice.channel, marketingConsentAt: marketingConsentAt ?? null, updatedAt: now })
    .onConflictDoUpdate({ target: guestMessagePreferences.userId, set });
  return guestTextPreferences(db, userId);
}

/** The channel a message of `purpose` goes on, or null when the guest has not agreed to it. */
export const channelFor = (prefs: GuestTextPreferences, purpose: TextPurpose): TextChannel | null =>
  purpose === 'marketing' && !prefs.marketingConsent ? null : prefs.channel;

/** Twilio's address of a number on a channel. */
export const addressOn = (channel: TextChannel, number: string) => (channel === 'WHATSAPP' ? `${WHATSAPP_PREFIX}${number}` : number);

export interface GuestText {
  userId: string;
  /** E.164. */
  number: string;
  body: string;
  purpose: TextPurpose;
  /** The booking it is about; kept on it (booking messages only). */
  reservationId?: string;
  /** Staff's reply from the booking. */
  staffId?: string;
  now: Date;
}

/** What a booking message needs of its booking: whose it is and the mobile number it was made with. */
export interface TextedBooking {
  id: string;
  userId: string;
  mobileCountryCode: string | null;
  mobileNumber: string | null;
}

/**
 * A booking message to the number the booking was made with, kept on the booking; nothing (null) when the
 * booking has no mobile number, else as `queueGuestText`.
 */
export async function textAboutBooking(db: DbOrTx, booking: TextedBooking, body: string, now: Date, staffId?: string): Promise<TextChannel | null> {
  if (!booking.mobileCountryCode || !booking.mobileNumber) return null;
  const number = `${booking.mobileCountryCode}${booking.mobileNumber}`;
  return queueGuestText(db, { userId: booking.userId, number, body, purpose: 'booking', reservationId: booking.id, staffId, now });
}

/** Queues the text on the guest's channel; the channel used, or null when it was not sent (no consent). */
export async function queueGuestText(db: DbOrTx, text: GuestText): Promise<TextChannel | null> {
  const channel = channelFor(await guestTextPreferences(db, text.userId), text.purpose);
  if (!channel) return null;
  const outboxId = await queueSms(db, { to: addressOn(channel, text.number), body: text.body });
  if (text.purpose === 'booking' && text.reservationId) {
    await db.insert(bookingMessages).values({
      id: newId(),
      reservationId: text.reservationId,
      direction: 'OUT',
      channel,
      guestNumber: text.number,
      body: text.body,
      outboxId,
      staffId: text.staffId ?? null,
      createdAt: text.now,
    });
  }
  return channel;
}
