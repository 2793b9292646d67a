-- A booking's occasion and the party's dietary needs as fields (docs/PRODUCT.md §3): the lists' codes
-- (src/domain/guest-requests.ts) and a line of free text each. The user keeps the needs of the last
-- completed booking, to fill the next one in.
ALTER TABLE reservations
  ADD COLUMN occasion text,
  ADD COLUMN occasion_note text,
  ADD COLUMN dietary_needs text[] NOT NULL DEFAULT '{}',
  ADD COLUMN dietary_note text;
ALTER TABLE users
  ADD COLUMN dietary_needs text[] NOT NULL DEFAULT '{}',
  ADD COLUMN dietary_note text;
