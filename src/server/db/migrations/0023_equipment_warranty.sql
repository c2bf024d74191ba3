-- Warranty end date of an installed unit: a calendar date (no time of day, no time zone), null when
-- unknown. The equipment list filters on it ("expiring within 30 days", "expired") against today's
-- date in UTC, as the statistics count days.
ALTER TABLE fall_eq_info ADD COLUMN warranty_end date;
CREATE INDEX fall_eq_info_warranty_idx ON fall_eq_info(warranty_end) WHERE warranty_end IS NOT NULL;
