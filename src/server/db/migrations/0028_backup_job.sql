-- The scheduled backup (handler "backup", src/server/backup/job.ts) in the job screen like the other
-- built-in jobs: daily at 02:15, the newest 7 kept. Paused: each backup holds every uploaded file
-- again, so the operator enables it once the disk (BACKUP_DIR) has room for seven (docs/backup.md).
INSERT INTO job_schedule (name, handler, params, cron, status, remark)
SELECT '[[job.backup.name]]', 'backup', '{"keep": 7}'::jsonb, '15 2 * * *', 1, '[[job.backup.remark]]'
WHERE NOT EXISTS (SELECT 1 FROM job_schedule WHERE handler = 'backup');
