-- A booking's staff notes, apart from the guest's requests (docs/decisions/0034-staff-notes.md): the guest's
-- requests are shown back to them (mails, their pages, the data export); staff notes never are.
ALTER TABLE reservations ADD COLUMN staff_notes text;

-- Until now a phone booking's one notes field held what the host typed, and it was mailed to the guest as
-- their special request: those notes were the host's, so they move to staff notes.
UPDATE reservations SET staff_notes = notes, notes = NULL WHERE booking_source = 'STAFF_PHONE' AND notes IS NOT NULL;
