-- Pay-by-link for phone bookings (docs/PRODUCT.md §6, decision 0036): a phone booking whose policy asks for a
-- deposit or prepayment is sent a link (its manage link) to pay it. The link lapses after the venue's hours
-- (never past the start), with a reminder an hour before; unpaid at the lapse the booking is released or
-- kept as owed, as the venue sets.

-- A venue's settings; a venue without a row has the defaults: 24 hours, kept as owed.
CREATE TABLE venue_pay_link (
  venue_id text PRIMARY KEY,
  lapse_hours integer NOT NULL DEFAULT 24 CHECK (lapse_hours BETWEEN 1 AND 168),
  on_lapse text NOT NULL DEFAULT 'KEEP_OWED' CHECK (on_lapse IN ('RELEASE', 'KEEP_OWED')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One link per booking: when it was last sent, when it lapses, the reminder, and how it ended.
CREATE TABLE pay_links (
  reservation_id text PRIMARY KEY,
  venue_id text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  asks text NOT NULL CHECK (asks IN ('DEPOSIT', 'PREPAYMENT')),
  sent_at timestamptz NOT NULL,
  lapses_at timestamptz NOT NULL,
  reminded_at timestamptz,
  -- Null while open; PAID, RELEASED (cancelled as unpaid) or KEPT_OWED (lapsed, payable at the venue).
  outcome text CHECK (outcome IN ('PAID', 'RELEASED', 'KEPT_OWED')),
  settled_at timestamptz
);
CREATE INDEX pay_links_open ON pay_links (lapses_at) WHERE outcome IS NULL;
