-- A change of a booking that costs more, paid by card (server/services/reservations/change-holds.ts): the new
-- day, time, party and table are held, for the same 15 minutes as a new booking's hold, while the guest pays
-- the difference. The change is made in the transaction that records the payment's success; a payment that
-- fails or is abandoned, or a hold that runs out, leaves the booking exactly as it was (a late success is
-- refunded in full). While HELD and inside its hold, the new table counts as taken (busy-intervals.ts).
CREATE TABLE change_holds (
  id text PRIMARY KEY,
  reservation_id text NOT NULL REFERENCES reservations(id),
  user_id text NOT NULL,
  venue_id text NOT NULL,
  -- The reservation's version the change was asked against: a booking changed since is not changed again by it.
  base_sequence integer NOT NULL,
  date text NOT NULL,
  start_time integer NOT NULL,
  duration integer NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  number_of_guests integer NOT NULL,
  seating_area_id text,
  table_id text NOT NULL,
  -- The guest's requests as they will read once the change is made.
  notes text,
  -- The booking's new amount due, and what the change costs more than was paid (what the card pays).
  amount_due integer NOT NULL,
  difference integer NOT NULL CHECK (difference > 0),
  currency text NOT NULL DEFAULT 'HKD',
  status text NOT NULL CHECK (status IN ('HELD', 'MADE', 'GIVEN_UP')),
  hold_expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One change at a time per booking: asking for another gives the last one up.
CREATE UNIQUE INDEX change_holds_one_held ON change_holds (reservation_id) WHERE status = 'HELD';
CREATE INDEX change_holds_venue_day ON change_holds (venue_id, date) WHERE status = 'HELD';

-- The payment of a change's difference: it counts to its booking's money once the change is made.
ALTER TABLE payments ADD COLUMN change_hold_id text REFERENCES change_holds(id);
CREATE INDEX payments_change_hold ON payments (change_hold_id) WHERE change_hold_id IS NOT NULL;
