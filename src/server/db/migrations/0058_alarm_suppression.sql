-- 0058_alarm_suppression.sql (issue 38, docs/alarms.md "Shelving", "Out of service", "Suppression by
-- cause"): an open warning may be suppressed — shelved by a person until a time, its unit out of
-- service, or its board offline — and then it does not sound, leaves the walls' alarm strip and does
-- not escalate, while it stays open, counted and in the journal with its cause (suppressed_by). The
-- column statements are generated from the Drizzle schema; the button, its grants and the setting by hand.
ALTER TABLE "fall_eq_info" ADD COLUMN "out_of_service_at" timestamp with time zone;
ALTER TABLE "fall_eq_info" ADD COLUMN "out_of_service_until" timestamp with time zone;
ALTER TABLE "fall_eq_info" ADD COLUMN "out_of_service_reason" varchar(500) DEFAULT '' NOT NULL;
ALTER TABLE "fall_eq_info" ADD COLUMN "out_of_service_by" varchar(64) DEFAULT '' NOT NULL;
ALTER TABLE "fall_warning" ADD COLUMN "suppressed_by" varchar(16);
ALTER TABLE "fall_warning" ADD COLUMN "shelved_until" timestamp with time zone;
ALTER TABLE "fall_warning" ADD COLUMN "shelved_by" varchar(64) DEFAULT '' NOT NULL;
ALTER TABLE "fall_warning" ADD COLUMN "shelve_reason" varchar(500) DEFAULT '' NOT NULL;

-- Menus of an installation seeded before this migration get the shelve button (a fresh database gets
-- it from the seed's menu tree); it shelves alarms and sets units out of service. The roles that may
-- acknowledge alarms may shelve them (docs/access.md).
INSERT INTO sys_menu (parent_id, name, name_en, type, perms, menu_code, sort)
SELECT m.id, '搁置告警', 'Shelve alarms', 2, 'fall-detect#shelve', m.menu_code, 91
  FROM sys_menu m
 WHERE m.type = 1 AND m.menu_code = 'fall-detect'
   AND NOT EXISTS (SELECT 1 FROM sys_menu b WHERE b.perms = 'fall-detect#shelve');
INSERT INTO sys_role_menu (role_id, menu_id)
SELECT r.id, b.id FROM sys_role r JOIN sys_menu b ON b.perms = 'fall-detect#shelve'
 WHERE r.code IN ('administrator', 'manager', 'operator')
ON CONFLICT DO NOTHING;

-- The longest shelving (src/server/lib/settings.ts); a fresh database gets the same row from the seed.
INSERT INTO sys_config (key, value, type, remark) VALUES
  ('alarm.shelveMaxMinutes', '480', 'number', '[[setting.alarm.shelveMaxMinutes]]')
ON CONFLICT (key) DO NOTHING;
