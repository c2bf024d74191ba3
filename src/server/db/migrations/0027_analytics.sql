-- Usage analytics (spec: "Analytics events are batched with a 3000 ms delay, and only if analysis is
-- enabled"). One row per page view or action a browser reported through POST /analytics/events.
-- The user comes from the session that sent the batch, never from the body; display (kiosk wall)
-- and visitor sessions have no user and report page views only. Nothing else about the person is
-- kept: no address, no browser, no query string. Purged after analytics.retentionDays.
CREATE TABLE sys_analytics_event (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  session_kind varchar(16) NOT NULL,
  user_id integer,
  kind varchar(16) NOT NULL,
  screen varchar(128) NOT NULL,
  action varchar(64) NOT NULL DEFAULT ''
);
CREATE INDEX sys_analytics_event_at_idx ON sys_analytics_event(at);

-- Off by default; the demo seed switches it on (docs/decisions.md "Usage analytics").
INSERT INTO sys_config (key, value, type, remark) VALUES
  ('analytics.enabled', 'false', 'boolean', '[[setting.analytics.enabled]]'),
  ('analytics.retentionDays', '90', 'number', '[[setting.analytics.retentionDays]]')
ON CONFLICT (key) DO NOTHING;

INSERT INTO job_schedule (name, handler, params, cron, status, remark)
SELECT '[[job.analyticsPurge.name]]', 'analytics.purge', '{}'::jsonb, '40 3 * * *', 0, '[[job.analyticsPurge.remark]]'
WHERE NOT EXISTS (SELECT 1 FROM job_schedule WHERE handler = 'analytics.purge');
