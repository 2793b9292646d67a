-- The waitlist (docs/PRODUCT.md §4): a guest waits for a table at a venue on a service day, for a party
-- and a window of start times. Its lifecycle is machines/waitlist.machine.ts; `seq` is the join order in
-- which freed tables are offered; an offer is a PENDING reservation holding the table (reservation_id).
CREATE TABLE waitlist_entries (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  venue_id text NOT NULL REFERENCES venues(id),
  experience_id text NOT NULL REFERENCES experiences(id),
  date text NOT NULL,
  number_of_guests integer NOT NULL CHECK (number_of_guests BETWEEN 1 AND 10),
  earliest_time integer NOT NULL CHECK (earliest_time >= 0),
  latest_time integer NOT NULL CHECK (latest_time >= earliest_time AND latest_time <= 2880),
  window_ends_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('WAITING', 'OFFERED', 'BOOKED', 'DECLINED', 'LAPSED', 'LEFT', 'EXPIRED')),
  reservation_id text REFERENCES reservations(id),
  offer_expires_at timestamptz,
  locale text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  seq bigserial NOT NULL
);
CREATE INDEX waitlist_entries_live ON waitlist_entries (seq) WHERE status IN ('WAITING', 'OFFERED');
CREATE INDEX waitlist_entries_user ON waitlist_entries (user_id, created_at);
-- One standing entry per guest, venue and day: joining twice would only jump the queue for oneself.
CREATE UNIQUE INDEX waitlist_entries_one_live ON waitlist_entries (user_id, venue_id, date) WHERE status IN ('WAITING', 'OFFERED');
