-- The host stand's walk-in queue (docs/PRODUCT.md §2, the walk-in queue): parties waiting at the door for a table, in arrival
-- order, each with the wait the host quoted. A party leaves the queue seated (its walk-in visit, a
-- reservation like any other) or gone, with the reason. Kept apart from the reservations: a queued party
-- holds no table, so availability and pacing never count it.
CREATE TABLE walk_in_queue (
  id text PRIMARY KEY,
  venue_id text NOT NULL REFERENCES venues(id),
  -- The service day the party arrived in (before 06:00 the day before, as a walk-in's).
  date text NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  number_of_guests integer NOT NULL CHECK (number_of_guests BETWEEN 1 AND 10),
  mobile_country_code text,
  mobile_number text,
  notes text,
  -- The dining area the party asked for; null: any.
  seating_area_id text REFERENCES seating_areas(id),
  locale text NOT NULL DEFAULT 'en',
  arrived_at timestamptz NOT NULL,
  -- The wait quoted at the door, in minutes: the floor's estimate or the host's own.
  quoted_minutes integer NOT NULL CHECK (quoted_minutes BETWEEN 0 AND 600),
  -- The floor's own estimate when the party was added (null: no table seats it today), kept beside the host's.
  estimated_minutes integer,
  status text NOT NULL CHECK (status IN ('WAITING', 'NOTIFIED', 'SEATED', 'LEFT')),
  notified_at timestamptz,
  seated_at timestamptz,
  left_at timestamptz,
  left_reason text CHECK (left_reason IN ('WAIT_TOO_LONG', 'NO_ANSWER', 'CHANGED_PLANS', 'OTHER')),
  reservation_id text REFERENCES reservations(id),
  updated_at timestamptz NOT NULL,
  -- Arrival order among parties added in the same instant.
  seq bigserial NOT NULL,
  CHECK ((status = 'SEATED') = (reservation_id IS NOT NULL AND seated_at IS NOT NULL)),
  CHECK ((status = 'LEFT') = (left_reason IS NOT NULL AND left_at IS NOT NULL))
);
CREATE INDEX walk_in_queue_day ON walk_in_queue (venue_id, date, arrived_at, seq);
