-- 0056_conditioning.sql: alarm conditioning at the source and chattering (issue 38, docs/alarms.md).
-- A channel's on-delay, off-delay, deadband and "N switch faults in M minutes" are its own, or, left
-- null, its unit's device model's (fall_device), or today's behaviour; the channel keeps the state of
-- a condition under way (pending_since, normal_since, switch_hits) so a reading, or the device jobs'
-- sweep when none comes, can finish it. A warning stores its chattering count when it opens (3 or
-- more of its board and channel within 60 s), recomputable from the journal. Generated from the
-- Drizzle schema.
ALTER TABLE "fall_detect_channel" ADD COLUMN "on_delay_seconds" integer;
ALTER TABLE "fall_detect_channel" ADD COLUMN "off_delay_seconds" integer;
ALTER TABLE "fall_detect_channel" ADD COLUMN "deadband" double precision;
ALTER TABLE "fall_detect_channel" ADD COLUMN "repeat_count" smallint;
ALTER TABLE "fall_detect_channel" ADD COLUMN "repeat_minutes" integer;
ALTER TABLE "fall_detect_channel" ADD COLUMN "pending_since" timestamp with time zone;
ALTER TABLE "fall_detect_channel" ADD COLUMN "normal_since" timestamp with time zone;
ALTER TABLE "fall_detect_channel" ADD COLUMN "switch_hits" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL;
ALTER TABLE "fall_device" ADD COLUMN "on_delay_seconds" integer;
ALTER TABLE "fall_device" ADD COLUMN "off_delay_seconds" integer;
ALTER TABLE "fall_device" ADD COLUMN "deadband" double precision;
ALTER TABLE "fall_device" ADD COLUMN "repeat_count" smallint;
ALTER TABLE "fall_device" ADD COLUMN "repeat_minutes" integer;
ALTER TABLE "fall_warning" ADD COLUMN "chatter" smallint DEFAULT 0 NOT NULL;
CREATE INDEX "fall_detect_channel_pending_idx" ON "fall_detect_channel" USING btree ("detect_id") WHERE pending_since IS NOT NULL OR normal_since IS NOT NULL;
