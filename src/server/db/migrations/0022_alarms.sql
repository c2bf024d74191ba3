-- Alarms the wall cannot miss: an open warning pops up on the walls until a person
-- acknowledges it. Acknowledging is not dealing with it: it says "someone has seen this" (who and
-- when), silences every wall at once, and leaves the warning open until it is fixed. An alarm left
-- unacknowledged past the setting alarm.escalateMinutes is escalated once (escalated_at) by the
-- device jobs: it pops up again on every wall and reads as overdue in the lists.
ALTER TABLE fall_warning ADD COLUMN ack_at timestamptz;
ALTER TABLE fall_warning ADD COLUMN ack_by varchar(64) NOT NULL DEFAULT '';
ALTER TABLE fall_warning ADD COLUMN escalated_at timestamptz;
-- The escalation sweep and the walls look for open, unacknowledged warnings only.
CREATE INDEX fall_warning_unacked ON fall_warning (at) WHERE result IS NULL AND ack_at IS NULL;

-- Menus of an installation seeded before this migration get the acknowledge button (a fresh database
-- gets it from the seed's menu tree); the roles that may deal with warnings may acknowledge them.
INSERT INTO sys_menu (parent_id, name, name_en, type, perms, menu_code, sort)
SELECT m.id, '确认告警', 'Acknowledge alarms', 2, 'fall-detect#ack', m.menu_code, 90
  FROM sys_menu m
 WHERE m.type = 1 AND m.menu_code = 'fall-detect'
   AND NOT EXISTS (SELECT 1 FROM sys_menu b WHERE b.perms = 'fall-detect#ack');
INSERT INTO sys_role_menu (role_id, menu_id)
SELECT r.id, b.id FROM sys_role r JOIN sys_menu b ON b.perms = 'fall-detect#ack'
 WHERE r.code IN ('administrator', 'manager', 'operator')
ON CONFLICT DO NOTHING;

-- The alarm settings (src/server/lib/settings.ts) show on the configuration screen of an existing
-- installation too; a fresh one gets the same rows from the seed.
INSERT INTO sys_config (key, value, type, remark) VALUES
  ('alarm.popupLevels', 'warning,critical', 'string', '[[setting.alarm.popupLevels]]'),
  ('alarm.sounds', '{"info":"none","warning":"chime","critical":"siren"}', 'string', '[[setting.alarm.sounds]]'),
  ('alarm.escalateMinutes', '10', 'number', '[[setting.alarm.escalateMinutes]]')
ON CONFLICT (key) DO NOTHING;
