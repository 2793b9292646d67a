-- Rows written in the same instant (a test clock, or one millisecond) still have an order: the newest
-- code wins, and the outbox lists the newest message first.
ALTER TABLE phone_verifications ADD COLUMN seq bigserial;
ALTER TABLE outbox ADD COLUMN seq bigserial;
