-- The guest book (docs/decisions/0015-trigram-search.md): staff find a guest by name, phone, e-mail or booking reference however
-- it is typed, read the guest's history, tag them, keep dated notes, and merge accounts that are one person.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- What a guest is found by, in one lower-case text: the name both ways round and run together (so
-- 'gracechan' finds Grace Chan), the e-mail, and the mobile number as dialled at home and in E.164 digits.
-- Staff searches match each typed word against it by trigram word similarity (services/guests/guest-search.ts).
ALTER TABLE users ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(
    first_name || ' ' || last_name || ' ' || first_name || last_name || ' ' || last_name || first_name || ' ' || email
    || ' ' || coalesce(mobile_number, '')
    || ' ' || coalesce(regexp_replace(mobile_country_code, '\D', '', 'g') || mobile_number, '')
  )
) STORED;
-- No pending list (fastupdate off): a search never reads a long list of entries not yet merged in after a busy hour.
CREATE INDEX users_search_trgm ON users USING gin (search_text gin_trgm_ops) WITH (fastupdate = off) WHERE role IN ('guest', 'member');

-- An account merged into another (services/guests/guest-merge.ts): it keeps its row for the audit log and
-- its old e-mail, but everything it had now belongs to the other, and it can no longer log in.
ALTER TABLE users ADD COLUMN merged_into text REFERENCES users(id);

-- Likely duplicates share a mobile number (E.164) or an e-mail typed another way round.
CREATE INDEX users_phone_e164 ON users ((regexp_replace(mobile_country_code, '\D', '', 'g') || mobile_number))
  WHERE role IN ('guest', 'member') AND mobile_number IS NOT NULL AND merged_into IS NULL;
CREATE INDEX users_email_lower ON users ((lower(trim(email)))) WHERE role IN ('guest', 'member') AND merged_into IS NULL;

-- Tags: the built-in ones (their names are the app's words, in every language) and the club's own (an admin's words).
CREATE TABLE guest_tags (
  id text PRIMARY KEY,
  -- A built-in tag's code; null for one the club added.
  code text UNIQUE CHECK (code IN ('VIP', 'REGULAR', 'PRESS', 'ALLERGY')),
  name text,
  -- Removed by an admin: no longer offered, still shown where it was given.
  archived_at timestamptz,
  created_by text REFERENCES users(id),
  created_at timestamptz NOT NULL,
  CHECK ((code IS NULL) = (name IS NOT NULL))
);
CREATE UNIQUE INDEX guest_tags_name ON guest_tags (lower(name)) WHERE name IS NOT NULL AND archived_at IS NULL;
INSERT INTO guest_tags (id, code, created_at) VALUES
  ('000000000000000000000a01', 'VIP', now()),
  ('000000000000000000000a02', 'REGULAR', now()),
  ('000000000000000000000a03', 'PRESS', now()),
  ('000000000000000000000a04', 'ALLERGY', now());

CREATE TABLE guest_tag_links (
  guest_id text NOT NULL REFERENCES users(id),
  tag_id text NOT NULL REFERENCES guest_tags(id),
  added_by text NOT NULL REFERENCES users(id),
  added_at timestamptz NOT NULL,
  PRIMARY KEY (guest_id, tag_id)
);

-- Dated notes with their author. ALLERGY and DIETARY notes are warnings on the day sheet, the table plan and
-- the profile; SEATING notes are the guest's seating preferences.
CREATE TABLE guest_notes (
  id text PRIMARY KEY,
  guest_id text NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('NOTE', 'ALLERGY', 'DIETARY', 'SEATING')),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 500),
  author_id text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL,
  -- Removed by staff: kept for the audit log, shown nowhere.
  removed_at timestamptz
);
CREATE INDEX guest_notes_guest ON guest_notes (guest_id, created_at DESC) WHERE removed_at IS NULL;
