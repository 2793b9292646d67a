-- The transaction history beside the wallet (docs/decisions/0009-test-payment-processor.md): card payments and card refunds, written in the
-- transaction that decides them, as wallet entries are. They never move the wallet balance.

-- One order for both kinds of entry, so rows written in the same instant (a payment and its automatic
-- refund) still list in the order they happened.
CREATE SEQUENCE transaction_seq;
ALTER TABLE wallet_entries ADD COLUMN seq bigint NOT NULL DEFAULT nextval('transaction_seq');

CREATE TABLE card_entries (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  payment_id text NOT NULL REFERENCES payments(id),
  reservation_id text REFERENCES reservations(id),
  type text NOT NULL CHECK (type IN ('PAYMENT', 'REFUND')),
  -- Signed like the wallet's: what left the card is negative, what came back positive.
  amount integer NOT NULL CHECK ((type = 'PAYMENT' AND amount < 0) OR (type = 'REFUND' AND amount > 0)),
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  seq bigint NOT NULL DEFAULT nextval('transaction_seq')
);
CREATE INDEX card_entries_user ON card_entries (user_id, created_at);
-- A card payment is taken once.
CREATE UNIQUE INDEX card_entries_payment ON card_entries (payment_id) WHERE type = 'PAYMENT';

-- Card payments and refunds made before this table existed: the payment at its creation, the refund at
-- the payment's last change (the best instants kept for them).
INSERT INTO card_entries (id, user_id, payment_id, reservation_id, type, amount, description, created_at)
SELECT substr(md5(p.id || ':payment'), 1, 24), p.user_id, p.id, p.reservation_id, 'PAYMENT', -p.amount,
  v.title || ' – ' || (CASE WHEN r.pre_payment_type = 'DEPOSIT' THEN 'deposit' ELSE 'prepayment' END) || ' ' || r.unique_id,
  p.created_at
FROM payments p JOIN reservations r ON r.id = p.reservation_id JOIN venues v ON v.id = r.venue_id
WHERE p.method = 'CARD' AND p.purpose = 'RESERVATION' AND p.status IN ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED');
INSERT INTO card_entries (id, user_id, payment_id, reservation_id, type, amount, description, created_at)
SELECT substr(md5(p.id || ':refund'), 1, 24), p.user_id, p.id, p.reservation_id, 'REFUND', p.refunded_amount,
  coalesce(v.title || ' – refund of ' || (CASE WHEN r.pre_payment_type = 'DEPOSIT' THEN 'deposit' ELSE 'prepayment' END) || ' ' || r.unique_id,
    'Refund of wallet top-up'),
  p.updated_at
FROM payments p LEFT JOIN reservations r ON r.id = p.reservation_id LEFT JOIN venues v ON v.id = r.venue_id
WHERE p.method = 'CARD' AND p.refunded_amount > 0;

-- The whole history of a user: wallet entries (which make the balance) and card entries (which do not).
-- The card's brand and last four come from the payment: a card top-up's wallet entry has them too.
CREATE VIEW transactions AS
SELECT w.id, w.user_id, 'WALLET' AS source, w.type, w.amount, w.description, w.reservation_id, w.payment_id,
  p.card_brand, p.card_last4, w.created_at, w.seq
FROM wallet_entries w LEFT JOIN payments p ON p.id = w.payment_id AND p.method = 'CARD'
UNION ALL
SELECT c.id, c.user_id, 'CARD' AS source, c.type, c.amount, c.description, c.reservation_id, c.payment_id,
  p.card_brand, p.card_last4, c.created_at, c.seq
FROM card_entries c JOIN payments p ON p.id = c.payment_id;
