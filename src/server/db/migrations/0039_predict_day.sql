-- 0039_predict_day.sql: the predictive detector (issue 30, docs/predictive.md) reads each channel's
-- history as one row a day (levels in show time and idle apart, spread, far-out hours), written once
-- from the per-hour trend: a run over a fleet reads two weeks as ~14 rows a channel, not 336 hours.
-- Its job, predict.scan, runs hourly (findings move once a day; faults, completed orders and
-- recoveries are seen within the hour).
CREATE TABLE "fall_channel_day" (
	"detect_id" integer NOT NULL,
	"ch" smallint NOT NULL,
	"day" date NOT NULL,
	"hours" smallint NOT NULL,
	"faults" integer DEFAULT 0 NOT NULL,
	"show_level" double precision,
	"idle_level" double precision,
	"spread" double precision DEFAULT 0 NOT NULL,
	"excursions" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "fall_channel_day_pkey" PRIMARY KEY("detect_id","ch","day")
);
ALTER TABLE "fall_channel_day" ADD CONSTRAINT "fall_channel_day_detect_id_fkey" FOREIGN KEY ("detect_id") REFERENCES "public"."fall_detect"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "fall_channel_day_day_idx" ON "fall_channel_day" USING btree ("day");

INSERT INTO job_schedule (name, handler, params, cron, status, remark)
SELECT '[[job.predictScan.name]]', 'predict.scan', '{}'::jsonb, '7 * * * *', 0, '[[job.predictScan.remark]]'
WHERE NOT EXISTS (SELECT 1 FROM job_schedule WHERE handler = 'predict.scan');
