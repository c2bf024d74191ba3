import { http } from 'msw';
import type { ProjectWall } from '@shared/contracts/wall';
import type { PublicProject } from '@shared/contracts/public';
import type { SceneView } from '@shared/contracts/scene';
import type { ChannelTrend, TrendRange } from '@shared/contracts/detect';
import { API, demoDelay, fail, ok } from '../envelope';

const at = '2026-11-20T08:00:00.000Z';

/** The project wall of project 1, as GET /wall/project/1 answers it. */
export const projectWallFixture: ProjectWall = {
  project: {
    id: 1, name: '西湖音乐喷泉', nameCn: '西湖音乐喷泉', nameEn: 'West Lake Musical Fountain', area: '华东', country: '中国', city: '杭州', cityEn: 'Hangzhou',
    status: 'A', waterType: 'musical', totalArea: 12800, controlMode: 'music', dailyShowTime: '19:00–21:30', longitude: 120.16, latitude: 30.25, isPublic: true,
  },
  sitePlan: null,
  equipment: [
    { id: 11, name: '主泵 1', nameEn: 'Main pump 1', state: 'normal', posX: 0.2, posY: 0.3, deviceName: 'CR45', deviceNameEn: 'CR45', category: 'pump', warrantyEnd: '2027-03-31', atRisk: true, outOfService: false },
    { id: 12, name: '主泵 2', nameEn: 'Main pump 2', state: 'broken', posX: 0.5, posY: 0.3, deviceName: 'CR45', deviceNameEn: 'CR45', category: 'pump', warrantyEnd: '2027-03-31', atRisk: false, outOfService: false },
    { id: 13, name: '灯光 1', nameEn: 'Light 1', state: 'maintenance', posX: 0.7, posY: 0.6, deviceName: null, deviceNameEn: null, category: 'light', warrantyEnd: null, atRisk: false, outOfService: false },
    { id: 14, name: '阀门 1', nameEn: 'Valve 1', state: 'offline', posX: null, posY: null, deviceName: null, deviceNameEn: null, category: 'valve', warrantyEnd: null, atRisk: false, outOfService: false },
  ],
  boards: [
    {
      id: 21, boardName: '1号检测板', boardNameEn: 'Board 1', boardNo: 'DB-01', posX: 0.4, posY: 0.5, online: true, lastSeen: at, missed: 0,
      channels: Array.from({ length: 9 }, (_, n) => ({
        ch: n + 1, label: `通道${n + 1}`, labelEn: `Channel ${n + 1}`, switchValue: n % 2, analogValue: 10 * (n + 1), analogMin: 0, analogMax: 100,
        result: n === 1 ? ('fault' as const) : ('normal' as const), equipmentId: n === 1 ? 12 : n === 3 ? 11 : null,
        // CH4 of the main pump 1: an open finding of the predictive detector (amber).
        atRisk: n === 3,
        outOfService: false,
      })),
    },
    { id: 22, boardName: '2号检测板', boardNameEn: 'Board 2', boardNo: 'DB-02', posX: 0.8, posY: 0.2, online: false, lastSeen: null, missed: 0, channels: [] },
  ],
  warnings: [
    { id: 31, at, info: '1号检测板 CH2 主泵故障', level: 'critical', kind: 'channel', boardName: '1号检测板', boardNameEn: 'Board 1', channel: 2, equipmentName: '主泵 2', equipmentNameEn: 'Main pump 2', dealAt: null, result: null },
    { id: 32, at, info: '喷头压力异常', level: 'warning', kind: 'channel', boardName: null, boardNameEn: null, channel: null, equipmentName: null, equipmentNameEn: null, dealAt: at, result: 'fixed' },
  ],
  cameras: [{ id: 41, name: '东门', nameEn: 'East gate' }],
  kpis: { openOrders: 3, repairSpeed: 6.5, repairQuality: 0.8, availability: 0.5, equipmentTotal: 4, openWarnings: 1, atRisk: 1 },
  // 08:00 UTC is 16:00 in Hangzhou: idle until tonight's 19:00 show.
  show: {
    state: 'idle', until: '2026-11-20T11:00:00.000Z', show: { start: '2026-11-20T11:00:00.000Z', end: '2026-11-20T13:30:00.000Z' },
    closedBy: null, timeZone: 'Asia/Shanghai', ownProgramme: false,
  },
  at,
};

export const publicProjectFixture: PublicProject = {
  id: 1, name: '西湖音乐喷泉', nameCn: '西湖音乐喷泉', nameEn: 'West Lake Musical Fountain', country: '中国', city: '杭州', cityEn: 'Hangzhou', area: '华东', status: 'A',
  introduction: [{ id: 1, type: 'overview', title: '项目简介', content: '<p>湖面音乐喷泉</p>' }],
  pictures: [],
  sitePlan: null,
  figures: { equipmentCount: 4, waterType: 'musical', totalArea: 12800, dailyShowTime: '19:00–21:30' },
  hasPassword: true,
  show: projectWallFixture.show,
  at,
};

export const sceneFixture: SceneView = {
  id: 1, name: '运维', nameEn: 'Operations', projectId: null, isPublic: false, isDefault: true, createdAt: at, updatedAt: at,
  layout: [{ i: 'n', cardId: 5, x: 0, y: 0, w: 12, h: 6 }],
  cards: [{ id: 5, name: '通知', nameEn: 'Notices', type: 'notice', config: { title: '通知公告', titleEn: 'Notices', text: '今晚 19:00 例行检修', textEn: 'Routine check at 19:00' }, createdAt: at }],
};

/** Project 1 is public with a detailed wall; other ids do not exist. */
/** A channel's trend as GET /wall/project/:id/trend answers it: a slow wave over the range, a fault two thirds in. */
export function trendFixture(boardId: number, ch: number, range: TrendRange, now = Date.now()): ChannelTrend {
  const step = range === '7d' ? 3600 : range === '24h' ? 300 : 60;
  const count = range === '7d' ? 168 : range === '24h' ? 288 : 60;
  const from = Math.floor(now / (step * 1000)) * step * 1000 - (count - 1) * step * 1000;
  const fault = Math.floor(count * 0.66);
  return {
    boardId, ch, label: `通道${ch}`, labelEn: `Channel ${ch}`, unit: 'kPa', analogMin: 20, analogMax: 80, range,
    grain: range === '7d' ? 'hour' : 'minute', stepSeconds: step, from: new Date(from).toISOString(), to: new Date(now).toISOString(),
    points: Array.from({ length: count }, (_, i) => {
      const avg = i >= fault && i < fault + 3 ? 88 : Math.round((50 + 18 * Math.sin(i / 9)) * 10) / 10;
      return { t: new Date(from + i * step * 1000).toISOString(), min: avg - 2, max: avg + 2, avg, count: step / 5, faults: i >= fault && i < fault + 3 ? 4 : 0 };
    }),
    marks: [{ id: 31, at: new Date(from + fault * step * 1000).toISOString(), level: 'critical', kind: 'channel', dealAt: null }],
    checks: [{ at: new Date(from + Math.floor(count / 3) * step * 1000).toISOString(), value: 61, label: '出口压力', labelEn: 'Outlet pressure', min: 20, max: 80, ok: true }],
  };
}

export const wallProjectHandlers = [
  http.get(`${API}/wall/project/:id/trend`, ({ request }) => {
    const q = new URL(request.url).searchParams;
    return ok(trendFixture(Number(q.get('board')), Number(q.get('ch')), (q.get('range') ?? '24h') as TrendRange));
  }),
  http.get(`${API}/wall/project/:id`, async ({ params }) => {
    await demoDelay();
    return Number(params.id) === 1 ? ok(projectWallFixture) : fail(404, 'Not found');
  }),
  http.get(`${API}/wall/session`, ({ request }) =>
    request.headers.get('Authorization') ? ok({ kind: 'user', projectId: null, sceneId: null, label: 'admin', perms: [] }) : fail(401, 'Not logged in'),
  ),
  http.get(`${API}/public/project/:id`, ({ params }) => (Number(params.id) === 1 ? ok(publicProjectFixture) : fail(404, 'Not found'))),
  http.get(`${API}/ball/falldraw/byProject/:projectId`, ({ params }) =>
    ok(Number(params.projectId) === 1 ? [{ id: 1, name: '总平面图', description: '', picture: 101, file: null, sort: 1 }, { id: 2, name: '管线图', description: '', picture: 102, file: null, sort: 2 }] : []),
  ),
  http.get(`${API}/ship/scene/default`, () => ok(sceneFixture)),
  http.get(`${API}/ship/scene/info/:id`, ({ params }) => (Number(params.id) === sceneFixture.id ? ok(sceneFixture) : fail(404, 'Not found'))),
  http.post(`${API}/ship/cards/listAll`, () => ok(sceneFixture.cards)),
];
