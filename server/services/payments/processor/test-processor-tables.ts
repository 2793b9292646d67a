/**
 * The test-mode processor's own tables (created by migration 0003): the processor's side of the world,
 * which our code reads only through the `CardProcessor` interface. No card number is ever kept.
 */
import { bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { IntentStatus } from './processor';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const testProcessorIntents = pgTable('test_processor_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').$type<IntentStatus>().notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  /** The card was forgotten (its holder removed it, migration 0047): it can no longer be charged. */
  cardDetachedAt: ts('card_detached_at'),
  lastError: text('last_error'),
  amountRefunded: integer('amount_refunded').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const testProcessorRefunds = pgTable('test_processor_refunds', {
  id: text('id').primaryKey(),
  intentId: text('intent_id').notNull(),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: ts('created_at').notNull(),
});

/** Events and their delivery state: a queue retried with backoff until the endpoint answers 2xx. */
export const testProcessorEvents = pgTable('test_processor_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The exact JSON that is signed and sent. */
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull(),
  deliveredAt: ts('delivered_at'),
  lastStatus: integer('last_status'),
  lastError: text('last_error'),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
});

export type TestIntentRow = typeof testProcessorIntents.$inferSelect;
