-- 0037_channel_unit.sql: a channel's analog value gets its unit (kPa, m, %…), so its trend chart
-- (issue 26, "Readable trends") labels its axis and tooltip; empty until an operator sets it.
ALTER TABLE "fall_detect_channel" ADD COLUMN "unit" varchar(16) DEFAULT '' NOT NULL;
