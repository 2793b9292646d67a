-- The daily reconciliation with Stripe (server/services/payments/stripe-reconciliation.ts): one run per Hong
-- Kong day, claimed by the process that makes it, and each difference it found between Stripe's money
-- (charges and refunds) and the payments table, for staff to look into.
CREATE TABLE reconciliation_runs (
  day text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  intents_checked integer NOT NULL DEFAULT 0
);

CREATE TABLE reconciliation_differences (
  seq bigserial PRIMARY KEY,
  day text NOT NULL REFERENCES reconciliation_runs (day) ON DELETE CASCADE,
  kind text NOT NULL,
  intent_id text NOT NULL,
  payment_id text,
  reservation_id text,
  stripe_amount integer NOT NULL,
  club_amount integer NOT NULL
);
CREATE INDEX reconciliation_differences_day ON reconciliation_differences (day, seq);
