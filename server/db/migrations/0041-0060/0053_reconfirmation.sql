-- Reconfirmation (docs/PRODUCT.md §4, no-shows): the guest is asked the day before whether they are coming,
-- staff call those who have not answered, and each call's outcome is kept.

-- A venue's settings; a venue without a row has the defaults: asked at 12:00 the day before, on the call
-- list from 17:00 the day before, and never released for not answering.
CREATE TABLE venue_reconfirmation (
  venue_id text PRIMARY KEY,
  ask_days_before integer NOT NULL DEFAULT 1 CHECK (ask_days_before BETWEEN 0 AND 7),
  ask_at_minute integer NOT NULL DEFAULT 720 CHECK (ask_at_minute BETWEEN 0 AND 1439),
  call_list_at_minute integer NOT NULL DEFAULT 1020 CHECK (call_list_at_minute BETWEEN 0 AND 1439),
  -- Null: a guest who never reconfirms stays booked. Else released this many hours before the start.
  auto_release_hours_before integer CHECK (auto_release_hours_before BETWEEN 1 AND 48),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- When the guest was asked (once per booking), and how the reconfirmation came: the link, a text reply, or a call.
ALTER TABLE reservations ADD COLUMN reconfirm_asked_at timestamptz;
ALTER TABLE reservations ADD COLUMN reconfirmed_via text CHECK (reconfirmed_via IN ('LINK', 'SMS', 'WHATSAPP', 'PHONE'));
CREATE INDEX reservations_reconfirm_due ON reservations (starts_at) WHERE status = 'CONFIRMED' AND reconfirm_asked_at IS NULL;

-- Staff's calls to the guests who have not reconfirmed, one row a call (its audit entry beside it).
CREATE TABLE reconfirmation_calls (
  id text PRIMARY KEY,
  reservation_id text NOT NULL,
  staff_id text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('NO_ANSWER', 'VOICEMAIL', 'WRONG_NUMBER', 'CONFIRMED', 'CANCELED')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reconfirmation_calls_reservation ON reconfirmation_calls (reservation_id, created_at);
