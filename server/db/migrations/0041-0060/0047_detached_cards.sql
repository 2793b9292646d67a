-- A saved card the guest removes is forgotten at the processor too (docs/PRODUCT.md §9): Stripe detaches its
-- PaymentMethod; the built-in test processor stamps the intents whose card it was, which it then no longer charges.
ALTER TABLE test_processor_intents ADD COLUMN card_detached_at timestamptz;
