-- A finished party frees its table from the moment it left (docs/PRODUCT.md §4): the booked times stay as they
-- were for reports and the guest's history, and table_freed_at cuts the time the table is held short.
-- The occupied range is [starts_at, least(ends_at, greatest(starts_at, table_freed_at))): never past the
-- booked end, empty when the party left before its booked start. server/services/busy-intervals.ts
-- (occupiedUntil) reads the same expression.
ALTER TABLE reservations ADD COLUMN table_freed_at timestamptz;

-- Visits finished before this column existed: freed when their finish was recorded (ranges only shrink,
-- so the new constraint below holds for every existing row).
UPDATE reservations r SET table_freed_at = a.created_at
FROM audit_log a
WHERE a.entity_type = 'reservation' AND a.entity_id = r.id AND a.action = 'visit.finish' AND r.visit_status = 'FINISHED';

ALTER TABLE reservations DROP CONSTRAINT reservations_no_double_booking;
ALTER TABLE reservations ADD CONSTRAINT reservations_no_double_booking EXCLUDE USING gist (
  table_id WITH =,
  tstzrange(starts_at, least(ends_at, greatest(starts_at, coalesce(table_freed_at, ends_at)))) WITH &&
) WHERE (status IN ('PENDING', 'CONFIRMED'));
