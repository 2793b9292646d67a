-- The outbox is delivered (services/outbox-sender.ts): each message is QUEUED until it is SENT, or FAILED
-- after its last attempt (the error kept). A sender claims a row until `claimed_until`, so several server
-- processes deliver each message once; `next_attempt_at` spaces the retries (NULL: as soon as possible).
-- `locale` is the reader's language, for the mail's frame (NULL: English).
ALTER TABLE outbox ADD COLUMN status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'SENT', 'FAILED'));
ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE outbox ADD COLUMN last_error text;
ALTER TABLE outbox ADD COLUMN claimed_until timestamptz;
ALTER TABLE outbox ADD COLUMN claim_token text;
ALTER TABLE outbox ADD COLUMN locale text;
-- Messages written before there was a sender are stale (expired links and codes): never send them now.
UPDATE outbox SET status = 'FAILED', last_error = 'Queued before the outbox had a sender; not sent' WHERE sent_at IS NULL;
UPDATE outbox SET status = 'SENT' WHERE sent_at IS NOT NULL;
CREATE INDEX outbox_queued ON outbox (seq) WHERE status = 'QUEUED';
