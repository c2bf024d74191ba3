-- Scheduled jobs every installation needs (handlers of src/server/jobs/builtin.ts), and at most one
-- active storage configuration.
INSERT INTO job_schedule (name, handler, params, cron, status, remark)
SELECT 'Log retention', 'log.purge', '{}'::jsonb, '30 3 * * *', 0, 'Deletes operation, login and job logs older than log.retentionDays (daily 03:30)'
WHERE NOT EXISTS (SELECT 1 FROM job_schedule WHERE handler = 'log.purge');

INSERT INTO job_schedule (name, handler, params, cron, status, remark)
SELECT 'Session and captcha cleanup', 'captcha.purge', '{}'::jsonb, '5 * * * *', 0, 'Deletes expired sessions and captchas (hourly)'
WHERE NOT EXISTS (SELECT 1 FROM job_schedule WHERE handler = 'captcha.purge');

CREATE UNIQUE INDEX IF NOT EXISTS oss_config_one_active ON oss_config (active) WHERE active;
