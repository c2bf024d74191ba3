import { http } from 'msw';
import { dashboardChartsQuerySchema, periodQuerySchema, resolvePeriod, statOrdersQuerySchema, type AreaGroup, type BrokenDevice, type BrokenDeviceList, type CountProjects, type DeviceGroup, type RepairQualityPoint, type RepairSpeedPoint, type StatOrder, type WaterGroup } from '@shared/contracts/stats';
import type { ProjectPoint } from '@shared/contracts/project';
import type { WarningRow } from '@shared/contracts/warning';
import { translate } from '@shared/messages';
import { API, demoDelay, fail, ok, paged } from '../envelope';
import { reliabilityEpisodesQuerySchema, reliabilityQuerySchema, type Reliability, type ReliabilityEpisodes, type ReliabilityFigures } from '@shared/contracts/reliability';
import { periodDays, previousDays, statReportQuerySchema, type RepairTotals, type StatReport } from '@shared/contracts/stats-report';

/** Fixed figures for the walls and the dashboard; tests compare what the screens show with these. */
export const statsFixtures = {
  countProjects: {
    total: 64,
    byStatus: [
      { status: 'A', count: 31 }, { status: 'C', count: 12 }, { status: 'B', count: 8 }, { status: 'D', count: 6 },
      { status: 'E', count: 3 }, { status: 'F', count: 2 }, { status: 'G', count: 2 },
    ],
  } satisfies CountProjects,
  groupArea: [
    { area: 'east-asia', count: 22, totalArea: 48200, label: '东亚', labelEn: 'East Asia' },
    { area: 'middle-east', count: 14, totalArea: 61000, label: '中东', labelEn: 'Middle East' },
    { area: 'europe', count: 12, totalArea: 15800, label: '欧洲', labelEn: 'Europe' },
    { area: 'north-america', count: 9, totalArea: 21400, label: '北美', labelEn: 'North America' },
    { area: 'southeast-asia', count: 7, totalArea: 9100, label: '东南亚', labelEn: 'Southeast Asia' },
  ] satisfies AreaGroup[],
  groupWater: [
    { waterType: 'fountain', count: 20 }, { waterType: 'waterfall', count: 9 }, { waterType: 'curtain', count: 7 },
    { waterType: 'musical', count: 18 }, { waterType: 'drydeck', count: 8 }, { waterType: 'other', count: 2 },
  ] satisfies WaterGroup[],
  groupDevice: [
    { category: 'pump', total: 410, normal: 371, broken: 9, maintenance: 18, offline: 12, atRisk: 3 },
    { category: 'nozzle', total: 1290, normal: 1244, broken: 17, maintenance: 21, offline: 8, atRisk: 0 },
    { category: 'light', total: 960, normal: 921, broken: 11, maintenance: 14, offline: 14, atRisk: 1 },
    { category: 'valve', total: 520, normal: 502, broken: 4, maintenance: 9, offline: 5, atRisk: 0 },
    { category: 'controller', total: 130, normal: 124, broken: 1, maintenance: 2, offline: 3, atRisk: 0 },
    { category: 'sensor', total: 380, normal: 361, broken: 6, maintenance: 5, offline: 8, atRisk: 0 },
    { category: 'camera', total: 150, normal: 143, broken: 2, maintenance: 1, offline: 4, atRisk: 0 },
    { category: 'other', total: 0, normal: 0, broken: 0, maintenance: 0, offline: 0, atRisk: 0 },
  ] satisfies DeviceGroup[],
  brokenDevice: Array.from({ length: 12 }, (_, i) => ({
    id: 900 + i,
    name: `${['Pump', 'Nozzle', 'Light', 'Valve'][i % 4]} #${101 + i}`,
    nameEn: '',
    projectId: 1 + (i % 5),
    projectName: ['迪拜喷泉广场', '西湖音乐喷泉', '滨海湾水幕', '日内瓦湖喷泉', '百乐宫叠水'][i % 5],
    projectNameEn: ['Dubai Fountain Plaza', 'West Lake Musical Fountain', 'Marina Bay Curtain', 'Lake Geneva Jet', 'Bellagio Cascade'][i % 5],
    deviceName: ['Grundfos CR 64', 'Crown jet 50', 'RGBW 36W', 'Butterfly DN150'][i % 4],
    deviceNameEn: null,
    category: ['pump', 'nozzle', 'light', 'valve'][i % 4],
    since: new Date(Date.UTC(2026, 0, 20, 12) - i * 3_600_000).toISOString(),
  })) satisfies BrokenDevice[],
  projectPoints: [
    { id: 1, name: '迪拜喷泉广场', nameEn: 'Dubai Fountain Plaza', status: 'A', longitude: 55.27, latitude: 25.2, area: 'Middle East', waterType: 'musical' },
    { id: 2, name: '西湖音乐喷泉', nameEn: 'West Lake Musical Fountain', status: 'A', longitude: 120.15, latitude: 30.25, area: 'East Asia', waterType: 'musical' },
    { id: 3, name: '滨海湾水幕', nameEn: 'Marina Bay Curtain', status: 'C', longitude: 103.85, latitude: 1.28, area: 'Southeast Asia', waterType: 'curtain' },
    { id: 4, name: '日内瓦湖喷泉', nameEn: 'Lake Geneva Jet', status: 'B', longitude: 6.15, latitude: 46.2, area: 'Europe', waterType: 'fountain' },
    { id: 5, name: '百乐宫瀑布', nameEn: 'Bellagio Cascade', status: 'G', longitude: -115.17, latitude: 36.11, area: 'North America', waterType: 'waterfall' },
  ] satisfies ProjectPoint[],
  warnings: [
    { id: 71, at: '2026-01-20T11:58:00Z', info: 'CH3 pump pressure low', projectId: 1, projectName: '迪拜喷泉广场', projectNameEn: 'Dubai Fountain Plaza', level: 'critical', result: null, kind: 'channel' as const, detectId: 1, boardName: 'B-01', boardNameEn: 'B-01', channel: 3, equipmentId: null, equipmentName: null, equipmentNameEn: null, dealAt: null, note: '', dealtBy: '', orderId: null, ackAt: null, ackBy: '', escalatedAt: null, notifyLevel: 0, suppressedBy: null, shelvedUntil: null, shelvedBy: '', shelveReason: '' , chatter: 0, overdue: false },
    { id: 70, at: '2026-01-20T11:40:00Z', info: 'Board B-02 offline', projectId: 4, projectName: '日内瓦湖喷泉', projectNameEn: 'Lake Geneva Jet', level: 'warning', result: null, kind: 'offline' as const, detectId: 1, boardName: 'B-01', boardNameEn: 'B-01', channel: 3, equipmentId: null, equipmentName: null, equipmentNameEn: null, dealAt: null, note: '', dealtBy: '', orderId: null, ackAt: null, ackBy: '', escalatedAt: null, notifyLevel: 0, suppressedBy: null, shelvedUntil: null, shelvedBy: '', shelveReason: '' , chatter: 0, overdue: false },
    { id: 69, at: '2026-01-20T10:05:00Z', info: 'CH7 light driver fault', projectId: 3, projectName: '滨海湾水幕', projectNameEn: 'Marina Bay Curtain', level: 'warning', result: 'fixed', kind: 'channel' as const, detectId: 1, boardName: 'B-01', boardNameEn: 'B-01', channel: 3, equipmentId: null, equipmentName: null, equipmentNameEn: null, dealAt: '2026-01-20T10:30:00Z', note: '', dealtBy: '', orderId: null, ackAt: null, ackBy: '', escalatedAt: null, notifyLevel: 0, suppressedBy: null, shelvedUntil: null, shelvedBy: '', shelveReason: '' , chatter: 0, overdue: false },
  ] satisfies WarningRow[],
  notices: [{ id: 1, title: 'Spring maintenance window', body: 'Pumps of zone A are serviced on Monday 06:00–09:00.' }],
};

/** The brokenDevice answer: the listed units, and the broken total of the device groups (the KPI's figure). */
export function brokenDeviceList(): BrokenDeviceList {
  return { list: statsFixtures.brokenDevice, total: statsFixtures.groupDevice.reduce((n, g) => n + g.broken, 0) };
}

function speedSeries(days: string[]): RepairSpeedPoint[] {
  return days.map((period, i) => ({ period, orders: 40 + ((i * 7) % 13), completed: 36 + ((i * 5) % 11), avgHours: 14 + (i % 5), medianHours: 10 + (i % 4), p90Hours: 30 + (i % 7) }));
}
function qualitySeries(days: string[]): RepairQualityPoint[] {
  return days.map((period, i) => ({ period, completed: 36 + ((i * 5) % 11), firstTimeFixRate: 0.82 + (i % 5) / 100, repeatRate30d: 0.06 + (i % 3) / 100, onTimeRate: 0.88 + (i % 4) / 100 }));
}

/** The periods of a query, as the server labels them. */
export function periodsOf(from: string, to: string, granularity: 'day' | 'week' | 'month'): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  if (granularity === 'month') d.setUTCDate(1);
  if (granularity === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  const end = new Date(`${to}T00:00:00Z`);
  while (d <= end) {
    const iso = d.toISOString().slice(0, 10);
    out.push(granularity === 'month' ? iso.slice(0, 7) : iso);
    if (granularity === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (granularity === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** Validates with the shared contract and answers 400 with field messages like the server. */
async function parse<T>(request: Request, schema: { safeParse: (v: unknown) => { success: boolean; data?: T; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, query = false) {
  const result = schema.safeParse(query ? Object.fromEntries(new URL(request.url).searchParams) : await request.json());
  if (result.success) return { data: result.data as T };
  const lang = request.headers.get('accept-language')?.startsWith('en') ? 'en' : 'cn';
  const fields = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0] ?? ''), translate(i.message, lang)]));
  return { error: fail(400, translate('err.badRequest', lang), { fields }) };
}

const BASE = `${API}/ball/fallproject`;

const repairTotals = (submitted: number, completed: number): RepairTotals => {
  const ftf = Math.round(completed * 0.75);
  const withEq = Math.max(1, completed - 1);
  const rep = Math.round(withEq / 8);
  const onTime = Math.round(completed * 0.8);
  return {
    submitted, completed, avgHours: completed ? 20.5 : null, medianHours: completed ? 15 : null, p90Hours: completed ? 39.6 : null,
    firstTimeFix: ftf, withEquipment: withEq, repeat30d: rep, onTime,
    firstTimeFixRate: completed ? Number((ftf / completed).toFixed(4)) : null, repeatRate30d: Number((rep / withEq).toFixed(4)), onTimeRate: completed ? Number((onTime / completed).toFixed(4)) : null,
  };
};

/** A statistics report (fall/stats) over any valid query: made-up counts per period, sums that add up. */
export function statReportFixture(q: { from: string; to: string; granularity: 'day' | 'week' | 'month' }): StatReport {
  const labels: string[] = [];
  const d = new Date(`${q.from}T00:00:00Z`);
  if (q.granularity === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (q.granularity === 'month') d.setUTCDate(1);
  while (d.toISOString().slice(0, 10) <= q.to) {
    labels.push(q.granularity === 'month' ? d.toISOString().slice(0, 7) : d.toISOString().slice(0, 10));
    if (q.granularity === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (q.granularity === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  const periods = labels.map((period, i) => ({ period, ...periodDays(period, q.granularity, q.from, q.to), ...repairTotals(3 + (i % 4), 2 + (i % 3)) }));
  const levels = labels.map((period, i) => ({ period, ...periodDays(period, q.granularity, q.from, q.to), byLevel: { info: i % 2, warning: 1 + (i % 3), critical: i % 4 === 0 ? 1 : 0 } }));
  const sum = (k: 'submitted' | 'completed') => periods.reduce((n, p) => n + p[k], 0);
  const byLevel = { info: levels.reduce((n, l) => n + l.byLevel.info, 0), warning: levels.reduce((n, l) => n + l.byLevel.warning, 0), critical: levels.reduce((n, l) => n + l.byLevel.critical, 0) };
  const byCategory = [
    { category: 'pump', total: 120, broken: 4, offline: 2, available: 114 },
    { category: 'nozzle', total: 300, broken: 6, offline: 0, available: 294 },
    { category: 'light', total: 220, broken: 2, offline: 5, available: 213 },
    { category: 'other', total: 20, broken: 0, offline: 0, available: 20 },
  ];
  const total = byCategory.reduce((n, c) => n + c.total, 0);
  const broken = byCategory.reduce((n, c) => n + c.broken, 0);
  const offline = byCategory.reduce((n, c) => n + c.offline, 0);
  return {
    places: { areas: [{ value: 'Asia', label: '亚洲', labelEn: 'Asia' }, { value: 'Europe', label: '欧洲', labelEn: 'Europe' }], countries: ['CN', 'FR', 'JP'] },
    from: q.from,
    to: q.to,
    granularity: q.granularity,
    previous: previousDays(q.from, q.to),
    repair: {
      totals: repairTotals(sum('submitted'), sum('completed')),
      previousTotals: repairTotals(sum('submitted') - 2, sum('completed') + 1),
      periods,
      // The same totals split by source: the three add up to them.
      bySource: [
        { source: 'manual', submitted: sum('submitted') - 3, completed: sum('completed') - 2 },
        { source: 'warning', submitted: 1, completed: 1 },
        { source: 'preventive', submitted: 2, completed: 1 },
      ],
    },
    predicted: { faults: 8, predicted: 3, rate: 0.375 },
    warnings: {
      total: byLevel.info + byLevel.warning + byLevel.critical,
      byLevel,
      previous: { total: 10, byLevel: { info: 2, warning: 6, critical: 2 } },
      periods: levels,
      boards: [
        { detectId: 11, name: '主池检测板', nameEn: 'Main pool board', projectName: '迪拜音乐喷泉', projectNameEn: 'Dubai Fountain', count: 7 },
        { detectId: 12, name: '瀑布检测板', nameEn: 'Falls board', projectName: '尼亚加拉', projectNameEn: 'Niagara', count: 3 },
      ],
    },
    equipment: { total, broken, offline, available: total - broken - offline, availability: Number(((total - broken - offline) / total).toFixed(4)), byCategory },
  };
}

const H = 3_600_000;
/** Figures from their sums, as the server divides them (docs/maintenance.md "Availability in show hours, MTTR, MTBF"). */
function relFigures(showMs: number, downtimeMs: number, downtimeShowMs: number, episodes: number, faults: number, repeat7d: number, repeat30d: number): ReliabilityFigures {
  return {
    showMs, downtimeMs, downtimeShowMs, episodes, faults, repeat7d, repeat30d,
    availability: showMs > 0 ? 1 - downtimeShowMs / showMs : null,
    mttrMs: episodes ? downtimeMs / episodes : null,
    mtbfMs: episodes ? (showMs - downtimeShowMs) / episodes : null,
  };
}

/** A reliability answer for the mock: two projects (one without a calendar), three units. */
export function reliabilityFixture(q: { from: string; to: string }): Reliability {
  const days = Math.round((Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000) + 1;
  const show = days * 2.5 * H;
  const units = [
    { equipmentId: 201, name: '主泵', nameEn: 'Main pump', projectId: 1, deviceId: 31, basis: 'calendar' as const, ...relFigures(show, 9 * H, 3 * H, 3, 4, 1, 2) },
    { equipmentId: 202, name: '灯组', nameEn: 'Light ring', projectId: 1, deviceId: 32, basis: 'calendar' as const, ...relFigures(show, 0, 0, 0, 0, 0, 0) },
    { equipmentId: 203, name: '补水泵', nameEn: 'Top-up pump', projectId: 2, deviceId: 31, basis: 'allHours' as const, ...relFigures(days * 24 * H, 30 * H, 30 * H, 2, 2, 0, 1) },
  ];
  const sum = (list: typeof units) => relFigures(...(['showMs', 'downtimeMs', 'downtimeShowMs', 'episodes', 'faults', 'repeat7d', 'repeat30d'] as const).map((k) => list.reduce((n, u) => n + u[k], 0)) as [number, number, number, number, number, number, number]);
  return {
    from: q.from, to: q.to, start: `${q.from}T00:00:00.000Z`, end: new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString(),
    totals: { ...sum(units), units: units.length },
    units,
    models: [
      { deviceId: 31, name: '离心泵', nameEn: 'Centrifugal pump', units: 2, ...sum(units.filter((u) => u.deviceId === 31)) },
      { deviceId: 32, name: 'LED灯', nameEn: 'LED light', units: 1, ...sum(units.filter((u) => u.deviceId === 32)) },
    ],
    projects: [
      { projectId: 1, name: '迪拜音乐喷泉', nameEn: 'Dubai Fountain', basis: 'calendar', units: 2, ...sum(units.filter((u) => u.projectId === 1)) },
      { projectId: 2, name: '尼亚加拉', nameEn: 'Niagara', basis: 'allHours', units: 1, ...sum(units.filter((u) => u.projectId === 2)) },
    ],
  };
}

export const statsHandlers = [
  http.post(`${API}/ball/stats/figures`, async ({ request }) => {
    await demoDelay();
    const q = await parse<{ from: string; to: string; granularity: 'day' | 'week' | 'month' }>(request, statReportQuerySchema);
    if (q.error) return q.error;
    return ok(statReportFixture(q.data));
  }),
  http.get(`${API}/ball/stats/reliability`, async ({ request }) => {
    await demoDelay();
    const q = await parse<{ from: string; to: string }>(request, reliabilityQuerySchema, true);
    return q.error ?? ok(reliabilityFixture(q.data!));
  }),
  http.get(`${API}/ball/stats/reliability/episodes`, async ({ request }) => {
    await demoDelay();
    const q = await parse<{ from: string; to: string; equipmentId: number | string }>(request, reliabilityEpisodesQuerySchema, true);
    if (q.error) return q.error;
    const start = Date.parse(`${q.data!.from}T00:00:00Z`) + 12 * H;
    const answer: ReliabilityEpisodes = {
      equipmentId: Number(q.data!.equipmentId), basis: 'calendar', start: `${q.data!.from}T00:00:00.000Z`, end: `${q.data!.to}T23:59:59.999Z`,
      episodes: [{ start: new Date(start).toISOString(), end: new Date(start + 3 * H).toISOString(), downtimeMs: 3 * H, downtimeShowMs: H, faults: [{ id: 901, at: new Date(start).toISOString(), dealAt: new Date(start + 3 * H).toISOString(), detectId: 11, channel: 2, level: 'warning', info: 'Pressure low' }] }],
    };
    return ok(answer);
  }),
  http.get(`${BASE}/countProjects`, async () => (await demoDelay(), ok(statsFixtures.countProjects))),
  http.get(`${BASE}/groupArea`, async () => (await demoDelay(), ok(statsFixtures.groupArea))),
  http.get(`${BASE}/groupWater`, async () => (await demoDelay(), ok(statsFixtures.groupWater))),
  http.get(`${BASE}/groupDevice`, async () => (await demoDelay(), ok(statsFixtures.groupDevice))),
  http.get(`${BASE}/brokenDevice`, async () => (await demoDelay(), ok(brokenDeviceList()))),
  http.post(`${BASE}/selectProjects`, async () => (await demoDelay(), ok(statsFixtures.projectPoints))),
  // No server renderer in the mock: the dashboard draws its charts itself, as a server without a build does.
  http.post(`${BASE}/dashboardCharts`, async ({ request }) => {
    const q = await parse(request, dashboardChartsQuerySchema);
    return q.error ?? ok(null);
  }),
  http.post(`${BASE}/repairSpeedList`, async ({ request }) => {
    const q = await parse<{ from?: string; to?: string; granularity?: 'day' | 'week' | 'month' }>(request, periodQuerySchema);
    if (q.error) return q.error;
    const p = resolvePeriod(q.data);
    return ok(speedSeries(periodsOf(p.from, p.to, p.granularity)));
  }),
  http.post(`${BASE}/repairQualityList`, async ({ request }) => {
    const q = await parse<{ from?: string; to?: string; granularity?: 'day' | 'week' | 'month' }>(request, periodQuerySchema);
    if (q.error) return q.error;
    const p = resolvePeriod(q.data);
    return ok(qualitySeries(periodsOf(p.from, p.to, p.granularity)));
  }),
  http.post(`${BASE}/statOrders`, async ({ request }) => {
    const parsed = await parse<{ from?: string; to?: string; period?: string; metric?: string; page: number; limit: number }>(request, statOrdersQuerySchema);
    if (parsed.error) return parsed.error;
    const range = resolvePeriod(parsed.data);
    const q = { data: { ...range, period: range.period ?? range.to, metric: range.metric ?? 'orders' } };
    const rows: StatOrder[] = Array.from({ length: 23 }, (_, i) => ({
      id: 5000 + i,
      number: `WO-${q.data.period.replace(/-/g, '')}-${String(i + 1).padStart(4, '0')}`,
      name: `Order ${i + 1}`,
      projectId: 1 + (i % 5),
      projectName: statsFixtures.projectPoints[i % 5].name,
      projectNameEn: statsFixtures.projectPoints[i % 5].nameEn,
      equipmentName: `Pump #${100 + i}`,
      equipmentNameEn: null,
      priority: ['low', 'normal', 'high', 'urgent'][i % 4],
      status: q.data.metric === 'completed' ? 'completed' : 'submitted',
      submittedAt: `${q.data.period.length === 7 ? `${q.data.period}-01` : q.data.period}T0${i % 9}:00:00Z`,
      completedAt: q.data.metric === 'completed' ? `${q.data.period.length === 7 ? `${q.data.period}-01` : q.data.period}T2${i % 4}:00:00Z` : null,
      hours: q.data.metric === 'completed' ? 12 + i : null,
      reportCount: q.data.metric === 'completed' ? 1 + (i % 2) : 0,
    }));
    return paged(rows, q.data.page, q.data.limit);
  }),
  // Built by other areas; mocked here until their handlers exist (the first matching handler answers).
  http.post(`${API}/ball/fallwarning/latest`, async () => (await demoDelay(), ok({ list: statsFixtures.warnings, openTotal: statsFixtures.warnings.filter((w) => !w.result).length }))),
  http.get(`${API}/sys/content/current`, async () => (await demoDelay(), ok(statsFixtures.notices))),
  // Alarms on the walls: none pop up in the demo unless a test says so.
  http.post(`${API}/ball/fallwarning/alarms`, () => ok({ list: [], total: 0, flood: { raised: 0, active: false, groups: [] }, levels: ['warning', 'critical'], sounds: { info: 'none', warning: 'chime', critical: 'siren' }, escalateMinutes: 10, muteMinutes: 15, shelved: 0, shelveMaxMinutes: 480, maintenance: { projects: 0, until: null } })),
];
