-- 0055_readings_missing.sql: Cascade says when a board's readings go missing (issue 37: a broker
-- account in the shared subscription silently took most of them, and nothing showed it). Each
-- reading's sequence number is kept with it, and every gap between two readings of a board — its
-- sequence skipping numbers, or more than its poll period passing — is stored with how many readings
-- it lacks (detect_gap), so the boards list, the walls and the metric add up the same rows
-- (modules/operations/detect/missing.ts). The first statement is generated from the Drizzle schema;
-- the rest, for tables the code reads through SQL only, by hand.
ALTER TABLE "fall_detect" ADD COLUMN "missing_since" timestamp with time zone;

-- The board's message counter as it signed the reading (HTTP and MQTT); null for a polled or demo reading.
ALTER TABLE detect_reading ADD COLUMN seq bigint;

-- One row per gap between two consecutive stored readings of a board (by reading time) that lacks
-- readings: `after_at` the reading before it, `before_at` the one after. Written by the ingest in the
-- batch that stores a reading, under the board's row lock, for the readings around it: a late
-- reading that fills a gap splits or removes it, a repeat changes nothing. Kept as long as the raw
-- readings (detect.rawRetentionHours).
CREATE TABLE detect_gap (
  detect_id integer NOT NULL REFERENCES fall_detect (id) ON DELETE CASCADE,
  after_at timestamptz NOT NULL,
  before_at timestamptz NOT NULL,
  -- 'sequence': the board's counter skipped numbers; 'period': no counter to go by (a polled board,
  -- a counter that restarted), judged by the poll period.
  kind varchar(8) NOT NULL CHECK (kind IN ('sequence', 'period')),
  missed integer NOT NULL CHECK (missed > 0),
  after_seq bigint,
  before_seq bigint,
  found_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX detect_gap_board_idx ON detect_gap (detect_id, after_at);
CREATE INDEX detect_gap_before_idx ON detect_gap (before_at);

-- Readings missing in `gap_seconds` with nothing heard, for a board that reports every
-- `period_seconds`: a reading may come up to half a period late (at least 3 s: the poller's round
-- and the ingest's batch), so one is missing once a period and that slack have passed with nothing,
-- another each period after.
CREATE FUNCTION detect_missed_in(gap_seconds double precision, period_seconds integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT greatest(0, ceil((gap_seconds - greatest(3, period_seconds / 2.0)) / greatest(period_seconds, 1)) - 1)::integer $$;
