import { OPEN_ORDER_STATUSES } from '@shared/contracts/order';
import type { FastifyInstance } from 'fastify';
import { loadSharp } from '../../lib/sharp';
import type { Locale } from '@shared/constants';
import type { ProjectWall, SitePlan, WallBoard, WallProject } from '@shared/contracts/wall';
import type { PublicProject } from '@shared/contracts/public';
import { storageOfFile } from '../files';
import { countedEquipment, notArchivedSql } from '../../lib/archive';
import { missedSql } from '../operations/detect';
import { calendarOf, showNowOf } from '../operations/calendar';

type App = Pick<FastifyInstance, 'config' | 'database'>;

/** Open orders are the ones nobody has finished yet. */
const WARNING_LIMIT = 50;
/** Units drawn on the site plan; the panel shows the real total beside it past this. */
const EQUIPMENT_LIMIT = 2000;
/** When the site plan cannot be read, Leaflet still needs bounds; 16:10 fits most drawings. */
const FALLBACK_PLAN = { width: 1600, height: 1000 };
/** A unit (alias e) with an open finding of the predictive detector (fall_channel_risk, docs/predictive.md). */
export const unitAtRiskSql = (e = 'e') => `EXISTS (SELECT 1 FROM fall_channel_risk r WHERE r.equipment_id = ${e}.id AND r.status = 'open')`;
/** Per app (a database of its own): two apps in one process — tests in a shared worker — each have a file 1. */
const sizeCaches = new WeakMap<App, Map<number, { width: number; height: number }>>();
const SIZE_CACHE_MAX = 500;

/** Project fields a wall may show: never the camera app key or secret, never the unique key. */
const PROJECT_COLUMNS = `id, name, name_cn AS "nameCn", name_en AS "nameEn", area, country, city, city_en AS "cityEn", status,
  water_type AS "waterType", total_area AS "totalArea", control_mode AS "controlMode",
  daily_show_time AS "dailyShowTime", longitude, latitude, is_public AS "isPublic", map_background AS "mapBackground"`;

type ProjectRow = WallProject & { mapBackground: number | null };

export async function findProject(app: App, id: number): Promise<ProjectRow | null> {
  const rows = await app.database.query<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM fall_project WHERE id = $1 AND ${notArchivedSql()}`, [id]);
  return rows[0] ?? null;
}

/** Pixel size of a stored image (file ids never change content, so the answer is cached). */
async function imageSize(app: App, fileId: number, storageKey: string, configId: number | null): Promise<{ width: number; height: number }> {
  let sizeCache = sizeCaches.get(app);
  if (!sizeCache) sizeCaches.set(app, (sizeCache = new Map()));
  const known = sizeCache.get(fileId);
  if (known) return known;
  let size = FALLBACK_PLAN;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await (await storageOfFile(app, { configId })).get(storageKey)) chunks.push(chunk as Buffer);
    const sharp = await loadSharp();
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    if (meta.width && meta.height) size = { width: meta.width, height: meta.height };
  } catch {
    // A missing or unreadable file keeps the fallback bounds; the wall shows the markers anyway.
  }
  if (sizeCache.size >= SIZE_CACHE_MAX) sizeCache.clear();
  sizeCache.set(fileId, size);
  return size;
}

/** The site plan of a project: its map background image, with the address the caller may use. */
async function sitePlanOf(app: App, project: ProjectRow, url: (fileId: number) => string): Promise<SitePlan | null> {
  if (!project.mapBackground) return null;
  const rows = await app.database.query<{ id: number; storage_key: string; content_type: string; config_id: number | null }>(
    'SELECT id, storage_key, content_type, config_id FROM oss_file WHERE id = $1',
    [project.mapBackground],
  );
  const file = rows[0];
  if (!file || !file.content_type.startsWith('image/')) return null;
  return { fileId: file.id, url: url(file.id), ...(await imageSize(app, file.id, file.storage_key, file.config_id)) };
}

function publicProject(p: ProjectRow): WallProject {
  const { mapBackground, ...rest } = p;
  void mapBackground;
  return rest;
}

/** Everything the project wall shows, read in parallel; an archived project has no wall, archived units and boards are not on it. */
export async function projectWall(app: App, id: number): Promise<ProjectWall | null> {
  const project = await findProject(app, id);
  if (!project) return null;
  const q = app.database.query.bind(app.database);
  const [sitePlan, equipment, boards, channels, warnings, cameras, kpis, calendar] = await Promise.all([
    sitePlanOf(app, project, (fileId) => `${app.config.apiPrefix}/oss/file/download/${fileId}`),
    q<ProjectWall['equipment'][number]>(
      `SELECT e.id, e.name, e.name_en AS "nameEn", e.state, e.pos_x AS "posX", e.pos_y AS "posY", d.name AS "deviceName", d.name_en AS "deviceNameEn", d.category,
              e.warranty_end::text AS "warrantyEnd", ${unitAtRiskSql('e')} AS "atRisk", e.out_of_service_at IS NOT NULL AS "outOfService"
         FROM fall_eq_info e LEFT JOIN fall_device d ON d.id = e.device_id
        WHERE e.project_id = $1 AND ${countedEquipment('e')} ORDER BY e.id LIMIT ${EQUIPMENT_LIMIT}`,
      [id],
    ),
    q<Omit<WallBoard, 'channels'>>(
      `SELECT id, board_name AS "boardName", board_name_en AS "boardNameEn", board_no AS "boardNo", pos_x AS "posX", pos_y AS "posY", online, last_seen AS "lastSeen",
              ${missedSql('fall_detect')} AS missed
         FROM fall_detect WHERE project_id = $1 AND ${notArchivedSql()} ORDER BY id`,
      [id],
    ),
    q<WallBoard['channels'][number] & { detectId: number }>(
      `SELECT c.detect_id AS "detectId", c.ch, c.label, c.label_en AS "labelEn", c.switch_value AS "switchValue", c.analog_value AS "analogValue",
              c.analog_min AS "analogMin", c.analog_max AS "analogMax", c.result, c.equipment_id AS "equipmentId",
              EXISTS (SELECT 1 FROM fall_channel_risk r WHERE r.detect_id = c.detect_id AND r.ch = c.ch AND r.status = 'open') AS "atRisk",
              EXISTS (SELECT 1 FROM fall_eq_info e WHERE e.id = c.equipment_id AND e.out_of_service_at IS NOT NULL) AS "outOfService"
         FROM fall_detect_channel c JOIN fall_detect d ON d.id = c.detect_id
        WHERE d.project_id = $1 AND ${notArchivedSql('d')} ORDER BY c.detect_id, c.ch`,
      [id],
    ),
    // Open warnings first (they need someone), then the most recent closed ones.
    q<ProjectWall['warnings'][number]>(
      `SELECT w.id, w.at, w.info, w.level, w.kind, d.board_name AS "boardName", d.board_name_en AS "boardNameEn", w.channel, e.name AS "equipmentName", e.name_en AS "equipmentNameEn",
              w.deal_at AS "dealAt", w.result
         FROM fall_warning w
         LEFT JOIN fall_detect d ON d.id = w.detect_id
         LEFT JOIN fall_eq_info e ON e.id = w.equipment_id
        WHERE w.project_id = $1
        ORDER BY (w.result IS NULL) DESC, w.at DESC, w.id DESC LIMIT ${WARNING_LIMIT}`,
      [id],
    ),
    q<{ id: number; name: string; nameEn: string; streamUrl: string }>(
      `SELECT id, name, name_en AS "nameEn", stream_url AS "streamUrl" FROM fall_monitor WHERE project_id = $1 ORDER BY id`,
      [id],
    ),
    q<ProjectWall['kpis']>(
      `SELECT
         (SELECT count(*)::int FROM fall_order WHERE project_id = $1 AND status = ANY($2::text[])) AS "openOrders",
         (SELECT avg(EXTRACT(EPOCH FROM completed_at - submitted_at) / 3600)::float8 FROM fall_order
           WHERE project_id = $1 AND completed_at >= now() - interval '30 days' AND data_issue IS NULL) AS "repairSpeed",
         (SELECT (count(*) FILTER (WHERE report_count <= 1))::float8 / NULLIF(count(*), 0) FROM fall_order
           WHERE project_id = $1 AND completed_at >= now() - interval '30 days' AND data_issue IS NULL) AS "repairQuality",
         (SELECT (count(*) FILTER (WHERE e.state NOT IN ('broken', 'offline')))::float8 / NULLIF(count(*), 0) FROM fall_eq_info e
           WHERE e.project_id = $1 AND ${countedEquipment('e')}) AS availability,
         (SELECT count(*)::int FROM fall_eq_info e WHERE e.project_id = $1 AND ${countedEquipment('e')}) AS "equipmentTotal",
         (SELECT count(*)::int FROM fall_warning WHERE project_id = $1 AND result IS NULL) AS "openWarnings",
         (SELECT count(*)::int FROM fall_eq_info e WHERE e.project_id = $1 AND ${countedEquipment('e')} AND e.state <> 'broken' AND ${unitAtRiskSql('e')}) AS "atRisk"`,
      [id, OPEN_ORDER_STATUSES],
    ),
    calendarOf(app.database.db, id),
  ]);
  const byBoard = new Map<number, WallBoard['channels']>();
  for (const { detectId, ...ch } of channels) {
    const list = byBoard.get(detectId) ?? [];
    list.push(ch);
    byBoard.set(detectId, list);
  }
  const now = new Date();
  const { at: _showAt, ...show } = showNowOf(calendar ?? { timeZone: 'UTC', dailyShowTime: '', entries: [] }, now);
  return {
    project: publicProject(project),
    sitePlan,
    equipment,
    boards: boards.map((b) => ({ ...b, channels: byBoard.get(b.id) ?? [] })),
    warnings,
    cameras: cameras.map((c) => (c.streamUrl ? { id: c.id, name: c.name, nameEn: c.nameEn, streamUrl: c.streamUrl } : { id: c.id, name: c.name, nameEn: c.nameEn })),
    kpis: kpis[0],
    show,
    at: now.toISOString(),
  };
}

/** The public form of a public project (docs/domain.md §6); null when the project is missing or not public. */
export async function publicProjectView(app: App, id: number, locale: Locale): Promise<PublicProject | null> {
  const project = await findProject(app, id);
  if (!project || !project.isPublic) return null;
  const fileUrl = (fileId: number) => `${app.config.apiPrefix}/public/project/${id}/file/${fileId}`;
  const [sitePlan, intros, pictures, counts, calendar] = await Promise.all([
    sitePlanOf(app, project, fileUrl),
    app.database.query<{ id: number; type: string; title: string; content: string; language: string }>(
      'SELECT id, type, title, content, language FROM fall_project_intro WHERE project_id = $1 ORDER BY sort, id',
      [id],
    ),
    app.database.query<{ fileId: number; name: string }>(
      `SELECT f.id AS "fileId", d.name FROM fall_draw d JOIN oss_file f ON f.id = d.picture
        WHERE d.project_id = $1 AND f.content_type LIKE 'image/%' ORDER BY d.sort, d.id LIMIT 24`,
      [id],
    ),
    app.database.query<{ equipment: number; passwords: number }>(
      `SELECT (SELECT count(*)::int FROM fall_eq_info WHERE project_id = $1 AND ${notArchivedSql()}) AS equipment,
              (SELECT count(*)::int FROM fall_project_password WHERE project_id = $1 AND revoked_at IS NULL
                 AND (expires_at IS NULL OR expires_at > now())) AS passwords`,
      [id],
    ),
    calendarOf(app.database.db, id),
  ]);
  // The project wall's show state, at the answer's own instant.
  const now = new Date();
  const { at: _showAt, ...show } = showNowOf(calendar ?? { timeZone: 'UTC', dailyShowTime: '', entries: [] }, now);
  // The introduction in the caller's language; the other language when none was written in it.
  const own = intros.filter((i) => i.language === locale);
  const introduction = (own.length ? own : intros).map(({ id: introId, type, title, content }) => ({ id: introId, type, title, content }));
  return {
    id: project.id,
    name: project.name,
    nameCn: project.nameCn,
    nameEn: project.nameEn,
    country: project.country,
    city: project.city,
    cityEn: project.cityEn,
    area: project.area,
    status: project.status,
    introduction,
    pictures: pictures.map((p) => ({ ...p, url: fileUrl(p.fileId) })),
    sitePlan,
    figures: {
      equipmentCount: counts[0].equipment,
      waterType: project.waterType,
      totalArea: project.totalArea,
      dailyShowTime: project.dailyShowTime,
    },
    hasPassword: counts[0].passwords > 0,
    show,
    at: now.toISOString(),
  };
}

/**
 * A file the public form may show: the public project's site plan, one of its drawing pictures, or a
 * picture of its introduction (owned by one of its intros). Anything else, and any file of a project
 * that is not public, is not found here and still needs a session with the right to see it.
 */
export async function publicFile(app: App, projectId: number, fileId: number): Promise<{ storageKey: string; contentType: string; configId: number | null } | null> {
  const rows = await app.database.query<{ storage_key: string; content_type: string; config_id: number | null }>(
    `SELECT f.storage_key, f.content_type, f.config_id FROM oss_file f JOIN fall_project p ON p.id = $1 AND p.is_public AND ${notArchivedSql('p')}
      WHERE f.id = $2 AND f.content_type LIKE 'image/%'
        AND (p.map_background = f.id OR EXISTS (SELECT 1 FROM fall_draw d WHERE d.project_id = p.id AND d.picture = f.id)
             OR (f.owner_type = 'fall_project_intro' AND EXISTS (SELECT 1 FROM fall_project_intro i WHERE i.project_id = p.id AND i.id = f.owner_id)))`,
    [projectId, fileId],
  );
  return rows[0] ? { storageKey: rows[0].storage_key, contentType: rows[0].content_type, configId: rows[0].config_id } : null;
}
