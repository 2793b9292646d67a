-- Experiences set up in the admin area (docs/decisions/0016-versioned-setup.md). An experience is retired, never deleted: bookings
-- keep pointing at it. Its party sizes and days narrow the venue's (defaults: any party, every day of its
-- services); its own policy, when set, stands instead of the venue's for every reader
-- (common/experience-policy.ts `policyOf`). English stays on `experiences`; `experience_texts` holds the
-- other five languages, a null field meaning "not written yet" (guests read the English), as venue_texts.
ALTER TABLE experiences ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE experiences ADD COLUMN min_guests integer NOT NULL DEFAULT 1;
ALTER TABLE experiences ADD COLUMN max_guests integer NOT NULL DEFAULT 40;
ALTER TABLE experiences ADD COLUMN days_of_week integer[] NOT NULL DEFAULT '{1,2,3,4,5,6,7}';
ALTER TABLE experiences ADD COLUMN policy jsonb;

CREATE TABLE experience_texts (
  experience_id text NOT NULL REFERENCES experiences(id),
  locale text NOT NULL CHECK (locale IN ('ja', 'ko', 'th', 'zh-Hans', 'zh-Hant')),
  name text,
  description text,
  PRIMARY KEY (experience_id, locale)
);
