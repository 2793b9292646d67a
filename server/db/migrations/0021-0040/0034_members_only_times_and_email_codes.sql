-- Member-only times (docs/decisions/0018-verified-guests.md): a service period only members may book, as a dining area may
-- be (0028). The default keeps every existing service open to all.
ALTER TABLE service_periods ADD COLUMN members_only boolean NOT NULL DEFAULT false;

-- A guest continuing without an account may be verified by a code e-mailed to them as well as by one
-- texted (docs/decisions/0018-verified-guests.md): the codes as phone_verifications keeps them (a keyed hash, 10 minutes,
-- 5 wrong guesses, 3 sends per address in 10 minutes), by the normalised address.
CREATE TABLE email_verifications (
  id text PRIMARY KEY,
  email text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  seq bigserial NOT NULL
);
CREATE INDEX email_verifications_email_created ON email_verifications (email, created_at);
