import { http, HttpResponse } from 'msw';
import { BUILT_IN_DICTIONARIES } from '@shared/dictionaries';
import { PROJECT_AREA, type IntroRow, type PasswordRow, type ProjectRow } from '@shared/contracts/project';
import { deviceRowSchema, type DeviceRow } from '@shared/contracts/device';
import { WARRANTY_SOON_DAYS, equipmentRowSchema, type EquipmentRow } from '@shared/contracts/equipment';
import { sparePartRowSchema, type SparePartRow } from '@shared/contracts/spare-part';
import type { UploadLimits } from '@shared/contracts/file';
import type { ChecklistValue } from '@shared/contracts/checklist';
import { API, demoDelay, fail, ok } from '../envelope';
import { pagedList, type FilterRule } from '../list-filter';
import { fixturesOf } from '../fixtures';

/** A one-pixel PNG standing in for every stored image. */
/** What the server answers with its default settings (upload.maxMb 20, upload.imageMaxMb 10). */
export const UPLOAD_LIMITS: UploadLimits = {
  maxBytes: 20 * 1024 * 1024,
  imageMaxBytes: 10 * 1024 * 1024,
  types: [
    { contentType: 'image/png', extensions: ['png'], image: true },
    { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jfif'], image: true },
    { contentType: 'application/pdf', extensions: ['pdf'], image: false },
    { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'], image: false },
  ],
};

const ONE_PIXEL_PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

/** Projects, devices and equipment for client tests and `npm run dev:mock`, typed by the shared contracts. */
const now = '2026-01-15T08:00:00.000Z';
const project = (id: number, over: Partial<ProjectRow>): ProjectRow => ({
  id,
  name: '',
  nameCn: '',
  nameEn: '',
  area: 'east',
  country: 'CN',
  city: '',
  cityEn: '',
  controlMode: 'music',
  longitude: null,
  latitude: null,
  totalArea: 0,
  powerConsumption: 0,
  runTime: 0,
  status: 'A',
  isRdm: false,
  dailyShowTime: '',
  timeZone: 'Asia/Shanghai',
  uniqueKey: '',
  isPublic: false,
  mapBackground: null,
  cameraAppKey: '',
  hasCameraSecret: false,
  projectType: 'LAKE',
  projectTypeName: '湖泊景区',
  projectTypeNameEn: 'Lake',
  waterType: 'musical',
  autoOrder: false,
  createdAt: now,
  updatedAt: now,
  archivedAt: null,
  archivedBy: null,
  ...over,
});

function seedProjects(): ProjectRow[] {
  return [
    project(1, { name: '西湖音乐喷泉', nameCn: '西湖音乐喷泉', nameEn: 'West Lake Musical Fountain', city: '杭州', uniqueKey: 'CN-WEST-LAKE-001', longitude: 120.1485, latitude: 30.2592, isPublic: true, hasCameraSecret: true, cameraAppKey: 'ak01', mapBackground: 11 }),
    project(3, { name: '旧港喷泉', nameCn: '旧港喷泉', nameEn: 'Old Harbour Fountain', city: '宁波', uniqueKey: 'CN-OLD-HARBOUR-002', status: 'G', archivedAt: now, archivedBy: 1 }),
    project(2, { name: '迪拜购物中心湖面喷泉', nameCn: '迪拜购物中心湖面喷泉', nameEn: 'Dubai Mall Lake Fountain', area: 'overseas', country: 'AE', city: 'Dubai', uniqueKey: 'AE-DUBAI-MALL-044', status: 'C', waterType: 'fountain' }),
  ];
}
let projects = seedProjects();
/** Rows with history (orders, warnings): delete archives them, as the server does (docs/invariants.md "Archive and delete"). */
const PROJECTS_WITH_HISTORY = new Set([1, 3]);
const EQUIPMENT_WITH_HISTORY = new Set([1]);
/** Unit 1's checklist numbers (GET /ball/falleqinfo/checklistValues), oldest first as the server answers. */
export const CHECKLIST_VALUES: ChecklistValue[] = [
  { at: '2026-11-13T02:00:00.000Z', key: 'pressure', label: '出口压力', labelEn: 'Outlet pressure', unit: 'bar', value: 6.5, min: 2, max: 8, ok: true, orderId: 11, reportId: 21 },
  { at: '2026-11-20T02:00:00.000Z', key: 'pressure', label: '出口压力', labelEn: 'Outlet pressure', unit: 'bar', value: 9.2, min: 2, max: 8, ok: false, orderId: 12, reportId: 22 },
];

/** Archived rows show only when a list asks for them (`archived: true`). */
const visible = <T extends { archivedAt: string | null }>(rows: T[], q: Record<string, unknown>) => (q.archived === true ? rows : rows.filter((r) => !r.archivedAt));
function archiveOrDelete<T extends { id: number; archivedAt: string | null }>(rows: T[], ids: number[], history: Set<number>): { rows: T[]; deleted: number; archived: number } {
  let archived = 0;
  const kept = rows.filter((r) => !ids.includes(r.id) || history.has(r.id));
  for (const r of kept) {
    if (ids.includes(r.id) && !r.archivedAt) {
      r.archivedAt = new Date().toISOString();
      archived += 1;
    }
  }
  return { rows: kept, deleted: rows.length - kept.length, archived };
}
function restoreRows<T extends { id: number; archivedAt: string | null; archivedBy: number | null }>(rows: T[], ids: number[]): number {
  const back = rows.filter((r) => ids.includes(r.id) && r.archivedAt);
  for (const r of back) Object.assign(r, { archivedAt: null, archivedBy: null });
  return back.length;
}
let intros: IntroRow[] = [];
let passwords: PasswordRow[] = [];
const devices: DeviceRow[] = fixturesOf(deviceRowSchema, [
  { id: 1, name: '立式多级离心泵', nameEn: 'Vertical multistage centrifugal pump', category: 'pump', maker: 'Grundfos', model: 'CR 45-3', remark: '', remarkEn: '', createdAt: now, onDelaySeconds: 10, offDelaySeconds: null, deadband: 2, repeatCount: null, repeatMinutes: null, equipmentCount: 1 },
  { id: 2, name: 'RGBW 水下灯', nameEn: 'RGBW underwater light', category: 'light', maker: 'Philips', model: 'UW-36', remark: '', remarkEn: '', createdAt: now, onDelaySeconds: null, offDelaySeconds: null, deadband: null, repeatCount: null, repeatMinutes: null, equipmentCount: 0 },
]);
let equipment: EquipmentRow[] = [];

const SPARE_PARTS: SparePartRow[] = fixturesOf(sparePartRowSchema, [
  { id: 1, equipmentId: 1, equipmentName: 'P-01 立式多级离心泵', equipmentNameEn: 'P-01 Vertical multistage centrifugal pump', name: '机械密封', partNo: 'GF-96455088', quantity: 2, remark: '', unitCost: 1280, reorderPoint: 1, createdAt: now },
]);

/** Back to the fixtures; tests call it so one test's changes do not leak into the next. */
export function resetOperationsProjects(): void {
  projects = seedProjects();
  intros = [];
  passwords = [];
  // Nullable fields left out are null (fixtureOf): the archive fields, the handbook.
  equipment = fixturesOf(equipmentRowSchema, [
    { id: 1, name: 'P-01 立式多级离心泵', nameEn: 'P-01 Vertical multistage centrifugal pump', serial: 'GRU-2401-A1B2C3', state: 'normal', stateSince: now, projectId: 1, projectName: '西湖音乐喷泉', projectNameEn: 'West Lake Musical Fountain', deviceId: 1, deviceName: '立式多级离心泵', deviceNameEn: 'Vertical multistage centrifugal pump', category: 'pump', posX: 0.3, posY: 0.4, createdAt: now, warrantyEnd: '2027-03-31', outOfServiceAt: null, outOfServiceUntil: null, outOfServiceReason: '', outOfServiceBy: '' },
  ]);
}
resetOperationsProjects();

/** Introductions a test starts from (for instance a plain-text one typed before the editor). */
export function setOperationsIntros(rows: IntroRow[]): void {
  intros = rows.map((r) => ({ ...r }));
}

const keyTaken = (key: string, except?: number) => projects.some((p) => p.uniqueKey.toLowerCase() === key.toLowerCase() && p.id !== except);
/** The filters the screens send (the query contracts in src/shared/contracts), applied as the server applies them. */
const PROJECT_FILTERS: Record<string, FilterRule<ProjectRow>> = {
  keyword: { anyOf: ['name', 'nameEn', 'uniqueKey', 'city'] }, status: 'equal', area: 'equal', country: 'equal', waterType: 'equal', projectType: 'equal', isPublic: 'equal',
};
const DEVICE_FILTERS: Record<string, FilterRule<DeviceRow>> = { keyword: { anyOf: ['name', 'nameEn', 'model', 'maker'] }, category: 'equal', maker: 'text' };
const DAY_MS = 86_400_000;
const EQUIPMENT_FILTERS: Record<string, FilterRule<EquipmentRow>> = {
  keyword: { anyOf: ['name', 'nameEn', 'serial'] }, projectId: 'equal', deviceId: 'equal', state: 'equal', category: 'equal',
  warranty: (e, value) => {
    if (!e.warrantyEnd) return false;
    const left = new Date(e.warrantyEnd).getTime() - Date.now();
    return value === 'expired' ? left < 0 : left >= -DAY_MS && left <= WARRANTY_SOON_DAYS * DAY_MS;
  },
};
const match = (row: object, q: Record<string, unknown>, keys: string[]) =>
  keys.every((k) => q[k] === undefined || q[k] === '' || q[k] === null || String((row as Record<string, unknown>)[k]) === String(q[k]));

export const operationsProjectsHandlers = [
  http.post(`${API}/sys/sysdictionary/dictionary`, async ({ request }) => {
    const { type } = (await request.json()) as { type: string };
    const items = type === 'area' ? PROJECT_AREA : (BUILT_IN_DICTIONARIES[type]?.items ?? []);
    return ok(items.map((i, n) => ({ id: n + 1, type, label: i.cn, labelEn: i.en, value: i.value, color: i.color ?? '', sort: n + 1, status: 1 })));
  }),
  http.post(`${API}/ball/fallproject/list`, async ({ request }) => {
    await demoDelay();
    const q = (await request.json()) as Record<string, unknown>;
    return pagedList(visible(projects, q), q, PROJECT_FILTERS);
  }),
  http.post(`${API}/ball/fallproject/listAll`, () => ok(visible(projects, {}))),
  http.get(`${API}/ball/fallproject/info/:id`, ({ params }) => {
    const row = projects.find((p) => p.id === Number(params.id));
    return row ? ok(row) : fail(404, '数据不存在');
  }),
  http.get(`${API}/ball/fallproject/existUniqueKey`, ({ request }) => {
    const url = new URL(request.url);
    const id = url.searchParams.get('id');
    return ok(keyTaken(url.searchParams.get('uniqueKey') ?? '', id ? Number(id) : undefined));
  }),
  http.post(`${API}/ball/fallproject/save`, async ({ request }) => {
    const body = (await request.json()) as Partial<ProjectRow> & { cameraAppSecret?: string };
    if (keyTaken(body.uniqueKey ?? '')) return fail(409, '唯一标识已存在', { fields: { uniqueKey: '唯一标识已存在' } });
    const id = Math.max(0, ...projects.map((p) => p.id)) + 1;
    const { cameraAppSecret, ...rest } = body;
    projects.push(project(id, { ...rest, nameCn: rest.nameCn || rest.name, hasCameraSecret: !!cameraAppSecret }));
    return ok({ id });
  }),
  http.post(`${API}/ball/fallproject/update`, async ({ request }) => {
    const body = (await request.json()) as Partial<ProjectRow> & { id: number; cameraAppSecret?: string | null };
    const row = projects.find((p) => p.id === body.id);
    if (!row) return fail(404, '数据不存在');
    if (body.uniqueKey && keyTaken(body.uniqueKey, body.id)) return fail(409, '唯一标识已存在', { fields: { uniqueKey: '唯一标识已存在' } });
    const { cameraAppSecret, ...rest } = body;
    Object.assign(row, rest, cameraAppSecret === null ? { hasCameraSecret: false } : cameraAppSecret ? { hasCameraSecret: true } : {});
    return ok({ id: body.id });
  }),
  http.post(`${API}/ball/fallproject/delete`, async ({ request }) => {
    const ids = (await request.json()) as number[];
    const { rows, deleted, archived } = archiveOrDelete(projects, ids, PROJECTS_WITH_HISTORY);
    projects = rows;
    return ok({ deleted, archived });
  }),
  http.post(`${API}/ball/fallproject/restore`, async ({ request }) => ok({ restored: restoreRows(projects, (await request.json()) as number[]) })),
  http.post(`${API}/ball/fallproject/selectProjects`, () => ok(visible(projects, {}).map((p) => ({ id: p.id, name: p.name, nameEn: p.nameEn ?? '' })))),
  http.get(`${API}/ball/fallproject/intro/list`, ({ request }) => ok(intros.filter((i) => i.projectId === Number(new URL(request.url).searchParams.get('projectId'))))),
  http.post(`${API}/ball/fallproject/intro/save`, async ({ request }) => {
    const body = (await request.json()) as Omit<IntroRow, 'id' | 'sort'>;
    if (!body.title) return fail(400, '必填项', { fields: { title: '必填项' } });
    const id = Math.max(0, ...intros.map((i) => i.id)) + 1;
    intros.push({ ...body, id, sort: 0 });
    return ok({ id });
  }),
  http.post(`${API}/ball/fallproject/intro/update`, async ({ request }) => {
    const { id, ...body } = (await request.json()) as Partial<IntroRow> & { id: number };
    const row = intros.find((i) => i.id === id);
    if (!row) return fail(404, '数据不存在');
    if (body.title === '') return fail(400, '必填项', { fields: { title: '必填项' } });
    Object.assign(row, body);
    return ok({ id });
  }),
  http.post(`${API}/ball/fallproject/intro/delete`, async ({ request }) => {
    const ids = (await request.json()) as number[];
    const before = intros.length;
    intros = intros.filter((i) => !ids.includes(i.id));
    return ok({ deleted: before - intros.length });
  }),
  http.get(`${API}/ball/fallproject/password/list`, ({ request }) => ok(passwords.filter((p) => p.projectId === Number(new URL(request.url).searchParams.get('projectId'))))),
  http.post(`${API}/ball/fallproject/password/issue`, async ({ request }) => {
    const body = (await request.json()) as { projectId: number; label: string; expiresAt: string | null };
    if (!body.label) return fail(400, '必填项', { fields: { label: '必填项' } });
    const id = passwords.length + 1;
    passwords.unshift({ id, projectId: body.projectId, label: body.label, createdAt: now, createdBy: 1, expiresAt: body.expiresAt, revokedAt: null, state: 'active' });
    return ok({ id, label: body.label, password: 'Kq7mP3xZr9Tb', expiresAt: body.expiresAt });
  }),
  http.post(`${API}/ball/fallproject/password/revoke`, async ({ request }) => {
    const { id } = (await request.json()) as { id: number };
    const row = passwords.find((p) => p.id === id);
    if (row) Object.assign(row, { revokedAt: now, state: 'revoked' });
    return ok({ id });
  }),
  http.get(`${API}/sys/xmlx/listAll`, () =>
    ok([
      { id: 1, pid: 0, xmbm: 'SCENIC', xmmc: '景区', xmmcEn: 'Scenic area', sort: 1 },
      { id: 2, pid: 1, xmbm: 'LAKE', xmmc: '湖泊景区', xmmcEn: 'Lake', sort: 1 },
      { id: 3, pid: 0, xmbm: 'PLAZA', xmmc: '城市广场', xmmcEn: 'City square', sort: 2 },
    ]),
  ),
  http.post(`${API}/ball/falldevice/list`, async ({ request }) => {
    const q = (await request.json()) as Record<string, unknown>;
    return pagedList(devices, q, DEVICE_FILTERS);
  }),
  http.post(`${API}/ball/falldevice/listAll`, () => ok(devices)),
  http.post(`${API}/ball/falleqinfo/list`, async ({ request }) => {
    const q = (await request.json()) as Record<string, unknown>;
    return pagedList(visible(equipment, q), q, EQUIPMENT_FILTERS);
  }),
  http.post(`${API}/ball/fallspare/list`, async ({ request }) => {
    const q = (await request.json()) as Record<string, unknown>;
    return pagedList(SPARE_PARTS, q, { keyword: { anyOf: ['name', 'partNo'] }, equipmentId: 'equal' });
  }),
  http.post(`${API}/ball/falleqinfo/listAll`, async ({ request }) => {
    const q = (await request.json()) as Record<string, unknown>;
    return ok(visible(equipment, {}).filter((e) => match(e, q, ['projectId'])));
  }),
  http.post(`${API}/ball/falleqinfo/delete`, async ({ request }) => {
    const ids = (await request.json()) as number[];
    const { rows, deleted, archived } = archiveOrDelete(equipment, ids, EQUIPMENT_WITH_HISTORY);
    equipment = rows;
    return ok({ deleted, archived });
  }),
  // A unit's numbers from checklists, oldest first: unit 1 has two pressures read, one out of its limits.
  http.get(`${API}/ball/falleqinfo/checklistValues`, ({ request }) => ok(Number(new URL(request.url).searchParams.get('equipmentId')) === 1 ? CHECKLIST_VALUES : [])),
  http.post(`${API}/ball/falleqinfo/restore`, async ({ request }) => ok({ restored: restoreRows(equipment, (await request.json()) as number[]) })),
  http.get(`${API}/oss/file/limits`, () => ok(UPLOAD_LIMITS)),
  // Uploads of the upload screen and the file fields: the answer names the file sent.
  http.post(`${API}/oss/file/upload`, async ({ request }) => {
    const file = (await request.formData()).get('file');
    if (!(file instanceof File)) return fail(400, 'Choose a file');
    const id = 9000 + Math.floor(Math.random() * 1000);
    const image = UPLOAD_LIMITS.types.some((t) => t.image && t.extensions.some((ext) => file.name.toLowerCase().endsWith(`.${ext}`)));
    return ok({ id, name: file.name, url: `${API}/oss/file/download/${id}`, thumbUrl: image ? `${API}/oss/file/thumb/${id}` : null, contentType: file.type || 'application/octet-stream', size: file.size });
  }),
  http.get(`${API}/oss/file/meta`, ({ request }) => {
    const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',').map(Number);
    return ok(ids.map((id) => ({ id, name: `plan-${id}.png`, url: `${API}/oss/file/download/${id}`, thumbUrl: `${API}/oss/file/thumb/${id}`, contentType: 'image/png', size: 1024 })));
  }),
  // Stored images are read with the session header (useFileSrc): a one-pixel PNG stands in for each.
  http.get(`${API}/oss/file/:kind/:id`, ({ request, params }) => {
    if (params.kind !== 'download' && params.kind !== 'thumb') return undefined;
    if (!request.headers.get('authorization') && !new URL(request.url).searchParams.get('ticket')) return new HttpResponse(null, { status: 401 });
    return new HttpResponse(ONE_PIXEL_PNG, { headers: { 'content-type': 'image/png' } });
  }),
];
