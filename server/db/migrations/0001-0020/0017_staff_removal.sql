-- A member removed from the club's staff (DELETE /admin/staff/{id}) keeps their row, which the audit log
-- and the bookings they made name, but from that moment belongs to no log-in area.
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;
