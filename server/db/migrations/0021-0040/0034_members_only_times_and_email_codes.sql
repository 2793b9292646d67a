-- Member-only times (issue 25, point 2): a service period only members may book, as a dining area may
-- be (0028). The default keeps every existing service open to all.
ALTER TABLE service_periods ADD COLUMN members_only boolean NOT NULL DEFAULT false;
