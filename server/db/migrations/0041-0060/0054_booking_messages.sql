-- Two-way text messages on a booking (SMS or WhatsApp through Twilio): what was sent and what the guest
-- answered. An outgoing one points at its outbox row, whose delivery it shares.
CREATE TABLE booking_messages (
  id text PRIMARY KEY,
  reservation_id text,
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  channel text NOT NULL CHECK (channel IN ('SMS', 'WHATSAPP')),
  -- The guest's number, E.164.
  guest_number text NOT NULL,
  body text NOT NULL,
  outbox_id text UNIQUE,
  -- The provider's id of an incoming message: a request carrying one already seen is a replay.
  provider_id text UNIQUE,
  -- What an incoming reply did: CONFIRMED, CANCELED, FOR_STAFF (waits for a reply), ANSWERED (staff replied); null when outgoing.
  outcome text CHECK (outcome IN ('CONFIRMED', 'CANCELED', 'FOR_STAFF', 'ANSWERED')),
  staff_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Insertion order, for messages written in the same instant (a reply and its acknowledgement).
  seq bigserial NOT NULL
);
CREATE INDEX booking_messages_reservation ON booking_messages (reservation_id, created_at);

-- The provider's id of a sent text, and what its status callback said afterwards.
ALTER TABLE outbox ADD COLUMN provider_message_id text;
ALTER TABLE outbox ADD COLUMN delivery_status text CHECK (delivery_status IN ('DELIVERED', 'FAILED'));
CREATE UNIQUE INDEX outbox_provider_message_id ON outbox (provider_message_id) WHERE provider_message_id IS NOT NULL;

-- How a guest takes text messages: SMS unless they chose WhatsApp. Booking messages need no consent;
-- marketing needs its own, given at a time.
CREATE TABLE guest_message_preferences (
  user_id text PRIMARY KEY,
  channel text NOT NULL DEFAULT 'SMS' CHECK (channel IN ('SMS', 'WHATSAPP')),
  marketing_consent_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
