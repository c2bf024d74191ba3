// The statistics benchmark's TypeScript half (loaded through tsx by stats.bench.mjs): times each
// statistics call on seed:large through the HTTP stack (app.inject) and as bare SQL (the repository alone).
import { StatsRepository } from '../../src/server/modules/stats/stats.repository';
import { isoDaysAgo } from '../../src/shared/contracts/stats';
import { openLargeApp } from './large-app';
import { medianMs } from './timing';

export interface Timing {
  name: string;
  injectMs: number;
  sqlMs: number;
}

export async function measure(dir: string, runs: number, log: (s: string) => void): Promise<Timing[]> {
  const { app, database, token, close } = await openLargeApp(dir, log);
  const repo = new StatsRepository(database);
  const sla = { low: 72, normal: 48, high: 24, urgent: 8 };
  const headers = { authorization: `Bearer ${token}` };
  const inject = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url: `/api/ball/fallproject/${url}`, headers, payload: payload as object });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  // The queries the walls send: the overview's last 30 days by day, the detail wall's 90 days by week,
  // and a year by month.
  const today = isoDaysAgo(0);
  const day30 = { from: isoDaysAgo(29), to: today, granularity: 'day' as const };
  const week90 = { from: isoDaysAgo(89), to: today, granularity: 'week' as const };
  const month12 = { from: isoDaysAgo(364), to: today, granularity: 'month' as const };
  const [{ id: projectId }] = await database.query<{ id: number }>('SELECT id FROM fall_project ORDER BY id LIMIT 1');
  const drill = { ...day30, period: isoDaysAgo(1), metric: 'completed' as const, page: 1, limit: 10 };
  const cases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    ['countProjects', () => inject('GET', 'countProjects'), () => repo.countProjects()],
    ['groupArea', () => inject('GET', 'groupArea'), () => repo.groupArea()],
    ['groupWater', () => inject('GET', 'groupWater'), () => repo.groupWater()],
    ['groupDevice', () => inject('GET', 'groupDevice'), () => repo.groupDevice()],
    ['brokenDevice', () => inject('GET', 'brokenDevice'), () => repo.brokenDevice()],
    ['repairSpeedList 30d/day', () => inject('POST', 'repairSpeedList', day30), () => repo.repairSpeed(day30)],
    ['repairQualityList 30d/day', () => inject('POST', 'repairQualityList', day30), () => repo.repairQuality(day30, sla)],
    ['repairSpeedList 90d/week', () => inject('POST', 'repairSpeedList', week90), () => repo.repairSpeed(week90)],
    ['repairQualityList 90d/week', () => inject('POST', 'repairQualityList', week90), () => repo.repairQuality(week90, sla)],
    ['repairSpeedList 12m/month', () => inject('POST', 'repairSpeedList', month12), () => repo.repairSpeed(month12)],
    ['repairQualityList 12m/month', () => inject('POST', 'repairQualityList', month12), () => repo.repairQuality(month12, sla)],
    ['repairSpeedList project 12m/month', () => inject('POST', 'repairSpeedList', { ...month12, projectId }), () => repo.repairSpeed({ ...month12, projectId })],
    ['repairQualityList project 12m/month', () => inject('POST', 'repairQualityList', { ...month12, projectId }), () => repo.repairQuality({ ...month12, projectId }, sla)],
    ['groupDevice project', () => inject('GET', `groupDevice?projectId=${projectId}`), () => repo.groupDevice(projectId)],
    ['statOrders', () => inject('POST', 'statOrders', drill), () => repo.statOrders(drill)],
  ];
  // One untimed pass over every case first: the JIT, the route validators and PGlite's protocol code
  // warm up on the first few hundred calls whichever case comes first, and a long-running wall server
  // is always past that point.
  for (let pass = 0; pass < 3; pass++) {
    for (const [, viaHttp, viaSql] of cases) {
      await viaSql();
      await viaHttp();
    }
  }
  const out: Timing[] = [];
  for (const [name, viaHttp, viaSql] of cases) {
    const sqlMs = await medianMs(viaSql, runs);
    const injectMs = await medianMs(viaHttp, runs);
    out.push({ name, injectMs, sqlMs });
    log(`${name}: inject ${injectMs} ms, sql ${sqlMs} ms`);
  }
  await close();
  return out;
}
