-- The club sets itself up (docs/decisions/0016-versioned-setup.md, venue content and services). English stays on `venues`, the source
-- every other language falls back to; `venue_texts` holds the other five, a null field meaning "not
-- written yet" (the admin is shown it as missing, guests read the English).
CREATE TABLE venue_texts (
  venue_id text NOT NULL REFERENCES venues(id),
  locale text NOT NULL CHECK (locale IN ('ja', 'ko', 'th', 'zh-Hans', 'zh-Hant')),
  title text,
  description text,
  introduction text,
  address text,
  PRIMARY KEY (venue_id, locale)
);

-- A venue's services are published as one list (an hour moved from lunch to dinner is one change), so
-- the list has a version of its own beside each record's (migration 0026): a change started from an older
-- one is refused (409 20140), never silently written over another admin's.
ALTER TABLE venues ADD COLUMN services_version integer NOT NULL DEFAULT 1;

-- A service's last seating (the last start time offered; null: the last that ends by the service's end)
-- and the Hong Kong days it is valid, both included (null: open-ended), so next season can be set ahead.
ALTER TABLE service_periods ADD COLUMN last_seating_minute integer;
ALTER TABLE service_periods ADD COLUMN valid_from text;
ALTER TABLE service_periods ADD COLUMN valid_until text;

-- A venue's uploaded picture: its resized files (server/services/venues/venue-pictures.ts) named by the
-- hash of their content, so each URL's bytes never change and are cached for good.
CREATE TABLE venue_pictures (
  venue_id text PRIMARY KEY REFERENCES venues(id),
  hash text NOT NULL,
  uploaded_at timestamptz NOT NULL
);
CREATE TABLE picture_files (
  hash text NOT NULL,
  variant text NOT NULL,
  content_type text NOT NULL,
  body bytea NOT NULL,
  PRIMARY KEY (hash, variant)
);

-- An uploaded PDF menu; a menu row without one is generated (server/menus/).
ALTER TABLE menus ADD COLUMN pdf bytea;

-- One number every server process reads per request for the catalog it caches: publishing a set-up
-- change bumps it, so every process reads the set-up again on its next request.
CREATE TABLE venue_catalog_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL
);
INSERT INTO venue_catalog_version (only_row, version) VALUES (true, 1);
