-- Booking rules by membership (docs/decisions/0018-verified-guests.md), kept as data on the venue set-up so the set-up pages
-- can edit them: how many days ahead guests and members may book (a venue's, or an experience's own
-- when set), and dining areas only members may book. The defaults keep every existing venue as it was
-- (90 days for everyone, every area open to all); the demo seed sets its own values.
ALTER TABLE venues ADD COLUMN guest_booking_days integer NOT NULL DEFAULT 90
  CHECK (guest_booking_days BETWEEN 0 AND 366);
ALTER TABLE venues ADD COLUMN member_booking_days integer NOT NULL DEFAULT 90
  CHECK (member_booking_days BETWEEN 0 AND 366);
ALTER TABLE venues ADD CONSTRAINT venues_members_book_no_less_ahead CHECK (member_booking_days >= guest_booking_days);

ALTER TABLE experiences ADD COLUMN guest_booking_days integer CHECK (guest_booking_days BETWEEN 0 AND 366);
ALTER TABLE experiences ADD COLUMN member_booking_days integer CHECK (member_booking_days BETWEEN 0 AND 366);

ALTER TABLE seating_areas ADD COLUMN members_only boolean NOT NULL DEFAULT false;
