-- A merge of two guest accounts is recorded so an admin can undo it for 30 days (docs/PRODUCT.md §2, "The
-- guest book", and decision 0031): who merged, why, every row it re-pointed (per table, by id) and the
-- kept account's fields as they were before.
CREATE TABLE guest_merges (
  id text PRIMARY KEY,
  kept_id text NOT NULL REFERENCES users(id),
  merged_id text NOT NULL REFERENCES users(id),
  actor_id text NOT NULL REFERENCES users(id),
  -- The staff member's words: why these two accounts are one person.
  reason text NOT NULL,
  -- { "reservations": [ids], "payments": [ids], ..., "tagLinksDropped": [rows], "waitlistLeft": [rows] }.
  moved jsonb NOT NULL,
  -- The kept account's membership and contact fields before the merge filled them from the other.
  kept_before jsonb NOT NULL,
  -- How many wallet entries the kept account had: an entry written after the merge stops the undo.
  kept_wallet_entries integer NOT NULL,
  created_at timestamptz NOT NULL,
  undone_at timestamptz,
  undone_by text REFERENCES users(id)
);
CREATE INDEX guest_merges_kept ON guest_merges (kept_id, created_at);
