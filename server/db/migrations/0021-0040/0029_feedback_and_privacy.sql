-- After the visit and personal data (docs/decisions/0014-personal-data.md): feedback after the visit, the allergy answer from the reminder, and the guest's
-- personal data under Hong Kong's Personal Data (Privacy) Ordinance (docs/decisions/0014-personal-data.md).

-- When the feedback mail went out for this visit: one mail per visit, claimed by whichever process sets it.
ALTER TABLE reservations ADD COLUMN feedback_requested_at timestamptz;
-- The guest's answer to the reminder's allergy question: when, and what they said ('' for none).
ALTER TABLE reservations ADD COLUMN allergies_confirmed_at timestamptz;
ALTER TABLE reservations ADD COLUMN allergies_answer text;
CREATE INDEX reservations_feedback_due ON reservations (table_freed_at)
  WHERE status = 'CONFIRMED' AND feedback_requested_at IS NULL;

-- Staff stopped the feedback mails for this guest (asked not to be asked).
ALTER TABLE users ADD COLUMN feedback_mails_stopped_at timestamptz;
-- The guest's erasure request, and when their personal data was erased (the row stays for the money records).
ALTER TABLE users ADD COLUMN erasure_requested_at timestamptz;
ALTER TABLE users ADD COLUMN anonymised_at timestamptz;

-- One rating (1 to 5) and an optional comment per visit, changed through the same link until it expires.
CREATE TABLE visit_feedback (
  reservation_id text PRIMARY KEY,
  user_id text NOT NULL,
  venue_id text NOT NULL,
  -- The Hong Kong service day of the visit, YYYY-MM-DD: the reports' week.
  visit_date text NOT NULL,
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX visit_feedback_user ON visit_feedback (user_id);
CREATE INDEX visit_feedback_venue_date ON visit_feedback (venue_id, visit_date);
CREATE INDEX users_erasure_requested ON users (erasure_requested_at) WHERE erasure_requested_at IS NOT NULL AND anonymised_at IS NULL;
