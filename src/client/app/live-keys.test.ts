import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { LIVE_TOPICS, type LiveTopic } from '@shared/live';
import { RESOURCE_LIST } from '@shared/resources';
import { isKeyOf, keysOf, resourceKeys } from '@client/lib/resource-keys';
import { groupAreaQueryOptions } from '@client/shared/stats/api/get-group-area';
import { groupDeviceQueryOptions } from '@client/shared/stats/api/get-group-device';
import { latestWarningsQueryOptions } from '@client/shared/stats/api/get-latest-warnings';
import { currentNoticesQueryOptions } from '@client/shared/stats/api/get-current-notices';
import { statReportQueryOptions } from '@client/shared/stats/api/get-stat-report';
import { alarmHealthQueryOptions } from '@client/shared/stats/api/get-alarm-health';
import { projectWallQueryOptions } from '@client/shared/wall/project/api/get-project-wall';
import { wallSessionQueryOptions } from '@client/shared/wall/project/api/get-wall-session';
import { alarmsQueryOptions } from '@client/shared/wall/alarms/alarm-strip';
import { displayTokensQueryOptions } from '@client/features/scenes/api/display-tokens';
import { publicProjectQueryOptions } from '@client/features/wall/project/api/get-public-project';
import { myOrdersQueryOptions, notificationsQueryOptions } from '@client/shared/assignment/assignment-api';
import { LIVE_KEYS } from './live-keys';

/** The topics whose events refresh a cached query with this key (urgent or coalesced). */
const topicsOf = (key: QueryKey): LiveTopic[] =>
  LIVE_TOPICS.filter((t) => LIVE_KEYS.some((d) => d.on.includes(t) && isKeyOf(d.prefix, key)));

// A finding of the predictive detector opening or closing (risk) moves the walls' amber and the statistics' preventive figures.
const WALL: LiveTopic[] = ['warning', 'channel', 'equipment', 'order', 'board', 'risk'];
const STATS: LiveTopic[] = ['warning', 'equipment', 'order', 'risk'];

/** Keys as the screens and walls make them, with the topics that refresh them (as before the exact prefixes). */
const CASES: [string, QueryKey, LiveTopic[]][] = [
  ['wall statistics', groupAreaQueryOptions().queryKey, STATS],
  ['wall statistics of a project', groupDeviceQueryOptions(3).queryKey, STATS],
  ['statistics screen figures', statReportQueryOptions({ from: '2026-01-01', to: '2026-02-01', granularity: 'day' }).queryKey, STATS],
  ['alarm system health', alarmHealthQueryOptions({ from: '2026-01-01', to: '2026-01-07' }).queryKey, ['warning']],
  ['wall warning ticker', latestWarningsQueryOptions().queryKey, ['warning']],
  ['wall notice banner', currentNoticesQueryOptions().queryKey, ['notice']],
  ['project wall', projectWallQueryOptions(7).queryKey, WALL],
  ['alarm strip (urgent)', alarmsQueryOptions(7).queryKey, ['warning']],
  ['order list page', [...keysOf('order').list({ status: 'submitted' }), { page: 1, pageSize: 10 }], ['order']],
  ['open orders count on the overview', keysOf('order').view('open-count', 'submitted'), ['order']],
  ['report list page', [...keysOf('report').list({}), { page: 1, pageSize: 10 }], ['order']],
  ['equipment list page', [...keysOf('equipment').list({}), { page: 1, pageSize: 10 }], ['equipment']],
  ['equipment picker', keysOf('equipment').options(null, 'cn', { search: '' }), ['equipment']],
  ['board list and record', keysOf('detect').info(4), ['warning', 'channel', 'board']],
  ['warning list', keysOf('warning').list({}), ['warning']],
  ['units at risk list page', [...keysOf('risk').list({}), { page: 1, pageSize: 10 }], ['order', 'risk']],
  ['notice list', keysOf('content').list({}), ['notice']],
  ['my orders', myOrdersQueryOptions().queryKey, ['order']],
  ['notification bell (told to its user alone)', notificationsQueryOptions().queryKey, ['notification']],
  // Keys that merely contain a topic's word: nothing pushed changes them.
  ['wall session (what a token may see)', wallSessionQueryOptions('tok').queryKey, []],
  ['display tokens (path /wall/display-token)', displayTokensQueryOptions().queryKey, []],
  ['public project', publicProjectQueryOptions(7).queryKey, []],
  ['project picker searched for "warning stats wall"', [...keysOf('project').options('cn'), { search: 'warning stats wall' }], []],
  ['a table keyed by its filter', ['data-table', 1, '{"keyword":"warning"}', 'pager'], []],
  ['user list', keysOf('user').list({ name: 'wall' }), []],
];

describe('live keys: what each pushed topic refreshes', () => {
  it('every topic refreshes something, and every declared key refreshes on some topic', () => {
    for (const topic of LIVE_TOPICS) expect(LIVE_KEYS.filter((d) => d.on.includes(topic)), topic).not.toHaveLength(0);
    for (const d of LIVE_KEYS) {
      expect(d.prefix.length, JSON.stringify(d)).toBeGreaterThan(0);
      expect(d.on.length, JSON.stringify(d.prefix)).toBeGreaterThan(0);
    }
    // A resource that declares `live.refreshOn: []` is a key no topic refreshes.
    for (const r of RESOURCE_LIST) if (r.live?.refreshOn) expect(r.live.refreshOn.length, r.code).toBeGreaterThan(0);
  });

  it.each(CASES)('%s is refreshed by exactly its topics', (_name, key, topics) => {
    expect(topicsOf(key)).toEqual(LIVE_TOPICS.filter((t) => topics.includes(t)));
  });

  it('every declared key is the prefix of a key the client really makes (no dead declaration)', () => {
    const made = CASES.map(([, key]) => key);
    for (const d of LIVE_KEYS) expect(made.some((k) => isKeyOf(d.prefix, k)), JSON.stringify(d.prefix)).toBe(true);
  });

  it('an event on one topic does not refresh an unrelated query whose key contains the word', () => {
    expect(topicsOf(['warning-alarms-muted', 1])).toEqual([]);
    expect(topicsOf(resourceKeys('/sys/content-warning').list({}))).toEqual([]);
    expect(topicsOf(['/ball/fallwarning-archive', 'list'])).toEqual([]);
    expect(topicsOf(['wall', 'project'])).toEqual([]);
  });
});
