-- A card guarantee (docs/decisions/0035-card-guarantee.md): an experience's policy may keep a card instead of
-- taking a deposit or prepayment. Nothing is charged when booking; the policy's fee is charged off-session
-- to that card on a no-show or a late cancellation.
ALTER TABLE experiences DROP CONSTRAINT IF EXISTS experiences_pre_payment_type_check;
ALTER TABLE experiences ADD CONSTRAINT experiences_pre_payment_type_check
  CHECK (pre_payment_type IN ('PREPAYMENT', 'DEPOSIT', 'GUARANTEE', 'NONE'));

-- The card a guaranteed booking keeps: one per booking, saved through the processor's setup (Stripe: a
-- SetupIntent with usage off_session on a Customer of the guest). `setup_ref` is what the fee's charge
-- names as the card on file (no_show_fee_charges.card_of). The guest's saving is idempotent by its key.
CREATE TABLE card_guarantees (
  reservation_id text PRIMARY KEY,
  user_id text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  setup_ref text UNIQUE,
  status text NOT NULL CHECK (status IN ('REQUIRES_CARD', 'REQUIRES_ACTION', 'SAVED', 'FAILED')),
  card_brand text,
  card_last4 text,
  failure_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_guarantees_user ON card_guarantees (user_id);

-- The built-in test processor keeps a card's setup beside its intents (an intent of nothing, id 'seti_…'),
-- so the browser confirms either at the same endpoints; only a setup may be for no amount.
ALTER TABLE test_processor_intents DROP CONSTRAINT IF EXISTS test_processor_intents_amount_check;
ALTER TABLE test_processor_intents ADD CONSTRAINT test_processor_intents_amount_check CHECK (amount > 0 OR (amount = 0 AND id LIKE 'seti\_%'));
