-- The host stand (docs/PRODUCT.md §6): a party is late once its start plus the venue's grace has passed
-- and it has not arrived; staff may mark it running late with the minutes it expects to be; a seated
-- party's timer runs from when it sat down, against its turn time.
ALTER TABLE venues ADD COLUMN late_grace_minutes integer NOT NULL DEFAULT 15
  CHECK (late_grace_minutes BETWEEN 0 AND 120);
ALTER TABLE reservations ADD COLUMN seated_at timestamptz;
ALTER TABLE reservations ADD COLUMN running_late_minutes integer
  CHECK (running_late_minutes IS NULL OR running_late_minutes BETWEEN 1 AND 180);
