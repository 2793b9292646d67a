-- Card payments, refunds and webhooks (docs/decisions/0009-test-payment-processor.md), and the built-in test-mode processor's own tables.

-- Our side. A card refund is decided in our transaction (refunded_amount) and carried out by the
-- processor afterwards; refund_ref is its reference once it has, so an unfinished one can be retried.
ALTER TABLE payments ADD COLUMN refund_ref text;
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN (
  'REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED'
));
ALTER TABLE payments ADD CONSTRAINT payments_refund_check CHECK (refunded_amount >= 0 AND refunded_amount <= amount);
-- One payment per processor intent.
CREATE UNIQUE INDEX payments_processor_ref ON payments (processor_ref) WHERE processor_ref IS NOT NULL;
-- A payment moves the wallet at most once each way: one debit, one top-up, one refund.
CREATE UNIQUE INDEX wallet_entries_payment_type ON wallet_entries (payment_id, type) WHERE payment_id IS NOT NULL;

-- Webhook events already acted on: a redelivered event finds its id here and changes nothing.
CREATE TABLE processed_webhook_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now()
);

-- The test-mode processor's side, as a real processor would keep it. No card number is ever stored:
-- only the brand and the last four digits.
CREATE TABLE test_processor_intents (
  id text PRIMARY KEY,
  client_secret text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN (
    'requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'refunded', 'partially_refunded'
  )),
  idempotency_key text NOT NULL UNIQUE,
  metadata jsonb NOT NULL DEFAULT '{}',
  card_brand text,
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  last_error text,
  amount_refunded integer NOT NULL DEFAULT 0 CHECK (amount_refunded >= 0 AND amount_refunded <= amount),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE test_processor_refunds (
  id text PRIMARY KEY,
  intent_id text NOT NULL REFERENCES test_processor_intents(id),
  amount integer NOT NULL CHECK (amount > 0),
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

-- Events and their delivery queue: retried with backoff until the endpoint answers 2xx.
CREATE TABLE test_processor_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  delivered_at timestamptz,
  last_status integer,
  last_error text,
  seq bigserial
);
CREATE INDEX test_processor_events_due ON test_processor_events (next_attempt_at, seq) WHERE delivered_at IS NULL;
