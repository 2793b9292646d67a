-- The staff console's foundation (docs/PRODUCT.md §6): venue staff beside admins, a visit's lifecycle on the
-- reservation (machines/visit.machine.ts) and the audit log of every staff change.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('guest', 'member', 'admin', 'staff'));
-- The venue whose book a member of staff works; admins reach every venue and have none.
ALTER TABLE users ADD COLUMN venue_id text REFERENCES venues(id);
ALTER TABLE users ADD CONSTRAINT users_staff_venue CHECK ((role = 'staff') = (venue_id IS NOT NULL));

-- Arrival, seating and the end of a visit happen to a CONFIRMED reservation: the status stays, so the
-- table stays taken (the no-double-booking constraint) and the guest's pages read it as before.
ALTER TABLE reservations ADD COLUMN visit_status text CHECK (visit_status IN ('ARRIVED', 'SEATED', 'FINISHED'));
ALTER TABLE reservations ADD CONSTRAINT reservations_visit_confirmed CHECK (visit_status IS NULL OR status = 'CONFIRMED');

CREATE TABLE audit_log (
  id text PRIMARY KEY,
  actor_id text NOT NULL REFERENCES users(id),
  -- The venue the change concerns (null: club-wide, such as a new admin).
  venue_id text REFERENCES venues(id),
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL,
  seq bigserial NOT NULL
);
CREATE INDEX audit_log_order ON audit_log (created_at DESC, seq DESC);
CREATE INDEX audit_log_venue ON audit_log (venue_id, created_at DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_id, created_at DESC);

-- A no-show fee charged to the card that paid the booking's deposit or prepayment (the venue's policy).
ALTER TABLE payments DROP CONSTRAINT payments_purpose_check;
ALTER TABLE payments ADD CONSTRAINT payments_purpose_check CHECK (purpose IN ('RESERVATION', 'WALLET_TOP_UP', 'NO_SHOW_FEE'));
