-- The set-up (docs/decisions/0016-versioned-setup.md): a venue's own staff may change its set-up when an admin allows it, venue by venue.
-- Off by default, so every existing venue stays admin-only until an admin switches it on.
ALTER TABLE venues ADD COLUMN staff_may_set_up boolean NOT NULL DEFAULT false;
