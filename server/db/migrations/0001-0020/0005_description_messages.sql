-- Entry descriptions in the reader's language (docs/PRODUCT.md §1). A description the server composes from values
-- ('Bâtard – deposit BAT-22QX4M') keeps, beside its English text, the message it was made from: the
-- English template, which is the translators' id, and its values, e.g.
--   {"id": "{venue} – deposit {reference}", "values": {"venue": "Bâtard", "reference": "BAT-22QX4M"}}
-- so each reader gets it rendered in their language. Null for a plain text (a top-up, a staff entry),
-- which is translated when the catalog knows it and otherwise shown as written.
ALTER TABLE wallet_entries ADD COLUMN description_message jsonb;
ALTER TABLE card_entries ADD COLUMN description_message jsonb;

-- Entries written before this migration: their message, read back from the English the server wrote
-- ('<venue> – [refund of ]deposit|prepayment <reference>', see walletDescription in services/payments.ts).
UPDATE wallet_entries w
SET description_message = jsonb_build_object(
  'id', '{venue} – ' || coalesce(x.m[2], '') || x.m[3] || ' {reference}',
  'values', jsonb_build_object('venue', x.m[1], 'reference', x.m[4]))
FROM (
  SELECT id, regexp_match(description, '^(.+) – (refund of )?(deposit|prepayment) (\S+)$') AS m
  FROM wallet_entries
  WHERE reservation_id IS NOT NULL AND type IN ('PAYMENT', 'REFUND')
) x
WHERE w.id = x.id AND x.m IS NOT NULL;

UPDATE card_entries c
SET description_message = jsonb_build_object(
  'id', '{venue} – ' || coalesce(x.m[2], '') || x.m[3] || ' {reference}',
  'values', jsonb_build_object('venue', x.m[1], 'reference', x.m[4]))
FROM (
  SELECT id, regexp_match(description, '^(.+) – (refund of )?(deposit|prepayment) (\S+)$') AS m
  FROM card_entries
  WHERE reservation_id IS NOT NULL
) x
WHERE c.id = x.id AND x.m IS NOT NULL;

-- The history as before, with each entry's message.
DROP VIEW transactions;
CREATE VIEW transactions AS
SELECT w.id, w.user_id, 'WALLET' AS source, w.type, w.amount, w.description, w.description_message, w.reservation_id,
  w.payment_id, p.card_brand, p.card_last4, w.created_at, w.seq
FROM wallet_entries w LEFT JOIN payments p ON p.id = w.payment_id AND p.method = 'CARD'
UNION ALL
SELECT c.id, c.user_id, 'CARD' AS source, c.type, c.amount, c.description, c.description_message, c.reservation_id,
  c.payment_id, p.card_brand, p.card_last4, c.created_at, c.seq
FROM card_entries c JOIN payments p ON p.id = c.payment_id;
