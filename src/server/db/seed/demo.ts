import { sql } from 'drizzle-orm';
import type { ServerConfig } from '../../config';
import type { Database } from '../client';
import {
  appBill,
  appBillRecord,
  appUser,
  fallDevice,
  fallDraw,
  fallProject,
  fallProjectIntro,
  fallTrain,
  sysContent,
  sysDictType,
  sysDictionary,
  sysXmlx,
} from '../schema';
import { PROJECT_AREA } from '@shared/contracts/project';
import { DEFAULT_TIME_ZONE } from '@shared/time-zone';
import { DEVICE_CATEGORY } from '@shared/dictionaries';
import { DEMO_BOARD_POLL_SECONDS, SWITCH_FAULT, SWITCH_NORMAL } from '@shared/constants';
import { storeFile } from '../../modules/files/files.service';
import { CITY_NAMES, CITY_TIME_ZONES, DEMO_DEVICES, DEMO_NOTICES, DEMO_PROJECT_TYPES, DEMO_PROJECTS } from './demo-data';
import { serverText } from '@shared/server-text';
import { dropSequence, insertEquipment, insertOrders, R } from './seed-sql';
import { prng, schematicPng, sitePlanPng } from './site-plan';
import { recomputeAllEquipmentStates } from '../../modules/operations/equipment/equipment-state.service';
import { seedDemoRisks } from './demo-risks';
import { seedDemoCalendar } from './demo-calendar';
import { seedDemoChecklists } from './demo-checklists';
import { seedDemoAlarmHistory } from './demo-alarm-history';
import { seedDemoPmPlans } from './demo-pm-plans';
import { seedDemoAssignments } from './demo-assignments';
import { seedDemoStock } from './demo-stock';

export interface DemoSeedOptions {
  /** Where uploaded files live (config.filesDir): the generated site plans and drawings go there. */
  filesDir: string;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
  /** Projects that get a site plan and placed equipment. */
  plans?: number;
}

export interface DemoSeedSummary {
  projects: number;
  countries: number;
  equipment: number;
  orders: number;
  reports: number;
  boards: number;
  warnings: number;
  /** Open findings of the predictive detector (demo-risks.ts); their preventive orders are among `orders`. */
  risks: number;
  files: number;
  ms: number;
}

const SHOW_TIMES = ['19:00-21:30', '19:30-22:00', '20:00-21:00', '12:00-12:30,19:30-21:30', '18:30-22:30'];

/** The `area` dictionary (regions of docs/domain.md §4 groupArea). */
export async function seedAreaDictionary(database: Database): Promise<void> {
  await database.db.insert(sysDictType).values({ type: 'area', name: '区域', nameEn: 'Area' }).onConflictDoNothing();
  await database.db
    .insert(sysDictionary)
    .values(PROJECT_AREA.map((a, i) => ({ type: 'area', label: a.cn, labelEn: a.en, value: a.value, sort: i + 1 })))
    .onConflictDoNothing();
}

/** Project types (xmlx tree) and the device catalogue, skipped where rows exist already. */
export async function seedCatalogues(database: Database): Promise<void> {
  const ids = new Map<string, number>();
  for (const [i, [code, name, nameEn, parent]] of DEMO_PROJECT_TYPES.entries()) {
    const [row] = await database.db
      .insert(sysXmlx)
      .values({ xmbm: code, xmmc: name, xmmcEn: nameEn, pid: parent ? (ids.get(parent) ?? 0) : 0, sort: i + 1 })
      .onConflictDoUpdate({ target: sysXmlx.xmbm, set: { xmbm: sql`excluded.xmbm` } })
      .returning({ id: sysXmlx.id });
    ids.set(code, row.id);
  }
  const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM fall_device');
  if (n === 0) {
    await database.db.insert(fallDevice).values(DEMO_DEVICES.map(([name, nameEn, category, maker, model, remark, remarkEn]) => ({ name, nameEn, category, maker, model, remark, remarkEn })));
  }
}

/**
 * A channel's label: the word of its unit's device category in one language (`e.category` SQL), empty
 * for a channel without a unit. The channel number is not part of it: texts say "CH3" themselves.
 */
function categoryWord(category: string, language: 'cn' | 'en'): string {
  const q = (v: string) => `'${v.replace(/'/g, "''")}'`;
  return `CASE ${category} ${DEVICE_CATEGORY.map((c) => `WHEN ${q(c.value)} THEN ${q(c[language])}`).join(' ')} ELSE '' END`;
}

function uniqueKeyOf(country: string, nameEn: string, index: number): string {
  const slug = nameEn
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .join('-')
    .toUpperCase();
  return `${country}-${slug}-${String(index + 1).padStart(3, '0')}`;
}

/**
 * Believable demo data on a database that has the base seed and no projects yet (does nothing and
 * returns null otherwise): 68 installations in 23 countries, their equipment, two years of
 * maintenance orders and reports, detection boards with channels, warnings, units at risk (the
 * predictive detector run over a simulated channel history: demo-risks.ts), cameras, sensors,
 * trainings, drawings and generated site plans, notices, customers and bills.
 */
export async function seedDemo(database: Database, opts: DemoSeedOptions): Promise<DemoSeedSummary | null> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const [{ n: existing }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM fall_project');
  if (existing > 0) return null;
  const rnd = prng(20240607);
  const files = { config: { filesDir: opts.filesDir } as ServerConfig, database };

  await seedAreaDictionary(database);
  await seedCatalogues(database);
  // The demo shows its usage table from the first click (docs/decisions.md "Usage analytics"); off elsewhere.
  await database.query(`UPDATE sys_config SET value = 'true' WHERE key = 'analytics.enabled'`);

  const projects = await database.db
    .insert(fallProject)
    .values(
      DEMO_PROJECTS.map(([nameCn, nameEn, city, country, longitude, latitude, area, waterType, projectType, status], i) => {
        const built = ['A', 'E', 'F', 'G'].includes(status);
        const hasCamera = built && rnd() < 0.6;
        return {
          name: nameCn,
          nameCn,
          nameEn,
          area,
          country,
          city: CITY_NAMES[city]?.[0] ?? city,
          cityEn: CITY_NAMES[city]?.[1] ?? city,
          controlMode: waterType === 'musical' ? 'music' : (['local', 'remote', 'timer'] as const)[Math.floor(rnd() * 3)],
          longitude,
          latitude,
          totalArea: Math.round(600 + rnd() * rnd() * 14000),
          powerConsumption: Math.round(40 + rnd() * 860),
          runTime: Math.round((1.5 + rnd() * 4.5) * 2) / 2,
          status,
          isRdm: built && rnd() < 0.75,
          dailyShowTime: built ? SHOW_TIMES[Math.floor(rnd() * SHOW_TIMES.length)] : '',
          timeZone: CITY_TIME_ZONES[city] ?? DEFAULT_TIME_ZONE,
          uniqueKey: uniqueKeyOf(country, nameEn, i),
          isPublic: built && rnd() < 0.4,
          cameraAppKey: hasCamera ? `ak${Math.floor(rnd() * 1e12).toString(16)}` : '',
          cameraAppSecret: hasCamera ? `sk${Math.floor(rnd() * 1e15).toString(36)}${Math.floor(rnd() * 1e15).toString(36)}` : '',
          projectType,
          waterType,
          autoOrder: built && rnd() < 0.3,
          createdAt: new Date(Date.now() - (400 + i * 9) * 86400_000),
        };
      }),
    )
    .returning({
      id: fallProject.id,
      name: fallProject.name,
      nameEn: fallProject.nameEn,
      city: fallProject.city,
      cityEn: fallProject.cityEn,
      status: fallProject.status,
      isPublic: fallProject.isPublic,
      dailyShowTime: fallProject.dailyShowTime,
      latitude: fallProject.latitude,
    });
  log(`projects: ${projects.length}`);
  log(`calendar entries: ${await seedDemoCalendar(database, projects)}`);

  // Site plans for the first built projects: a generated PNG owned by the project.
  const planned = projects.filter((p) => !['B', 'D'].includes(p.status)).slice(0, opts.plans ?? 12);
  let fileCount = 0;
  for (const [i, p] of planned.entries()) {
    const png = await sitePlanPng(`${p.name} ${p.nameEn}`, `${p.city} · 总平面图 Site plan`, 1000 + p.id);
    const file = await storeFile(files, { name: `site-plan-${p.id}.png`, data: png, ownerType: 'fall_project', ownerId: p.id, createdBy: 1 });
    await database.query('UPDATE fall_project SET map_background = $1 WHERE id = $2', [file.id, p.id]);
    fileCount += 1;
    const drawings = [
      { name: '总平面图', nameEn: 'Site plan', description: `${p.name}总平面布置图，含水池、泵房、控制室位置。`, descriptionEn: `Site layout of ${p.nameEn}: pools, pump room and control room.`, png, sort: 1 },
      {
        name: '系统原理图', nameEn: 'System schematic', description: '循环水系统与喷头组原理图。', descriptionEn: 'Schematic of the circulation system and the nozzle groups.',
        png: await schematicPng(`${p.name} 系统原理图 System schematic`, 2000 + p.id), sort: 2,
      },
    ];
    for (const d of drawings) {
      const [draw] = await database.db
        .insert(fallDraw)
        .values({ name: d.name, nameEn: d.nameEn, description: d.description, descriptionEn: d.descriptionEn, projectId: p.id, sort: d.sort })
        .returning({ id: fallDraw.id });
      const picture = await storeFile(files, { name: `${d.name}-${p.id}.png`, data: d.png, ownerType: 'fall_draw', ownerId: draw.id, createdBy: 1 });
      await database.query('UPDATE fall_draw SET picture = $1 WHERE id = $2', [picture.id, draw.id]);
      fileCount += 1;
    }
    if (i % 4 === 3) log(`site plans: ${i + 1}/${planned.length}`);
  }
  // Other built projects list their drawings without pictures (scanned paper archive).
  await database.exec(`INSERT INTO fall_draw (name, name_en, description, description_en, project_id, sort)
    SELECT d.name, d.name_en, d.description, d.description_en, p.id, d.sort FROM fall_project p
     CROSS JOIN (VALUES ('给排水平面图', 'Water supply and drainage plan', '给水、排水及溢流管线布置。', 'Supply, drainage and overflow pipework.', 3),
                        ('电气系统图', 'Electrical system diagram', '配电柜、泵组及灯光回路。', 'Switchboards, pump sets and lighting circuits.', 4)) d(name, name_en, description, description_en, sort)
     WHERE p.status NOT IN ('B', 'D')`);

  // Introductions of public projects, in Chinese and English.
  const pub = projects.filter((p) => p.isPublic);
  if (pub.length) {
    await database.db.insert(fallProjectIntro).values(
      pub.flatMap((p) => [
        { projectId: p.id, type: 'overview', language: 'cn', title: '项目概况', sort: 1, content: `<p><b>${p.name}</b>位于${p.city}，是当地夜间最受欢迎的水景之一。</p><p>每晚定时演出，配合灯光与音乐，呈现丰富的水型变化。</p>` },
        { projectId: p.id, type: 'overview', language: 'en', title: 'Overview', sort: 1, content: `<p><b>${p.nameEn}</b> in ${p.cityEn} is one of the city's favourite evening sights.</p><p>Scheduled shows every night combine water, light and music.</p>` },
        { projectId: p.id, type: 'visit', language: 'cn', title: '参观指南', sort: 2, content: '<ul><li>请在观景区观看，勿进入水池</li><li>大风及雷雨天气演出可能取消</li></ul>' },
        { projectId: p.id, type: 'visit', language: 'en', title: 'Visiting', sort: 2, content: '<ul><li>Please watch from the viewing area and keep out of the pool</li><li>Shows may be cancelled in strong wind or storms</li></ul>' },
      ]),
    );
  }

  const first = projects[0].id;
  const last = projects[projects.length - 1].id;
  const equipment = await insertEquipment(database, { fromProject: first, toProject: last, min: 30, spread: 14, placed: planned.map((p) => p.id) });
  log(`equipment: ${equipment}`);
  const [orders, reports] = await insertOrders(database, { fromProject: first, toProject: last, perEquipment: 4, days: 730 });
  await dropSequence(database);
  log(`orders: ${orders}, reports: ${reports}`);
  const checklists = await seedDemoChecklists(database);
  log(`checklists: ${checklists.templates} templates, ${checklists.filled} filled`);
  const stock = await seedDemoStock(database);
  log(`parts stock: ${stock.stores} stores, ${stock.parts} parts, ${stock.moves} moves`);

  const { boards, warnings } = await seedBoardsAndWarnings(database, first, last);
  log(`boards: ${boards}, warnings: ${warnings}`);
  await seedSiteExtras(database, first, last);
  await seedOfficeData(database, rnd);
  const assignments = await seedDemoAssignments(database);
  log(`assignments: ${assignments.assigned} orders (${assignments.confirming} awaiting confirmation), ${assignments.notifications} notifications`);
  // The seed writes facts in bulk; the states follow from them by the one rule (equipment-state.service.ts).
  await recomputeAllEquipmentStates(database.db);
  // Units at risk: the predictive detector's own findings and preventive orders over a simulated history.
  const risks = await seedDemoRisks(database, first, last);
  log(`alarm history: ${Object.entries(await seedDemoAlarmHistory(database, first, last)).map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(', ')}`);
  log(`units at risk: ${risks.findings} findings, ${risks.orders} preventive orders (history of ${risks.channels} channels: ${risks.hours} hour and ${risks.minutes} minute cells)`);

  // Preventive plans with a history of completed orders (after the detector's run: its findings join no plan's order).
  const plans = await seedDemoPmPlans(database);
  log(`preventive plans: ${plans.plans}, with ${plans.orders} completed orders`);

  const [{ countries }] = await database.query<{ countries: number }>('SELECT count(DISTINCT country)::int AS countries FROM fall_project');
  return { projects: projects.length, countries, equipment, orders: orders + risks.orders + plans.orders + assignments.confirming, reports: reports + plans.orders + assignments.confirming, boards, warnings, risks: risks.findings, files: fileCount, ms: Date.now() - started };
}

/**
 * Two or three detection boards per built project, nine channels each wired to the project's
 * equipment; channels of broken equipment read faulty (fault contact closed, SWITCH_FAULT) and have
 * an open warning, the others read normal by the same rule readings.ts applies. Closed warnings cover
 * the two years before. Demo boards have no address and no key: the poller must never dial an address
 * that is not ours, and while the server runs in demo mode the built-in simulator reports for them
 * (devices/demo-simulator.ts).
 */
async function seedBoardsAndWarnings(database: Database, first: number, last: number): Promise<{ boards: number; warnings: number }> {
  const [{ boards }] = await database.query<{ boards: number }>(
    `WITH ins AS (
       INSERT INTO fall_detect (project_id, slave, ip, port, board_name, board_name_en, board_no, pos_x, pos_y, poll_seconds, last_seen, online)
       SELECT p.id, b, '', 502, b || '# 检测板', 'Board ' || b, 'DB-' || lpad(b::text, 2, '0'),
              round((0.1 + ${R("p.id || 'bx' || b")} * 0.8)::numeric, 4)::float8, round((0.1 + ${R("p.id || 'by' || b")} * 0.8)::numeric, 4)::float8, ${DEMO_BOARD_POLL_SECONDS},
              CASE WHEN ${R("p.id || 'off' || b")} < 0.06 THEN now() - interval '3 hours' ELSE now() - make_interval(secs => floor(${R("p.id || 'seen' || b")} * 9)::int) END,
              ${R("p.id || 'off' || b")} >= 0.06
         FROM fall_project p CROSS JOIN LATERAL generate_series(1, 2 + floor(${R("p.id || 'boards'")} * 2)::int) b
        WHERE p.id BETWEEN $1 AND $2 AND p.status IN ('A', 'E', 'F', 'G')
       RETURNING 1
     ) SELECT count(*)::int AS boards FROM ins`,
    [first, last],
  );
  await database.query(
    `WITH eq AS (
       SELECT e.id, e.project_id, e.state, d.category, row_number() OVER (PARTITION BY e.project_id ORDER BY e.id) AS k,
              count(*) OVER (PARTITION BY e.project_id) AS total
         FROM fall_eq_info e LEFT JOIN fall_device d ON d.id = e.device_id
        WHERE e.project_id BETWEEN $1 AND $2
     ), slots AS (
       SELECT b.id AS detect_id, b.project_id, ch, (row_number() OVER (PARTITION BY b.project_id ORDER BY b.id, ch)) AS slot
         FROM fall_detect b CROSS JOIN generate_series(1, 9) ch
        WHERE b.project_id BETWEEN $1 AND $2
     )
     INSERT INTO fall_detect_channel (detect_id, ch, label, label_en, equipment_id, switch_value, analog_value, analog_min, analog_max, unit, result)
     SELECT s.detect_id, s.ch, ${categoryWord('e.category', 'cn')}, ${categoryWord('e.category', 'en')}, e.id,
            CASE WHEN e.state = 'broken' THEN ${SWITCH_FAULT} ELSE ${SWITCH_NORMAL} END,
            CASE WHEN e.state = 'broken' THEN round((${R("s.detect_id || 'lo' || s.ch")} * 8)::numeric, 2)::float8
                 ELSE round((45 + ${R("s.detect_id || 'av' || s.ch")} * 40)::numeric, 2)::float8 END,
            0, 100, '%',
            CASE WHEN e.state = 'broken' THEN 'fault' ELSE 'normal' END
       FROM slots s LEFT JOIN eq e ON e.project_id = s.project_id AND e.k = ((s.slot - 1) % e.total) + 1`,
    [first, last],
  );
  const [{ open }] = await database.query<{ open: number }>(
    `WITH ins AS (
       -- The demo's open warnings were seen long ago (acknowledged): only a new fault pops up on its walls.
       INSERT INTO fall_warning (at, info, kind, level, project_id, detect_id, channel, equipment_id, ack_at, ack_by)
       SELECT e.state_since,
              '[[text.seedFault]]' || jsonb_build_object('board', b.board_name, 'boardEn', b.board_name_en, 'ch', c.ch, 'equipment', e.name, 'equipmentEn', e.name_en, 'analog', c.analog_value)::text,
              'channel', CASE WHEN ${R("c.id || 'lvl'")} < 0.3 THEN 'critical' ELSE 'warning' END, b.project_id, b.id, c.ch, e.id,
              e.state_since + interval '4 minutes', 'operator'
         FROM fall_detect_channel c JOIN fall_detect b ON b.id = c.detect_id JOIN fall_eq_info e ON e.id = c.equipment_id
        WHERE c.result = 'fault' AND b.project_id BETWEEN $1 AND $2
       UNION ALL
       SELECT b.last_seen + interval '30 seconds', '[[text.seedOffline]]' || jsonb_build_object('board', b.board_name, 'boardEn', b.board_name_en)::text, 'offline', 'warning', b.project_id, b.id, NULL, NULL,
              b.last_seen + interval '5 minutes', 'operator'
         FROM fall_detect b WHERE NOT b.online AND b.project_id BETWEEN $1 AND $2
       RETURNING 1
     ) SELECT count(*)::int AS open FROM ins`,
    [first, last],
  );
  const [{ closed }] = await database.query<{ closed: number }>(
    `WITH ins AS (
       INSERT INTO fall_warning (at, info, kind, level, project_id, detect_id, channel, equipment_id, deal_at, result, note, dealt_by)
       SELECT w.at,
              '[[text.seedFaultPast]]' || jsonb_build_object('board', b.board_name, 'boardEn', b.board_name_en, 'ch', c.ch, 'equipment', coalesce(e.name, '[[text.noEquipment]]'), 'equipmentEn', coalesce(e.name_en, ''))::text,
              'channel', CASE WHEN ${R("c.id || 'hl' || g")} < 0.2 THEN 'critical' ELSE 'warning' END,
              b.project_id, b.id, c.ch, c.equipment_id,
              w.at + make_interval(secs => (0.2 + power(${R("c.id || 'dl' || g")}, 2) * 30) * 3600),
              CASE WHEN ${R("c.id || 'res' || g")} < 0.88 THEN 'fixed' ELSE 'not_fixed' END,
              CASE WHEN ${R("c.id || 'res' || g")} < 0.88 THEN '[[text.resetOnSite]]' ELSE '[[text.toOrder]]' END,
              CASE WHEN ${R("c.id || 'who' || g")} < 0.5 THEN 'operator' ELSE 'manager' END
         FROM fall_detect_channel c JOIN fall_detect b ON b.id = c.detect_id LEFT JOIN fall_eq_info e ON e.id = c.equipment_id
        CROSS JOIN LATERAL generate_series(1, CASE WHEN ${R("c.id || 'hist'")} < 0.35 THEN 1 + floor(${R("c.id || 'hn'")} * 3)::int ELSE 0 END) g
        CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (2 + ${R("c.id || 'at' || g")} * 725) * 86400) AS at) w
        WHERE b.project_id BETWEEN $1 AND $2
       RETURNING 1
     ) SELECT count(*)::int AS closed FROM ins`,
    [first, last],
  );
  // Each has sounded since it was raised (docs/escalation.md "Suppressed alarms").
  await database.query('UPDATE fall_warning SET sounding_since = at WHERE project_id BETWEEN $1 AND $2', [first, last]);
  return { boards, warnings: open + closed };
}

/** Cameras, sensors and trainings of the built projects. */
async function seedSiteExtras(database: Database, first: number, last: number): Promise<void> {
  await database.query(
    `INSERT INTO fall_monitor (name, name_en, serial, remark, remark_en, project_id, channel)
     SELECT (ARRAY['主水池全景', '泵房', '控制室', '东入口', '西入口', '观景平台'])[k],
            (ARRAY['Main pool overview', 'Pump room', 'Control room', 'East entrance', 'West entrance', 'Viewing deck'])[k],
            'E' || upper(substr(md5(p.id || 'cam' || k), 1, 8)),
            CASE WHEN k = 1 THEN '球机，夜间表演录像' ELSE '' END, CASE WHEN k = 1 THEN 'PTZ camera, records the night shows' ELSE '' END, p.id, k
       FROM fall_project p CROSS JOIN LATERAL generate_series(1, 2 + floor(${R("p.id || 'cams'")} * 3)::int) k
      WHERE p.id BETWEEN $1 AND $2 AND p.status IN ('A', 'E', 'F', 'G')`,
    [first, last],
  );
  await database.query(
    `INSERT INTO fall_others (name, name_en, kind, unit, value, min_value, max_value, project_id)
     SELECT s.name, s.name_en, s.kind, s.unit, round((s.lo + (s.hi - s.lo) * (0.2 + ${R("p.id || s.kind")} * 0.6))::numeric, 2)::float8, s.lo, s.hi, p.id
       FROM fall_project p
      CROSS JOIN (VALUES ('主水池液位', 'Main pool level', 'water_level', 'm', 0.6, 1.2), ('主管道压力', 'Main pipe pressure', 'pressure', 'MPa', 0.2, 0.8),
                         ('循环流量', 'Circulation flow', 'flow', 'm³/h', 80, 320), ('水温', 'Water temperature', 'temperature', '°C', 4, 32),
                         ('风速', 'Wind speed', 'wind', 'm/s', 0, 10)) s(name, name_en, kind, unit, lo, hi)
      WHERE p.id BETWEEN $1 AND $2 AND p.status IN ('A', 'E', 'F', 'G') AND (s.kind <> 'wind' OR ${R("p.id || 'wind'")} < 0.6)`,
    [first, last],
  );
  const devices = await database.db.select({ id: fallDevice.id, name: fallDevice.name, nameEn: fallDevice.nameEn, category: fallDevice.category }).from(fallDevice);
  const pumps = devices.filter((d) => d.category === 'pump' || d.category === 'controller' || d.category === 'light');
  const projects = await database.query<{ id: number }>(`SELECT id FROM fall_project WHERE id BETWEEN $1 AND $2 AND status IN ('A', 'E', 'F', 'G') ORDER BY id`, [first, last]);
  const topics = [
    ['{d}日常维护保养培训', '讲解{d}的日常巡检要点、保养周期和常见故障处理。', '{d}: routine maintenance', 'Daily inspection points, service intervals and common faults of the {d}.'],
    ['{d}安全操作规程', '停送电顺序、挂牌上锁和水下作业安全注意事项。', '{d}: safe operation', 'Power-off and power-on order, lockout and tagout, and safety when working underwater.'],
    ['{d}故障诊断实操', '结合历史工单，现场演示{d}故障定位与更换步骤。', '{d}: fault finding in practice', 'Finding and replacing a faulty {d} on site, with past orders as examples.'],
  ];
  const rows = projects.flatMap((p, i) =>
    topics.slice(0, 1 + (i % 3)).map(([name, content, nameEn, contentEn], k) => {
      const d = pumps[(i + k) % pumps.length];
      const dEn = d.nameEn.charAt(0).toLowerCase() + d.nameEn.slice(1);
      return {
        name: name.replace('{d}', d.name),
        nameEn: nameEn.replace('{d}', d.nameEn),
        content: content.replace('{d}', d.name),
        contentEn: contentEn.replace('{d}', /^[A-Z]{2}/.test(d.nameEn) ? d.nameEn : dEn),
        trainAt: new Date(Date.now() - ((i * 37 + k * 113) % 700) * 86400_000),
        deviceId: d.id,
        projectId: p.id,
      };
    }),
  );
  if (rows.length) await database.db.insert(fallTrain).values(rows);
}

/** Notices, customer accounts and their bills. */
async function seedOfficeData(database: Database, rnd: () => number): Promise<void> {
  await database.db.insert(sysContent).values(
    DEMO_NOTICES.map(([title, body, titleEn, bodyEn], i) => ({
      title,
      titleEn,
      body,
      bodyEn,
      type: 'notice',
      published: i < 4,
      fromAt: new Date(Date.now() - (i * 20 + 2) * 86400_000),
      createdBy: 1,
    })),
  );
  const customers = [
    ['杭州西湖文旅集团', '1', '13805710001', 'xihu@example.com'],
    ['深圳华侨城文旅', '1', '13902550002', 'oct@example.com'],
    ['上海世纪公园管理处', '0', '13601880003', 'century@example.com'],
    ['苏州工业园区管委会', '1', '13915550004', 'sip@example.com'],
    ['成都太古里物业', '0', '13880880005', 'taikoo@example.com'],
    ['Emaar Properties', '2', '13700000006', 'emaar@example.com'],
    ['Marina Bay Sands', '2', '13700000007', 'mbs@example.com'],
    ['武汉东湖风景区', '1', '13707100008', 'donghu@example.com'],
  ] as const;
  const users = await database.db
    .insert(appUser)
    .values(customers.map(([name, sex, phone, email]) => ({ name, sex, phone, email, status: 1 })))
    .returning({ id: appUser.id });
  const bills = users.flatMap((u, i) =>
    Array.from({ length: 3 }, (_, k) => {
      const state = String(Math.floor(rnd() * 5));
      return {
        number: `BL-2025${String(i + 1).padStart(2, '0')}${String(k + 1).padStart(3, '0')}`,
        userId: u.id,
        cardNumber: `6222${Math.floor(1e11 + rnd() * 9e11)}`,
        amount: Math.round((2000 + rnd() * 180000) * 100) / 100,
        billType: rnd() < 0.7 ? '1' : '0',
        billRate: rnd() < 0.2 ? '1' : '0',
        billState: state,
        at: new Date(Date.now() - Math.floor(rnd() * 300) * 86400_000),
      };
    }),
  );
  const inserted = await database.db.insert(appBill).values(bills).returning({ id: appBill.id, state: appBill.billState, at: appBill.at });
  await database.db.insert(appBillRecord).values(
    inserted.flatMap((b) => {
      const path = ['0', '1', '2', '3'].slice(0, Math.max(1, Number(b.state) === 4 ? 2 : Number(b.state) + 1));
      const records = path.map((to, k) => ({ billId: b.id, fromState: k === 0 ? null : path[k - 1], toState: to, byUser: 'manager', reason: serverText(k === 0 ? 'text.billCreated' : 'text.billMoved'), at: new Date(b.at.getTime() + k * 86400_000) }));
      if (b.state === '4') records.push({ billId: b.id, fromState: path[path.length - 1], toState: '4', byUser: 'manager', reason: serverText('text.billCancelled'), at: new Date(b.at.getTime() + 3 * 86400_000) });
      return records;
    }),
  );
}
