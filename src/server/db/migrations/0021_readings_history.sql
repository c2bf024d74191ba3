-- Readings at fleet scale: every accepted board reading is kept raw for a retention window
-- (detect.rawRetentionHours) and rolled up per minute and per hour (min/max/sum/count per channel)
-- for trends, kept longer (detect.minuteRetentionDays, detect.hourRetentionDays). The latest state
-- per channel stays in fall_detect_channel. No foreign key on the raw table: 200 inserts a second
-- should not each check fall_detect; rows of a deleted board leave with the retention purge.
CREATE TABLE detect_reading (
  detect_id integer NOT NULL,
  at timestamptz NOT NULL,
  switches smallint[] NOT NULL,
  analogs double precision[] NOT NULL,
  source varchar(8) NOT NULL DEFAULT ''
);
CREATE INDEX detect_reading_board_at_idx ON detect_reading (detect_id, at);
CREATE INDEX detect_reading_at_idx ON detect_reading (at);

-- grain 'm' = per minute, 'h' = per hour; bucket = the start of the minute / hour.
CREATE TABLE detect_trend (
  grain char(1) NOT NULL CHECK (grain IN ('m', 'h')),
  detect_id integer NOT NULL,
  ch smallint NOT NULL,
  bucket timestamptz NOT NULL,
  min double precision NOT NULL,
  max double precision NOT NULL,
  sum double precision NOT NULL,
  count integer NOT NULL,
  faults integer NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, detect_id, ch, bucket)
);
CREATE INDEX detect_trend_bucket_idx ON detect_trend (grain, bucket);

-- How far each grain has been rolled up: raw readings before `upto` are in the trend. A reading
-- stored late (a retried batch) for a bucket already rolled is merged into the trend by the writer.
CREATE TABLE detect_trend_mark (
  grain char(1) PRIMARY KEY,
  upto timestamptz NOT NULL
);
INSERT INTO detect_trend_mark (grain, upto) VALUES ('m', '2000-01-01T00:00:00Z'), ('h', '2000-01-01T00:00:00Z');

INSERT INTO sys_config (key, value, type, remark) VALUES
  ('detect.rawRetentionHours', '48', 'number', '[[setting.detect.rawRetentionHours]]'),
  ('detect.minuteRetentionDays', '7', 'number', '[[setting.detect.minuteRetentionDays]]'),
  ('detect.hourRetentionDays', '400', 'number', '[[setting.detect.hourRetentionDays]]')
ON CONFLICT (key) DO NOTHING;

INSERT INTO job_schedule (name, handler, params, cron, status, remark)
SELECT '[[job.detectTrends.name]]', 'detect.trends', '{}'::jsonb, '* * * * *', 0, '[[job.detectTrends.remark]]'
WHERE NOT EXISTS (SELECT 1 FROM job_schedule WHERE handler = 'detect.trends');
