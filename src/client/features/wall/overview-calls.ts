import { AUTH_HEADER, STORAGE_KEYS } from '@shared/constants';
import type { PeriodQuery } from '@shared/contracts/stats';
import { isoDaysAgo } from '@shared/iso-day';
import { kioskTokenOf } from '../../lib/kiosk-token';

/** Window of the repair charts on the overview: the last 30 days, by day. */
export const OVERVIEW_DAYS = 30;
/** How many warnings the wall ticker shows (the `latest` call's limit). */
export const OVERVIEW_WARNINGS = 30;

/** The overview's repair window ending today (the key its repair charts ask with). */
export function overviewPeriod(today: string): PeriodQuery {
  return { from: isoDaysAgo(OVERVIEW_DAYS - 1, new Date(`${today}T12:00:00Z`)), to: today, granularity: 'day' };
}

/** True for the overview wall's address (/page, with or without a query), not for the walls under it. */
export function isOverviewAddress(hash: string): boolean {
  return /^#\/page\/?(\?|$)/.test(hash);
}

/**
 * The session a wall at this address calls with, as the API client will send it: the kiosk token in
 * the address (it becomes the session as the app starts) or the stored one, and the stored language.
 */
export function wallToken(hash: string, session: Pick<Storage, 'getItem'>, local: Pick<Storage, 'getItem'>): { header: string; value: string; language: string } | null {
  const value = kioskTokenOf(hash) ?? session.getItem(STORAGE_KEYS.token);
  if (!value) return null;
  return { header: window.__APP_CONFIG__?.authHeader || AUTH_HEADER, value, language: local.getItem(STORAGE_KEYS.language) === 'en' ? 'en' : 'zh-CN' };
}

export interface WallCall {
  method: 'GET' | 'POST';
  /** Path under the API prefix. */
  path: string;
  body?: unknown;
}

/**
 * The calls the overview wall makes as it opens, exactly as the API client sends them, the wall
 * session first (the wall waits for it before it draws a panel). The early start in index.html
 * sends these before the app has loaded; overview-calls.test.ts checks they are the requests of
 * prefetchOverview, so the app picks up the answers instead of asking again.
 */
export function overviewCalls(today = isoDaysAgo(0)): WallCall[] {
  const period = overviewPeriod(today);
  return [
    { method: 'GET', path: '/wall/session' },
    { method: 'GET', path: '/ball/fallproject/countProjects' },
    { method: 'GET', path: '/ball/fallproject/groupDevice' },
    { method: 'POST', path: '/ball/fallproject/selectProjects', body: {} },
    { method: 'POST', path: '/ball/fallproject/repairSpeedList', body: period },
    { method: 'POST', path: '/ball/fallproject/repairQualityList', body: period },
    { method: 'GET', path: '/ball/fallproject/groupArea' },
    { method: 'GET', path: '/ball/fallproject/groupWater' },
    { method: 'GET', path: '/ball/fallproject/brokenDevice' },
    { method: 'POST', path: '/ball/fallwarning/latest', body: { limit: OVERVIEW_WARNINGS } },
    { method: 'GET', path: '/sys/content/current' },
  ];
}
