-- A live-stream ticket (server/services/staff/stream-ticket.ts) opens one stream, once: its nonce is written
-- here when the stream opens, and a second opening with the same ticket finds it and is refused. A row is
-- needed only while its ticket could still be used, so rows past their expiry are deleted as new ones come.
CREATE TABLE stream_ticket_uses (
  nonce text PRIMARY KEY,
  user_id text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX stream_ticket_uses_expiry ON stream_ticket_uses (expires_at);
