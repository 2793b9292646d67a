-- A guest's reconfirmation from the reminder (docs/PRODUCT.md §4), shown to the guest and to staff.
ALTER TABLE reservations ADD COLUMN reconfirmed_at timestamptz;
-- The start the reminder was sent for: one reminder per visit, claimed by whichever process updates it
-- first; a booking moved to another time no longer matches, so its new time gets a reminder of its own.
ALTER TABLE reservations ADD COLUMN reminded_for timestamptz;
CREATE INDEX reservations_confirmed_starts_at ON reservations (starts_at) WHERE status = 'CONFIRMED';
