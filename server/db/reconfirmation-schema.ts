/**
 * The tables of reconfirmation and two-way messages (migrations/0041-0060/0053_reconfirmation.sql and
 * 0054_booking_messages.sql): a venue's reconfirmation settings, staff's calls, the texts on a booking
 * and each guest's channel and marketing consent. Kept beside `schema.ts` so they read as one piece.
 */
import { bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const venueReconfirmation = pgTable('venue_reconfirmation', {
  venueId: text('venue_id').primaryKey(),
  askDaysBefore: integer('ask_days_before').notNull().default(1),
  /** Minutes from midnight, Hong Kong time. */
  askAtMinute: integer('ask_at_minute').notNull().default(720),
  callListAtMinute: integer('call_list_at_minute').notNull().default(1020),
  /** Null: a guest who never reconfirms stays booked. */
  autoReleaseHoursBefore: integer('auto_release_hours_before'),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});

import { CALL_OUTCOME_VALUES } from '../../common/validation/reconfirmation-validation';
export type CallOutcome = (typeof CALL_OUTCOME_VALUES)[number];

export const reconfirmationCalls = pgTable('reconfirmation_calls', {
  id: text('id').primaryKey(),
  reservationId: text('reservation_id').notNull(),
  staffId: text('staff_id').notNull(),
  outcome: text('outcome').$type<CallOutcome>().notNull(),
  createdAt: ts('created_at').notNull(),
});

export type TextChannel = 'SMS' | 'WHATSAPP';
export type MessageOutcome = 'CONFIRMED' | 'CANCELED' | 'FOR_STAFF' | 'ANSWERED';

export const bookingMessages = pgTable('booking_messages', {
  id: text('id').primaryKey(),
  reservationId: text('reservation_id'),
  direction: text('direction').$type<'IN' | 'OUT'>().notNull(),
  channel: text('channel').$type<TextChannel>().notNull(),
  guestNumber: text('guest_number').notNull(),
  body: text('body').notNull(),
  outboxId: text('outbox_id'),
  providerId: text('provider_id'),
  outcome: text('outcome').$type<MessageOutcome>(),
  staffId: text('staff_id'),
  createdAt: ts('created_at').notNull(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
});

export const guestMessagePreferences = pgTable('guest_message_preferences', {
  userId: text('user_id').primaryKey(),
  channel: text('channel').$type<TextChannel>().notNull().default('SMS'),
  marketingConsentAt: ts('marketing_consent_at'),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});
