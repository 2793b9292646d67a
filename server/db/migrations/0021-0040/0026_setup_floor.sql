-- The club sets itself up (docs/PRODUCT.md §4, the set-up edit). Every record an admin edits
-- carries a version: a change names the version it started from and is refused (409 20140) when someone
-- else changed the record since, so no edit silently overwrites another.
ALTER TABLE venues ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE service_periods ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE seating_areas ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE experiences ADD COLUMN version integer NOT NULL DEFAULT 1;

-- Dining areas and tables: an inactive one is offered to nobody; a table is bookable by guests online,
-- by staff only, or kept for walk-ins; tables of one combine group may be joined for a larger party; the
-- floor layout (position, size in plan units, shape, rotation) is drawn by the table plan as a map. A
-- table not placed yet (x, y null) is drawn in a row of its area until an admin places it.
ALTER TABLE seating_areas ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE venue_tables
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN active boolean NOT NULL DEFAULT true,
  ADD COLUMN bookable text NOT NULL DEFAULT 'ONLINE' CHECK (bookable IN ('ONLINE', 'STAFF', 'WALK_IN')),
  ADD COLUMN combine_group text,
  ADD COLUMN shape text NOT NULL DEFAULT 'RECT' CHECK (shape IN ('RECT', 'ROUND')),
  ADD COLUMN x integer CHECK (x BETWEEN 0 AND 2000),
  ADD COLUMN y integer CHECK (y BETWEEN 0 AND 2000),
  ADD COLUMN width integer NOT NULL DEFAULT 80 CHECK (width BETWEEN 20 AND 400),
  ADD COLUMN height integer NOT NULL DEFAULT 80 CHECK (height BETWEEN 20 AND 400),
  ADD COLUMN rotation integer NOT NULL DEFAULT 0 CHECK (rotation >= 0 AND rotation < 360);

-- Turn times and pacing, one record per venue each (edited as a whole, one version): how long a party
-- sits by party size and service, and at most how many covers may start per slot and per service.
CREATE TABLE venue_turn_times (
  venue_id text PRIMARY KEY REFERENCES venues(id),
  rules jsonb NOT NULL DEFAULT '[]',
  version integer NOT NULL DEFAULT 1
);
CREATE TABLE venue_pacing (
  venue_id text PRIMARY KEY REFERENCES venues(id),
  rules jsonb NOT NULL DEFAULT '[]',
  version integer NOT NULL DEFAULT 1
);
