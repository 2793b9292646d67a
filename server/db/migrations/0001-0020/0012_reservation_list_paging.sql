-- My reservations pages its past ones newest first by (starts_at, id), and finds the upcoming ones among
-- those not yet ended: one index for each, so a member with years of bookings reads a page, not them all.
DROP INDEX IF EXISTS reservations_user;
CREATE INDEX reservations_user_start ON reservations (user_id, starts_at, id);
CREATE INDEX reservations_user_end ON reservations (user_id, ends_at);
