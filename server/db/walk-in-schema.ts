/**
 * The walk-in queue's table (migrations/0041-0060/0044_walk_in_queue.sql): parties waiting at the door with
 * their quoted wait. Kept beside `schema.ts` so the queue reads as one piece.
 */
import { bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WalkInLeftReason, WalkInStatus } from '../../common/validation/walk-in-queue-validation';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const walkInQueue = pgTable('walk_in_queue', {
  id: text('id').primaryKey(),
  venueId: text('venue_id').notNull(),
  date: text('date').notNull(),
  name: text('name').notNull(),
  numberOfGuests: integer('number_of_guests').notNull(),
  mobileCountryCode: text('mobile_country_code'),
  mobileNumber: text('mobile_number'),
  notes: text('notes'),
  seatingAreaId: text('seating_area_id'),
  locale: text('locale').notNull().default('en'),
  arrivedAt: ts('arrived_at').notNull(),
  quotedMinutes: integer('quoted_minutes').notNull(),
  estimatedMinutes: integer('estimated_minutes'),
  status: text('status').$type<WalkInStatus>().notNull(),
  notifiedAt: ts('notified_at'),
  seatedAt: ts('seated_at'),
  leftAt: ts('left_at'),
  leftReason: text('left_reason').$type<WalkInLeftReason>(),
  reservationId: text('reservation_id'),
  updatedAt: ts('updated_at').notNull(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
});

export type WalkInQueueRow = typeof walkInQueue.$inferSelect;
