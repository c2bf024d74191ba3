-- One language at a time: no English on Chinese screens, no Chinese on English ones.
-- 1. English variants where a wall or list shows a value that had only one language.
ALTER TABLE fall_detect ADD COLUMN IF NOT EXISTS board_name_en varchar(128) NOT NULL DEFAULT '';
ALTER TABLE fall_project ADD COLUMN IF NOT EXISTS city_en varchar(64) NOT NULL DEFAULT '';
ALTER TABLE sys_xmlx ADD COLUMN IF NOT EXISTS xmmc_en varchar(128) NOT NULL DEFAULT '';
ALTER TABLE ship_card ADD COLUMN IF NOT EXISTS name_en varchar(128) NOT NULL DEFAULT '';
ALTER TABLE ship_scene ADD COLUMN IF NOT EXISTS name_en varchar(128) NOT NULL DEFAULT '';
ALTER TABLE sys_user ADD COLUMN IF NOT EXISTS real_name_en varchar(64) NOT NULL DEFAULT '';
-- An automatic order's name is its warning's stored message (key and parameters, both languages).
ALTER TABLE fall_order ALTER COLUMN name TYPE varchar(600);

-- 2. Text the server wrote in one language becomes [[key]]{params} (src/shared/server-text.ts)
--    where it can be recognised; anything a person edited stays as it is.
UPDATE sys_config c SET remark = '[[setting.' || c.key || ']]'
  FROM (VALUES
  ('security.captcha', 'Ask for a captcha at login'),
  ('security.lockThreshold', 'Failed logins before the account locks'),
  ('security.lockWindowMinutes', 'Window in which failures count, and lock duration (minutes)'),
  ('security.sessionHours', 'Sliding session lifetime (hours)'),
  ('security.outboundHosts', 'Hosts the server may call out to (camera cloud), separated by commas; *.example.com allows subdomains; empty = no outbound calls'),
  ('security.loginPerMinute', 'Login attempts one IP address may make per minute'),
  ('system.title', 'System title shown in the header and on the wall'),
  ('system.titleEn', 'System title in English (empty = the system title)'),
  ('upload.maxMb', 'Largest file an upload may be (MiB)'),
  ('upload.imageMaxMb', 'Largest image an upload may be (MiB)'),
  ('sla.hours.low', 'Hours to complete a low-priority order on time'),
  ('sla.hours.normal', 'Hours to complete a normal order on time'),
  ('sla.hours.high', 'Hours to complete a high-priority order on time'),
  ('sla.hours.urgent', 'Hours to complete an urgent order on time'),
  ('wall.visitorHours', 'How long a project visitor session (login2) lasts (hours)'),
  ('wall.refreshSeconds', 'How often wall panels refresh (seconds)'),
  ('wall.tileUrl', 'Map tile URL template for the walls ({z}/{x}/{y}); empty = offline world map only'),
  ('camera.tokenUrl', 'Camera cloud endpoint that trades an app key and secret for an access token'),
  ('detect.closeAfterNormal', 'Normal readings that close a channel warning'),
  ('log.retentionDays', 'Days operation and login logs are kept')
  ) AS old(key, remark)
 WHERE c.key = old.key AND c.remark = old.remark;

UPDATE job_schedule SET name = '[[job.logPurge.name]]' WHERE handler = 'log.purge' AND name = 'Log retention';
UPDATE job_schedule SET remark = '[[job.logPurge.remark]]'
 WHERE handler = 'log.purge' AND remark = 'Deletes operation, login and job logs older than log.retentionDays (daily 03:30)';
UPDATE job_schedule SET name = '[[job.captchaPurge.name]]' WHERE handler = 'captcha.purge' AND name = 'Session and captcha cleanup';
UPDATE job_schedule SET remark = '[[job.captchaPurge.remark]]'
 WHERE handler = 'captcha.purge' AND remark = 'Deletes expired sessions and captchas (hourly)';

-- Demo boards "N# 检测板" get their English name.
UPDATE fall_detect SET board_name_en = 'Board ' || substring(board_name FROM '^(\d+)# 检测板$')
 WHERE board_name ~ '^\d+# 检测板$' AND board_name_en = '';

-- Warning reasons (and the automatic orders that copied them) in the forms the server and the demo
-- seed used to write.
CREATE OR REPLACE FUNCTION pg_temp.language_text(t text, board_en text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE m text[];
BEGIN
  m := regexp_match(t, '^(.+) CH(\d+)( .+)?: switch fault \(1\)$');
  IF m IS NOT NULL THEN
    RETURN '[[text.switchFault]]' || jsonb_build_object('board', m[1], 'boardEn', coalesce(board_en, ''), 'ch', m[2]::int, 'label', coalesce(m[3], ''))::text;
  END IF;
  m := regexp_match(t, '^(.+) CH(\d+)( .+)?: analog (\S+) outside (\S+)–(\S+)$');
  IF m IS NOT NULL THEN
    RETURN '[[text.analogOut]]' || jsonb_build_object('board', m[1], 'boardEn', coalesce(board_en, ''), 'ch', m[2]::int, 'label', coalesce(m[3], ''),
                                                      'analog', m[4], 'min', m[5], 'max', m[6])::text;
  END IF;
  m := regexp_match(t, '^(.+): no data for (\d+) s \(offline\)$');
  IF m IS NOT NULL THEN
    RETURN '[[text.offline]]' || jsonb_build_object('board', m[1], 'boardEn', coalesce(board_en, ''), 'seconds', m[2]::int)::text;
  END IF;
  m := regexp_match(t, '^(.+) CH(\d+) 故障：(.+) 开关量断开，模拟量 (\S+)$');
  IF m IS NOT NULL THEN
    RETURN '[[text.seedFault]]' || jsonb_build_object('board', m[1], 'boardEn', coalesce(board_en, ''), 'ch', m[2]::int, 'equipment', m[3], 'analog', m[4])::text;
  END IF;
  m := regexp_match(t, '^(.+) CH(\d+) 故障：(.+) 开关量断开$');
  IF m IS NOT NULL THEN
    RETURN '[[text.seedFaultPast]]' || jsonb_build_object('board', m[1], 'boardEn', coalesce(board_en, ''), 'ch', m[2]::int,
                                                          'equipment', CASE WHEN m[3] = '未接设备' THEN '[[text.noEquipment]]' ELSE m[3] END)::text;
  END IF;
  m := regexp_match(t, '^(.+) 离线：超过 3 个轮询周期无数据$');
  IF m IS NOT NULL THEN
    RETURN '[[text.seedOffline]]' || jsonb_build_object('board', m[1], 'boardEn', coalesce(board_en, ''))::text;
  END IF;
  RETURN NULL;
END $$;

UPDATE fall_warning w SET info = pg_temp.language_text(w.info, d.board_name_en)
  FROM fall_detect d
 WHERE d.id = w.detect_id AND pg_temp.language_text(w.info, d.board_name_en) IS NOT NULL;
UPDATE fall_order o SET name = w.info, description = w.info
  FROM fall_warning w
 WHERE w.id = o.warning_id AND o.source = 'warning' AND o.submitter = 'system' AND w.info LIKE '[[%'
   AND pg_temp.language_text(o.description, NULL) IS NOT NULL;

UPDATE fall_warning SET note = '[[text.backOnline]]' WHERE note = 'board reporting again';
UPDATE fall_warning SET note = '[[text.normalAgain]]' || jsonb_build_object('n', substring(note FROM '^normal for (\d+) readings$')::int)::text
 WHERE note ~ '^normal for \d+ readings$';
UPDATE fall_warning SET note = '[[text.resetOnSite]]' WHERE note = '现场复位后恢复正常';
UPDATE fall_warning SET note = '[[text.toOrder]]' WHERE note = '已转维修工单处理';

UPDATE app_bill_record SET reason = '[[text.billCreated]]' WHERE reason = '创建账单';
UPDATE app_bill_record SET reason = '[[text.billMoved]]' WHERE reason = '状态流转';
UPDATE app_bill_record SET reason = '[[text.billCancelled]]' WHERE reason = '客户取消';

-- 3. Demo data written before the English variants existed: the seed's own values get both forms.
UPDATE fall_project p SET city = c.cn, city_en = c.en
  FROM (VALUES
  ('杭州', '杭州', 'Hangzhou'),
  ('西安', '西安', 'Xi''an'),
  ('上海', '上海', 'Shanghai'),
  ('北京', '北京', 'Beijing'),
  ('广州', '广州', 'Guangzhou'),
  ('深圳', '深圳', 'Shenzhen'),
  ('成都', '成都', 'Chengdu'),
  ('重庆', '重庆', 'Chongqing'),
  ('武汉', '武汉', 'Wuhan'),
  ('南京', '南京', 'Nanjing'),
  ('苏州', '苏州', 'Suzhou'),
  ('厦门', '厦门', 'Xiamen'),
  ('青岛', '青岛', 'Qingdao'),
  ('长沙', '长沙', 'Changsha'),
  ('哈尔滨', '哈尔滨', 'Harbin'),
  ('沈阳', '沈阳', 'Shenyang'),
  ('大连', '大连', 'Dalian'),
  ('天津', '天津', 'Tianjin'),
  ('郑州', '郑州', 'Zhengzhou'),
  ('昆明', '昆明', 'Kunming'),
  ('兰州', '兰州', 'Lanzhou'),
  ('银川', '银川', 'Yinchuan'),
  ('海口', '海口', 'Haikou'),
  ('Dubai', '迪拜', 'Dubai'),
  ('Abu Dhabi', '阿布扎比', 'Abu Dhabi'),
  ('Singapore', '新加坡', 'Singapore'),
  ('Las Vegas', '拉斯维加斯', 'Las Vegas'),
  ('New York', '纽约', 'New York'),
  ('Paris', '巴黎', 'Paris'),
  ('Barcelona', '巴塞罗那', 'Barcelona'),
  ('Tokyo', '东京', 'Tokyo'),
  ('Seoul', '首尔', 'Seoul'),
  ('Sydney', '悉尼', 'Sydney'),
  ('Moscow', '莫斯科', 'Moscow'),
  ('Istanbul', '伊斯坦布尔', 'Istanbul'),
  ('Doha', '多哈', 'Doha'),
  ('Kuala Lumpur', '吉隆坡', 'Kuala Lumpur'),
  ('Bangkok', '曼谷', 'Bangkok'),
  ('Cairo', '开罗', 'Cairo'),
  ('London', '伦敦', 'London'),
  ('Rio de Janeiro', '里约热内卢', 'Rio de Janeiro'),
  ('Mexico City', '墨西哥城', 'Mexico City'),
  ('Toronto', '多伦多', 'Toronto'),
  ('Mumbai', '孟买', 'Mumbai'),
  ('Riyadh', '利雅得', 'Riyadh'),
  ('Astana', '阿斯塔纳', 'Astana'),
  ('Jakarta', '雅加达', 'Jakarta')
  ) AS c(seed, cn, en)
 WHERE p.city = c.seed AND p.city_en = '';
UPDATE sys_xmlx x SET xmmc_en = t.en
  FROM (VALUES ('PLAZA', '城市广场', 'City square'), ('COMMERCIAL', '商业综合体', 'Commercial complex'), ('MALL', '购物中心', 'Shopping mall'), ('WATERFRONT', '滨水商业', 'Waterfront'), ('THEMEPARK', '主题公园', 'Theme park'), ('HOTEL', '酒店', 'Hotel'), ('SCENIC', '景区', 'Scenic area'), ('LAKE', '湖泊景区', 'Lake'), ('PARK', '城市公园', 'City park'), ('CAMPUS', '企业园区', 'Corporate campus')) AS t(code, cn, en)
 WHERE x.xmbm = t.code AND x.xmmc = t.cn AND x.xmmc_en = '';
UPDATE sys_user u SET real_name_en = n.en
  FROM (VALUES ('admin', '系统管理员', 'System administrator'), ('manager', '王经理', 'Manager Wang'),
               ('operator', '李工', 'Engineer Li'), ('viewer', '监控室', 'Control room')) AS n(username, cn, en)
 WHERE u.username = n.username AND u.real_name = n.cn AND u.real_name_en = '';
UPDATE ship_card SET name_en = config->>'titleEn' WHERE name_en = '' AND config->>'title' = name AND coalesce(config->>'titleEn', '') <> '';
UPDATE ship_scene SET name = '总览', name_en = 'Overview' WHERE name = '总览 Overview';
UPDATE ship_scene SET name = '运维', name_en = 'Operations' WHERE name = '运维 Operations';
