-- Rate limits in the database, so every server process counts the same attempts (issue point 4).
-- One row per limit and key (an address, an e-mail, an account and address pair): the attempts counted,
-- until when the key must wait (and until when it had to before the latest attempt, restored if that
-- attempt is taken back), and when the row stops mattering (then a new attempt starts from one, and the
-- row may be deleted).
CREATE TABLE rate_limits (
  name text NOT NULL,
  key text NOT NULL,
  hits integer NOT NULL,
  blocked_until timestamptz,
  prior_blocked_until timestamptz,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (name, key)
);
CREATE INDEX rate_limits_expires_at ON rate_limits (expires_at);

-- The addresses each account has logged in from: a stranger's failures on the account slow only clients
-- that never proved they know its password (services/login-throttle.ts).
CREATE TABLE login_known_clients (
  account text NOT NULL,
  client text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (account, client)
);
CREATE INDEX login_known_clients_last_success_at ON login_known_clients (last_success_at);

-- Access tokens carry the generation they were issued under; a password change or reset, or a stolen
-- refresh token, moves it on, and every older access token stops at once (issue point 5).
ALTER TABLE users ADD COLUMN session_generation integer NOT NULL DEFAULT 0;
