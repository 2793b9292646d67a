-- A no-show fee charged to the card that paid the booking (server/services/no-show-fee-charge.ts): one row
-- a booking, written with the no-show, so a charge the processor could not take (unreachable, an error) is
-- tried again by whichever server process claims it first, with the same idempotency key, and staff can
-- charge the card again after a refusal (a new key: the refused one took nothing). The processor's answers
-- stay in `payments` (NO_SHOW_FEE, SUCCEEDED or FAILED) as before.
CREATE TABLE no_show_fee_charges (
  reservation_id text PRIMARY KEY REFERENCES reservations(id),
  user_id text NOT NULL REFERENCES users(id),
  -- The processor's intent of the payment whose card is charged.
  card_of text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  -- no-show-fee-<reservation>, then -2, -3 … for each charge staff start after a refusal.
  idempotency_key text NOT NULL UNIQUE,
  -- PENDING: to be charged (again) at next_attempt_at; CHARGED; DECLINED: the card was refused, never
  -- tried again by itself; GAVE_UP: the processor could not be reached on the last automatic attempt.
  status text NOT NULL CHECK (status IN ('PENDING', 'CHARGED', 'DECLINED', 'GAVE_UP')),
  -- Attempts with this key that got no answer from the processor.
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  -- The processor's reason for a refusal, or the error of the last unanswered attempt.
  last_error text,
  -- A process (the retry job, or a staff request) charging it now holds it until then; claim_token names which.
  claimed_until timestamptz,
  claim_token text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX no_show_fee_charges_due ON no_show_fee_charges (next_attempt_at) WHERE status = 'PENDING';

-- The day sheet shows a charge under way, refused or waiting for its next attempt: its changes are
-- announced on the live stream as a payment's are (migration 0014), after commit, to every process.
CREATE FUNCTION notify_no_show_fee_charge() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  booking record;
BEGIN
  SELECT id, venue_id, date INTO booking FROM reservations WHERE id = NEW.reservation_id;
  PERFORM pg_notify('reservation_events', json_build_object('venueId', booking.venue_id, 'date', booking.date, 'reservationId', booking.id)::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER no_show_fee_charges_notify AFTER INSERT OR UPDATE ON no_show_fee_charges
  FOR EACH ROW EXECUTE FUNCTION notify_no_show_fee_charge();
