-- 0031_board_refusals.sql: the device path (issue 27, 26). Each board keeps its last refused report
-- (a wrong signature, an unsigned or stale reading) so operators see why it is silent; and a board's
-- reading is stored once per reading time, so a retained message, a redelivery or a replay is
-- recognised by the raw row it would repeat (INSERT … ON CONFLICT DO NOTHING) instead of applied again.
ALTER TABLE "fall_detect" ADD COLUMN "refused_reason" varchar(16);
ALTER TABLE "fall_detect" ADD COLUMN "refused_at" timestamp with time zone;
ALTER TABLE "fall_detect" ADD COLUMN "refused_since" timestamp with time zone;
-- Readings stored twice before this (two sources in the same instant) keep one row.
DELETE FROM detect_reading a USING detect_reading b
 WHERE a.detect_id = b.detect_id AND a.at = b.at AND a.ctid > b.ctid;
DROP INDEX IF EXISTS detect_reading_board_at_idx;
CREATE UNIQUE INDEX detect_reading_board_at_idx ON detect_reading (detect_id, at);
