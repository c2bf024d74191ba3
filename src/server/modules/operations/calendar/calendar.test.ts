import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallCalendarEntry, fallProject } from '../../../db/schema';
import { seedProject } from '@tests/helpers/work-fixtures';

/**
 * The operating calendar through the API (docs/maintenance.md "Operating calendar"): what it refuses,
 * who may read and write it, the project's daily show time set from its programmes, a delete that
 * archives, and what the calendar and the project wall say now in the project's own zone.
 */
describe('the operating calendar', () => {
  let t: TestApp;
  let manager: string;
  let operator: string;
  let viewer: string;
  let berlin: number;
  let plain: number;
  const api = '/api/ball/fallcalendar';
  const save = (body: Record<string, unknown>, lang?: string, token = manager) => t.call('POST', `${api}/save`, { token, body, lang });
  const now = async (id: number, at: string, token = manager) => {
    const res = await t.call('GET', `${api}/now/${id}?at=${encodeURIComponent(at)}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const showTime = async (id: number) => (await t.database.db.select({ text: fallProject.dailyShowTime }).from(fallProject).where(eq(fallProject.id, id)))[0].text;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.tokenFor('manager');
    operator = await t.tokenFor('operator');
    viewer = await t.tokenFor('viewer');
    berlin = await seedProject(t, { name: 'Spree fountains', timeZone: 'Europe/Berlin', dailyShowTime: '18:00-19:00' });
    plain = await seedProject(t, { name: 'Lake cascade', timeZone: 'Asia/Shanghai', dailyShowTime: '19:30-21:00' });
  });
  afterAll(() => t.close());

  it('refuses an entry it cannot keep with a 400 naming the field, in both languages', async () => {
    const cases: [Record<string, unknown>, Record<string, string>, Record<string, string>][] = [
      [{ kind: 'programme', slots: [] }, { slots: 'A show programme needs at least one slot of hours' }, { slots: '演出计划至少需要一个时段' }],
      [{ kind: 'programme', slots: [{ days: [1], start: '19:00', end: '21:00' }], dateFrom: '2026-06-01' }, { dateTo: 'Give both dates or neither' }, { dateTo: '起止日期要么都填，要么都不填' }],
      [{ kind: 'season', dateFrom: '2026-12-10', dateTo: '2026-12-01' }, { dateTo: 'The end date cannot be before the start date' }, { dateTo: '结束日期不能早于开始日期' }],
      [{ kind: 'season', dateFrom: '2026-01-01', dateTo: '2027-01-02' }, { dateTo: 'A date range lasts at most 366 days' }, { dateTo: '日期范围最长 366 天' }],
      [{ kind: 'holiday', dateFrom: '2026-02-30', dateTo: '2026-03-01' }, { dateFrom: 'Use the form YYYY-MM-DD' }, { dateFrom: '日期格式应为 YYYY-MM-DD' }],
      [{ kind: 'event', dateFrom: '2026-05-01', timeFrom: '20:00', timeTo: '20:00' }, { timeTo: 'The end time cannot be the start time' }, { timeTo: '结束时间不能与开始时间相同' }],
      [{ kind: 'event', dateFrom: '2026-05-01', timeFrom: '25:00', timeTo: '21:00' }, { timeFrom: 'Use the form HH:mm, e.g. 08:30' }, { timeFrom: '时间格式应为 HH:mm，如 08:30' }],
    ];
    for (const [body, en, cn] of cases) {
      const english = await save({ projectId: berlin, name: 'X', ...body }, 'en');
      expect(english.status, JSON.stringify(body)).toBe(400);
      expect(english.body.data.fields, JSON.stringify(body)).toEqual(en);
      expect((await save({ projectId: berlin, name: 'X', ...body }, 'zh-CN')).body.data.fields).toEqual(cn);
    }
    const kind = await save({ projectId: berlin, name: 'X', kind: 'party' }, 'en');
    expect(kind.status).toBe(400);
    expect(Object.keys(kind.body.data.fields)).toEqual(['kind']);
    const missing = await save({ projectId: 999_999, name: 'X', kind: 'holiday', dateFrom: '2026-05-01', dateTo: '2026-05-01' }, 'en');
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.data.fields)).toEqual(['projectId']);
    expect(await t.database.db.select().from(fallCalendarEntry)).toEqual([]);
  });

  it('lets a manager write it and an operator read it; a viewer neither', async () => {
    const body = { projectId: plain, name: 'Mid-autumn', kind: 'holiday', dateFrom: '2026-09-25', dateTo: '2026-09-25' };
    expect((await save(body, 'en', operator)).status).toBe(403);
    expect((await save(body, 'en', viewer)).status).toBe(403);
    const ok = await save(body);
    expect(ok.status).toBe(200);
    expect((await t.call('POST', `${api}/list`, { token: operator, body: { projectId: plain, page: 1, limit: 10 } })).body.data.total).toBe(1);
    expect((await t.call('POST', `${api}/list`, { token: viewer, body: { page: 1, limit: 10 } })).status).toBe(403);
    // A project's page may ask what its calendar says now with the project's own right.
    expect((await t.call('GET', `${api}/now/${plain}`, { token: viewer })).status).toBe(200);
    expect((await t.call('GET', `${api}/now/abc`, { token: manager })).status).toBe(400);
    expect((await t.call('GET', `${api}/now/${plain}?at=yesterday`, { token: manager })).status).toBe(400);
    expect((await t.call('GET', `${api}/now/999999`, { token: manager })).status).toBe(404);
  });

  it('sets the daily show time from the programmes, refuses another text on the project, and keeps it by the project\'s own while it has none', async () => {
    // Without a programme the project's own daily show time stands for one.
    expect(await now(plain, '2026-06-02T12:00:00Z')).toMatchObject({ state: 'show', ownProgramme: false, until: '2026-06-02T13:00:00.000Z' });
    const evenings = await save({ projectId: berlin, name: 'Evenings', kind: 'programme', slots: [{ days: [1, 2, 3, 4, 5, 6, 7], start: '20:00', end: '21:00' }] });
    expect(evenings.status).toBe(200);
    expect(await showTime(berlin)).toBe('20:00-21:00');
    const late = await save({ projectId: berlin, name: 'Friday late', kind: 'programme', slots: [{ days: [5], start: '22:30', end: '23:15' }] });
    expect(await showTime(berlin)).toBe('20:00-21:00,22:30-23:15');
    const info = (await t.call('GET', `/api/ball/fallproject/info/${berlin}`, { token: manager })).body.data;
    // The form sends it back unchanged: fine. Another text is refused, naming the field.
    expect((await t.call('POST', '/api/ball/fallproject/update', { token: manager, body: { id: berlin, dailyShowTime: info.dailyShowTime, name: 'Spree fountains' } })).status).toBe(200);
    const other = await t.call('POST', '/api/ball/fallproject/update', { token: manager, body: { id: berlin, dailyShowTime: '18:00-19:00' }, lang: 'en' });
    expect(other.status).toBe(400);
    expect(other.body.data.fields.dailyShowTime).toMatch(/operating calendar/);
    // An update moves it; a delete archives the entry and the text follows the programmes left.
    expect((await t.call('POST', `${api}/update`, { token: manager, body: { id: late.body.data.id, slots: [{ days: [5, 6], start: '22:00', end: '23:00' }] } })).status).toBe(200);
    expect(await showTime(berlin)).toBe('20:00-21:00,22:00-23:00');
    expect((await t.call('POST', `${api}/update`, { token: manager, body: { id: late.body.data.id, slots: [] }, lang: 'en' })).body.data.fields).toEqual({ slots: 'A show programme needs at least one slot of hours' });
    expect((await t.call('POST', `${api}/delete`, { token: manager, body: [late.body.data.id] })).status).toBe(200);
    expect(await showTime(berlin)).toBe('20:00-21:00');
    const rows = await t.database.db.select({ id: fallCalendarEntry.id, archivedAt: fallCalendarEntry.archivedAt }).from(fallCalendarEntry).where(eq(fallCalendarEntry.id, late.body.data.id));
    expect(rows[0].archivedAt).not.toBeNull();
    expect((await t.call('GET', `${api}/info/${late.body.data.id}`, { token: manager })).status).toBe(404);
    // A project without programmes takes its own text again.
    expect((await t.call('POST', '/api/ball/fallproject/update', { token: manager, body: { id: plain, dailyShowTime: '19:00-20:30' } })).status).toBe(200);
    expect(evenings.body.data.id).toBeGreaterThan(0);
  });

  it('says in show, idle or closed in the project\'s zone, across a season and an event, and the project wall says the same', async () => {
    await save({ projectId: berlin, name: 'Winter', kind: 'season', dateFrom: '2026-12-01', dateTo: '2027-02-28' });
    await save({ projectId: berlin, name: 'New Year', kind: 'event', dateFrom: '2026-12-31', timeFrom: '23:30', timeTo: '00:30' });
    // 20:30 CEST on a June evening is 18:30Z: in show until 21:00 CEST.
    expect(await now(berlin, '2026-06-10T18:30:00Z')).toMatchObject({ state: 'show', until: '2026-06-10T19:00:00.000Z', closedBy: null, timeZone: 'Europe/Berlin', ownProgramme: true });
    expect(await now(berlin, '2026-06-10T12:00:00Z')).toMatchObject({ state: 'idle', until: '2026-06-10T18:00:00.000Z', show: { start: '2026-06-10T18:00:00.000Z', end: '2026-06-10T19:00:00.000Z' } });
    // In the season the next show is the New Year's event (23:30 CET = 22:30Z), then closed to 1 March.
    const december = await now(berlin, '2026-12-15T19:30:00Z');
    expect(december).toMatchObject({ state: 'closed', closedBy: { kind: 'season', name: 'Winter' }, until: '2026-12-31T22:30:00.000Z', show: { start: '2026-12-31T22:30:00.000Z', end: '2026-12-31T23:30:00.000Z' } });
    expect((await now(berlin, '2026-12-31T23:00:00Z')).state).toBe('show');
    expect(await now(berlin, '2027-01-10T12:00:00Z')).toMatchObject({ state: 'closed', until: '2027-02-28T23:00:00.000Z', show: { start: '2027-03-01T19:00:00.000Z' } });
    const wall = await t.call('GET', `/api/wall/project/${berlin}`, { token: manager });
    expect(wall.status).toBe(200);
    // The wall's show state is at the wall's own instant: one answer, one `at`.
    const direct = await now(berlin, wall.body.data.at);
    expect({ ...wall.body.data.show, at: wall.body.data.at }).toEqual(direct);
    // A public project's page says the same to a visitor without a session.
    await t.database.db.update(fallProject).set({ isPublic: true }).where(eq(fallProject.id, berlin));
    const visitor = await t.call('GET', `/api/public/project/${berlin}`);
    expect(visitor.status).toBe(200);
    expect({ ...visitor.body.data.show, at: visitor.body.data.at }).toEqual(await now(berlin, visitor.body.data.at));
    expect(visitor.body.data.show).toMatchObject({ timeZone: 'Europe/Berlin', ownProgramme: true });
  });
});
