-- The whole schema as first shipped. PostgreSQL 15 features only: PGlite is newer, Debian's server is 15.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE users (
  id text PRIMARY KEY,
  role text NOT NULL CHECK (role IN ('guest', 'member', 'admin')),
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  custom_id text,
  customer_id text,
  mobile_country_code text,
  mobile_number text,
  locale text NOT NULL DEFAULT 'en',
  active_reservation_limit integer,
  annual_reservation_limit integer,
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refresh_tokens (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family_id text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);

CREATE TABLE one_time_tokens (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password-reset', 'email-verify')),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE venues (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  domain text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL,
  address text NOT NULL,
  introduction text NOT NULL,
  max_party_size integer NOT NULL,
  online_min_guests integer NOT NULL,
  online_max_guests integer NOT NULL,
  requires_phone_verification boolean NOT NULL DEFAULT false,
  min_lead_minutes integer NOT NULL,
  policy jsonb NOT NULL,
  reservations_phone text NOT NULL,
  reservations_email text NOT NULL,
  sort_order integer NOT NULL
);

CREATE TABLE service_periods (
  id text PRIMARY KEY,
  venue_id text NOT NULL REFERENCES venues(id),
  name text NOT NULL,
  days_of_week integer[] NOT NULL,
  start_minute integer NOT NULL CHECK (start_minute >= 0),
  end_minute integer NOT NULL CHECK (end_minute > start_minute AND end_minute <= 2880),
  interval_minutes integer NOT NULL CHECK (interval_minutes > 0),
  sort_order integer NOT NULL
);

CREATE TABLE seating_areas (
  id text PRIMARY KEY,
  venue_id text NOT NULL REFERENCES venues(id),
  name text NOT NULL,
  description text NOT NULL,
  sort_order integer NOT NULL
);

CREATE TABLE venue_tables (
  id text PRIMARY KEY,
  venue_id text NOT NULL REFERENCES venues(id),
  seating_area_id text NOT NULL REFERENCES seating_areas(id),
  name text NOT NULL,
  min_guests integer NOT NULL,
  max_guests integer NOT NULL CHECK (max_guests >= min_guests)
);
CREATE INDEX venue_tables_venue ON venue_tables (venue_id);

CREATE TABLE experiences (
  id text PRIMARY KEY,
  venue_id text NOT NULL REFERENCES venues(id),
  name text NOT NULL,
  description text NOT NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
  period_names text[] NOT NULL,
  members_only boolean NOT NULL DEFAULT false,
  pre_payment_type text NOT NULL CHECK (pre_payment_type IN ('PREPAYMENT', 'DEPOSIT', 'NONE')),
  price_amount integer NOT NULL DEFAULT 0,
  service_charge_percentage integer NOT NULL DEFAULT 0,
  tax_percentage integer NOT NULL DEFAULT 0,
  deposit_policy jsonb NOT NULL DEFAULT '[]',
  sort_order integer NOT NULL
);

CREATE TABLE menus (
  id text PRIMARY KEY,
  venue_id text NOT NULL REFERENCES venues(id),
  name text NOT NULL,
  file_name text NOT NULL UNIQUE,
  sort_order integer NOT NULL
);

CREATE TABLE reservations (
  id text PRIMARY KEY,
  unique_id text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES users(id),
  venue_id text NOT NULL REFERENCES venues(id),
  experience_id text NOT NULL REFERENCES experiences(id),
  table_id text NOT NULL REFERENCES venue_tables(id),
  seating_area_id text REFERENCES seating_areas(id),
  date text NOT NULL,
  start_time integer NOT NULL,
  duration integer NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  number_of_guests integer NOT NULL CHECK (number_of_guests BETWEEN 1 AND 10),
  status text NOT NULL CHECK (status IN ('PENDING', 'CONFIRMED', 'EXPIRED', 'CANCELED', 'LATE_CANCELED', 'NO_SHOW')),
  hold_expires_at timestamptz,
  booking_source text NOT NULL CHECK (booking_source IN ('GUEST_WEB_MOBILE', 'GUEST_WEB')),
  first_name text,
  last_name text,
  email text,
  mobile_country_code text,
  mobile_number text,
  notes text,
  locale text NOT NULL DEFAULT 'en',
  pre_payment_type text NOT NULL,
  amount_due integer NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'HKD',
  sequence integer NOT NULL DEFAULT 0,
  confirmed_at timestamptz,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The last word against double-booking: two live reservations never share a table in time.
  CONSTRAINT reservations_no_double_booking EXCLUDE USING gist (
    table_id WITH =, tstzrange(starts_at, ends_at) WITH &&
  ) WHERE (status IN ('PENDING', 'CONFIRMED'))
);
CREATE INDEX reservations_user ON reservations (user_id, starts_at);
CREATE INDEX reservations_venue_day ON reservations (venue_id, date);
CREATE INDEX reservations_pending_hold ON reservations (hold_expires_at) WHERE status = 'PENDING';

CREATE TABLE payments (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  reservation_id text REFERENCES reservations(id),
  purpose text NOT NULL CHECK (purpose IN ('RESERVATION', 'WALLET_TOP_UP')),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'HKD',
  status text NOT NULL,
  method text NOT NULL CHECK (method IN ('CARD', 'WALLET')),
  processor_ref text,
  idempotency_key text NOT NULL UNIQUE,
  card_brand text,
  card_last4 text,
  failure_message text,
  refunded_amount integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_reservation ON payments (reservation_id);

CREATE TABLE wallet_entries (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  type text NOT NULL CHECK (type IN ('TOP_UP', 'PAYMENT', 'REFUND', 'CHARGE', 'ADJUSTMENT')),
  amount integer NOT NULL,
  description text NOT NULL,
  reservation_id text REFERENCES reservations(id),
  payment_id text REFERENCES payments(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_entries_user ON wallet_entries (user_id, created_at);

CREATE TABLE phone_verifications (
  id text PRIMARY KEY,
  mobile_country_code text NOT NULL,
  mobile_number text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phone_verifications_number ON phone_verifications (mobile_country_code, mobile_number, created_at);

CREATE TABLE contact_messages (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  phone text,
  subject text NOT NULL,
  message text NOT NULL,
  locale text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
  id text PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  attachments jsonb NOT NULL DEFAULT '[]',
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_recipient ON outbox (recipient, created_at);

CREATE TABLE page_views (
  id bigserial PRIMARY KEY,
  page text NOT NULL,
  locale text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
