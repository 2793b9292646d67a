-- Closures (docs/PRODUCT.md §6): a venue, one of its dining areas or one of its services (periods, by name)
-- closed for Hong Kong service days from_date to to_date, both included. Availability offers nothing
-- inside one and bookings into one are refused; bookings already inside stay as they are for staff to contact.
CREATE TABLE closures (
  id text PRIMARY KEY,
  venue_id text NOT NULL REFERENCES venues(id),
  scope text NOT NULL CHECK (scope IN ('VENUE', 'AREA', 'SERVICE')),
  seating_area_id text REFERENCES seating_areas(id),
  period_name text,
  from_date text NOT NULL,
  to_date text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('PRIVATE_EVENT', 'TYPHOON', 'OTHER')),
  note text,
  created_by text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL,
  CHECK (from_date <= to_date),
  CHECK ((scope = 'AREA') = (seating_area_id IS NOT NULL)),
  CHECK ((scope = 'SERVICE') = (period_name IS NOT NULL))
);
CREATE INDEX closures_venue_days ON closures (venue_id, to_date, from_date);
