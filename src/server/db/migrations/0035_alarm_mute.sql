-- 0035_alarm_mute.sql (issue 26): a wall's mute lasts alarm.muteMinutes, then its sound comes back by
-- itself. The setting shows on the configuration screen of an existing installation too; a fresh one
-- gets the same row from the seed (src/server/lib/settings.ts).
INSERT INTO sys_config (key, value, type, remark) VALUES
  ('alarm.muteMinutes', '15', 'number', '[[setting.alarm.muteMinutes]]')
ON CONFLICT (key) DO NOTHING;
