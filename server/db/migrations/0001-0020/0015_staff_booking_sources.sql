-- Bookings staff make (docs/PRODUCT.md §6, working the book): a phone booking taken for a guest, and a walk-in
-- seated on the spot, each named as its source so reports and the sheet can tell them from online ones.
ALTER TABLE reservations DROP CONSTRAINT reservations_booking_source_check;
ALTER TABLE reservations ADD CONSTRAINT reservations_booking_source_check
  CHECK (booking_source IN ('GUEST_WEB_MOBILE', 'GUEST_WEB', 'STAFF_PHONE', 'STAFF_WALK_IN'));
