import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallEqInfo, fallOrder, fallOrderCount, ossFile } from '../../../db/schema';
import { dailyNumberPrefix } from '../../../lib/daily-number';
import { seedEquipment, seedFile, seedProject } from '@tests/helpers/work-fixtures';
import ExcelJS from 'exceljs';
import { serverText } from '@shared/server-text';

describe('fall/order', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  let otherProject: number;
  let pump: number;
  let foreignPump: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    projectId = await seedProject(t, { name: 'Lakeside fountain' });
    otherProject = await seedProject(t);
    pump = await seedEquipment(t, projectId, 'Pump A');
    foreignPump = await seedEquipment(t, otherProject, 'Pump Z');
  });
  afterAll(() => t.close());

  const save = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/ball/fallorder/save', { token, body });

  it('numbers, saves with files, and reads back by path and by query id', async () => {
    const file = await seedFile(t, 'fall_order');
    const res = await save({ name: 'Nozzle clogged', projectId, equipmentId: pump, priority: 'high', files: [file], submitter: 'Li Wei', contact: '13800000000' });
    expect(res.status).toBe(200);
    expect(res.body.data.number).toMatch(new RegExp(`^${dailyNumberPrefix('WO', new Date())}\\d{4}$`));
    const id = res.body.data.id;
    const byPath = await t.call('GET', `/api/ball/fallorder/info/${id}`, { token: admin });
    expect(byPath.body.data).toMatchObject({ id, name: 'Nozzle clogged', status: 'submitted', source: 'manual', priority: 'high', projectName: 'Lakeside fountain', equipmentName: 'Pump A', files: [file], reports: [] });
    const byQuery = await t.call('GET', `/api/ball/fallorder/info?id=${id}`, { token: admin });
    expect(byQuery.body.data.number).toBe(byPath.body.data.number);
    const [f] = await t.database.db.select().from(ossFile).where(eq(ossFile.id, file));
    expect(f).toMatchObject({ ownerType: 'fall_order', ownerId: id });
    // a file owned by another record cannot be attached
    const stolen = await save({ name: 'Copy', projectId, files: [file] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.data.fields).toEqual({ files: 'The file does not exist or cannot be used here' });
    expect((await t.call('GET', '/api/ball/fallorder/info/999999', { token: admin })).status).toBe(404);
  });

  it('refuses equipment of another project and bad input with field messages in the caller language', async () => {
    const wrong = await save({ name: 'x', projectId, equipmentId: foreignPump });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields).toEqual({ equipmentId: 'The equipment does not belong to the chosen project' });
    const bad = await t.call('POST', '/api/ball/fallorder/save', { token: admin, body: { name: '', priority: 'whenever', status: 'closed' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({ name: 'This field is required', projectId: 'This field is required', priority: 'Invalid value', status: 'Unknown field' });
    const cn = await t.call('POST', '/api/ball/fallorder/save', { token: admin, body: { name: '', projectId }, lang: 'zh-CN' });
    expect(cn.body.data.fields.name).toBe('必填项');
    const before = await t.database.db.select().from(fallOrder);
    const badFile = await save({ name: 'Half written?', projectId, files: [987654] });
    expect(badFile.status).toBe(400);
    expect((await t.database.db.select().from(fallOrder)).length).toBe(before.length);
  });

  it('takes an empty submission time (what a cleared date picker sends) as now on save, and as unchanged on update', async () => {
    const before = Date.now();
    for (const submittedAt of [null, '']) {
      const res = await save({ name: 'Submitted just now', projectId, submittedAt });
      expect(res.status).toBe(200);
      const info = await t.call('GET', `/api/ball/fallorder/info/${res.body.data.id}`, { token: admin });
      expect(new Date(info.body.data.submittedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    const { body } = await save({ name: 'Submitted last spring', projectId, submittedAt: '2024-04-01T08:00:00Z' });
    const up = await t.call('POST', '/api/ball/fallorder/update', { token: admin, body: { id: body.data.id, name: 'Renamed', submittedAt: null } });
    expect(up.status).toBe(200);
    const info = await t.call('GET', `/api/ball/fallorder/info/${body.data.id}`, { token: admin });
    expect(info.body.data).toMatchObject({ name: 'Renamed', submittedAt: '2024-04-01T08:00:00.000Z' });
    const bad = await save({ name: 'When?', projectId, submittedAt: 'yesterday-ish' });
    expect(bad.body.data.fields).toEqual({ submittedAt: 'Invalid value' });
  });

  it('gives 10 parallel saves 10 distinct numbers of the day', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => save({ name: `Parallel ${i}`, projectId })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = results.map((r) => r.body.data.number as string);
    expect(new Set(numbers).size).toBe(10);
    const seqs = numbers.map((n) => Number(n.split('-')[2])).sort((a, b) => a - b);
    expect(seqs[9] - seqs[0]).toBe(9);
  });

  it('moves through accept and close and refuses illegal transitions', async () => {
    const { body } = await save({ name: 'Light out', projectId });
    const id = body.data.id;
    const close = (token = admin) => t.call('POST', '/api/ball/fallorder/close', { token, body: { id } });
    const accept = () => t.call('POST', '/api/ball/fallorder/accept', { token: admin, body: { id } });
    expect((await accept()).body.data.status).toBe('accepted');
    const again = await accept();
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe("This is not allowed in the order's current status");
    // an order under repair is finished by a report, not closed
    await t.database.db.update(fallOrder).set({ status: 'repairing' }).where(eq(fallOrder.id, id));
    expect((await close()).status).toBe(400);
    await t.database.db.update(fallOrder).set({ status: 'completed' }).where(eq(fallOrder.id, id));
    expect((await close()).body.data.status).toBe('closed');
    expect((await close()).status).toBe(400);
    const edit = await t.call('POST', '/api/ball/fallorder/update', { token: admin, body: { id, name: 'Too late' } });
    expect(edit.status).toBe(400);
    expect((await t.call('POST', '/api/ball/fallorder/accept', { token: admin, body: { id: 999999 } })).status).toBe(404);
  });

  it('updates fields, checks equipment against the project, and deletes', async () => {
    const { body } = await save({ name: 'Valve leak', projectId });
    const id = body.data.id;
    const up = await t.call('POST', '/api/ball/fallorder/update', { token: admin, body: { id, equipmentId: pump, priority: 'urgent' } });
    expect(up.status).toBe(200);
    const info = await t.call('GET', `/api/ball/fallorder/info/${id}`, { token: admin });
    expect(info.body.data).toMatchObject({ name: 'Valve leak', equipmentId: pump, priority: 'urgent' });
    const wrong = await t.call('POST', '/api/ball/fallorder/update', { token: admin, body: { id, equipmentId: foreignPump } });
    expect(wrong.status).toBe(400);
    const moved = await t.call('POST', '/api/ball/fallorder/update', { token: admin, body: { id, projectId: otherProject } });
    expect(moved.body.data.fields).toEqual({ equipmentId: 'The equipment does not belong to the chosen project' });
    expect((await t.call('POST', '/api/ball/fallorder/delete', { token: admin, body: [id] })).body.data).toEqual({ deleted: 1 });
    expect((await t.call('POST', '/api/ball/fallorder/delete', { token: admin, body: [] })).status).toBe(400);
  });

  it('lists with filters, sorts, names, exact totals and the picker shape', async () => {
    const p = await seedProject(t, { name: 'List park', nameEn: 'List Park (en)' });
    const eq1 = await seedEquipment(t, p, 'Jet 1');
    const rows = [
      { name: 'Alpha pump noise', priority: 'low', submittedAt: '2024-03-01T08:00:00Z' },
      { name: 'Beta light', priority: 'urgent', submittedAt: '2024-03-02T08:00:00Z', equipmentId: eq1 },
      { name: 'alpha valve', priority: 'high', submittedAt: '2024-03-03T08:00:00Z' },
    ];
    const ids: number[] = [];
    for (const r of rows) ids.push((await save({ ...r, projectId: p })).body.data.id);
    await t.call('POST', '/api/ball/fallorder/accept', { token: admin, body: { id: ids[1] } });
    const list = (body: Record<string, unknown>) => t.call('POST', '/api/ball/fallorder/list', { token: admin, body: { page: 1, limit: 10, projectId: p, ...body } });

    const all = await list({});
    expect(all.body.data).toMatchObject({ total: 3, totalExact: true, pages: 1 });
    expect(all.body.data.list.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(all.body.data.list[1]).toMatchObject({ projectName: 'List park', projectNameEn: 'List Park (en)', equipmentName: 'Jet 1' });
    expect(all.body.data.list[0]).not.toHaveProperty('priorityRank');
    expect((await list({ sort: 'priority', order: 'desc' })).body.data.list.map((r: { priority: string }) => r.priority)).toEqual(['urgent', 'high', 'low']);
    expect((await list({ sort: 'submittedAt', order: 'asc' })).body.data.list[0].id).toBe(ids[0]);
    expect((await list({ sort: 'number', order: 'asc' })).body.data.list.map((r: { id: number }) => r.id)).toEqual(ids);
    expect((await list({ status: 'accepted' })).body.data.list.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    expect((await list({ keyword: 'ALPHA' })).body.data.total).toBe(2);
    const number = all.body.data.list[0].number as string;
    expect((await list({ keyword: number.toLowerCase() })).body.data.list.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    expect((await list({ keyword: '100%' })).body.data.total).toBe(0);
    expect((await list({ equipmentId: eq1 })).body.data.total).toBe(1);
    expect((await list({ submittedFrom: '2024-03-02T00:00:00Z', submittedTo: '2024-03-02T23:59:59Z' })).body.data.total).toBe(1);
    expect((await list({ priority: 'high', status: '' })).body.data.total).toBe(1);
    expect((await list({ status: 'nope' })).status).toBe(400);

    const picker = await t.call('POST', '/api/ball/fallorder/listAll', { token: admin, body: { title: 1, projectId: p } });
    expect(picker.body.data).toHaveLength(3);
    expect(Object.keys(picker.body.data[0]).sort()).toEqual(['id', 'name', 'number']);
    const full = await t.call('POST', '/api/ball/fallorder/listAll', { token: admin, body: { projectId: p } });
    expect(full.body.data[0]).toHaveProperty('projectName', 'List park');
  });

  it('keeps the per-status counters that serve unfiltered totals in step with the table', async () => {
    const counted = async () => {
      const res = await t.call('POST', '/api/ball/fallorder/list', { token: admin, body: { page: 1, limit: 1 } });
      return res.body.data.total as number;
    };
    const actual = async () => (await t.database.db.select({ id: fallOrder.id }).from(fallOrder)).length;
    expect(await counted()).toBe(await actual());
    const { body } = await save({ name: 'Counter check', projectId });
    await t.call('POST', '/api/ball/fallorder/accept', { token: admin, body: { id: body.data.id } });
    expect(await counted()).toBe(await actual());
    const accepted = await t.call('POST', '/api/ball/fallorder/list', { token: admin, body: { page: 1, limit: 1, status: 'accepted' } });
    const acceptedRows = await t.database.db.select({ id: fallOrder.id }).from(fallOrder).where(eq(fallOrder.status, 'accepted'));
    expect(accepted.body.data).toMatchObject({ total: acceptedRows.length, totalExact: true });
    await t.call('POST', '/api/ball/fallorder/delete', { token: admin, body: [body.data.id] });
    expect(await counted()).toBe(await actual());
    const counters = await t.database.db.select().from(fallOrderCount).where(inArray(fallOrderCount.status, ['submitted', 'accepted']));
    expect(counters.every((c) => c.n >= 0)).toBe(true);
  });

  it('estimates totals past the cap and says so', async () => {
    const p = await seedProject(t);
    await t.database.query(
      `INSERT INTO fall_order (number, name, project_id, priority, submitted_at)
       SELECT 'WO-19990101-' || lpad(g::text, 5, '0'), 'Bulk ' || g, $1, 'low', now() - (g || ' minutes')::interval FROM generate_series(1, 5200) g`,
      [p],
    );
    await t.database.query('ANALYZE fall_order');
    const res = await t.call('POST', '/api/ball/fallorder/list', { token: admin, body: { page: 2, limit: 10, projectId: p } });
    expect(res.body.data.totalExact).toBe(false);
    expect(res.body.data.total).toBeGreaterThan(5000);
    expect(res.body.data.list).toHaveLength(10);
    // the day's sequence continues past 9999
    const next = await t.call('POST', '/api/ball/fallorder/list', { token: admin, body: { page: 1, limit: 1, keyword: 'WO-19990101-05200' } });
    expect(next.body.data.total).toBe(1);
  });

  it.each([
    ['POST', '/api/ball/fallorder/list', { page: 1, limit: 10 }, 'fall-order#info'],
    ['POST', '/api/ball/fallorder/listAll', { title: 1 }, 'fall-order#info'],
    ['GET', '/api/ball/fallorder/info/1', undefined, 'fall-order#list'],
    ['GET', '/api/ball/fallorder/info?id=1', undefined, 'fall-order#list'],
    ['POST', '/api/ball/fallorder/save', { name: 'x', projectId: 1 }, 'fall-order#update'],
    ['POST', '/api/ball/fallorder/update', { id: 1, name: 'x' }, 'fall-order#save'],
    ['POST', '/api/ball/fallorder/accept', { id: 1 }, 'fall-order#update'],
    ['POST', '/api/ball/fallorder/close', { id: 1 }, 'fall-order#accept'],
    ['POST', '/api/ball/fallorder/delete', [1], 'fall-order#update'],
    ['POST', '/api/ball/fallorder/export', { columns: [{ prop: 'number', label: 'No' }] }, 'fall-order#list'],
  ] as const)('%s %s: 401 without a token, 403 without its permission', async (method, url, body, otherPerm) => {
    expect((await t.call(method, url, { body })).status).toBe(401);
    const { token } = await t.userWith([otherPerm]);
    expect((await t.call(method, url, { token, body })).status).toBe(403);
  });

  it('lets an operator with the exact permissions work, and exports the filtered list', async () => {
    const { token } = await t.userWith(['fall-order#save', 'fall-order#export']);
    const res = await save({ name: 'Operator order', projectId }, token);
    expect(res.status).toBe(200);
    const csv = await t.call('POST', '/api/ball/fallorder/export', {
      token,
      body: { keyword: res.body.data.number, format: 'csv', columns: [{ prop: 'number', label: 'Number' }, { prop: 'projectName', label: 'Project' }] },
    });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toEqual(['Number,Project', `${res.body.data.number},Lakeside fountain`]);
  });

  it('exports labels, not codes, and names in the caller’s language (csv and xlsx)', async () => {
    const lake = await seedProject(t, { name: '西湖音乐喷泉', nameEn: 'West Lake musical fountain' });
    const [unit] = await t.database.db.insert(fallEqInfo).values({ name: '一号水泵', nameEn: 'Pump one', projectId: lake }).returning({ id: fallEqInfo.id });
    const manual = (await save({ name: '喷嘴堵塞', projectId: lake, equipmentId: unit.id, priority: 'urgent' })).body.data.number as string;
    // An automatic order's name is the warning's stored message, as the list shows it.
    const name = serverText('text.switchFault', { board: '检测板1', boardEn: 'Board 1', ch: 3, label: '', labelEn: '' });
    const [auto] = await t.database.db
      .insert(fallOrder)
      .values({ number: `${manual}-A`, name, projectId: lake, priority: 'high', source: 'warning', status: 'accepted', submitter: 'system' })
      .returning({ number: fallOrder.number });
    const columns = ['number', 'name', 'projectName', 'equipmentName', 'priority', 'status', 'source'].map((prop) => ({ prop, label: prop }));
    const csv = async (lang: string) => {
      const res = await t.call('POST', '/api/ball/fallorder/export', { token: admin, lang, body: { projectId: lake, sort: 'number', order: 'asc', format: 'csv', columns } });
      expect(res.status).toBe(200);
      return String(res.body).replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    };
    expect(await csv('en')).toEqual([
      `${manual},喷嘴堵塞,West Lake musical fountain,Pump one,Urgent,Submitted,Manual`,
      `${auto.number},Board 1 CH3: switch fault (1),West Lake musical fountain,,High,Accepted,From a warning`,
    ]);
    expect(await csv('zh-CN,zh;q=0.9')).toEqual([
      `${manual},喷嘴堵塞,西湖音乐喷泉,一号水泵,紧急,已提交,人工提交`,
      `${auto.number},检测板1 CH3：开关量故障（1）,西湖音乐喷泉,,高,已受理,告警生成`,
    ]);
    const xlsx = await t.app.inject({
      method: 'POST', url: '/api/ball/fallorder/export', headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
      payload: { projectId: lake, sort: 'number', order: 'asc', format: 'xlsx', columns },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].getRow(2).values).toEqual([undefined, manual, '喷嘴堵塞', 'West Lake musical fountain', 'Pump one', 'Urgent', 'Submitted', 'Manual']);
  });

  it('finds an automatic order by the name the screen shows, in either language, and a manual one by its own', async () => {
    const site = await seedProject(t, { name: '搜索喷泉', nameEn: 'Search fountain' });
    const stored = (board: string, boardEn: string, ch: number) => serverText('text.switchFault', { board, boardEn, ch, label: '', labelEn: '' });
    const insert = async (number: string, name: string) => {
      await t.database.db.insert(fallOrder).values({ number, name, projectId: site, source: 'warning', submitter: 'system' });
    };
    await insert('WO-SEARCH-1', stored('检测板7', 'Board 7', 2));
    await insert('WO-SEARCH-2', stored('检测板8', 'Board 8', 5));
    // Written by jsonb (a space after each colon), as the demo's seed writes it.
    await insert('WO-SEARCH-3', `[[text.analogOut]]{"ch": 4, "max": 10, "min": 2, "board": "检测板9", "label": "", "analog": 12.5, "boardEn": "Board 9", "labelEn": ""}`);
    await save({ name: 'Board room lights', projectId: site });
    const found = async (keyword: string, lang = 'en') =>
      ((await t.call('POST', '/api/ball/fallorder/list', { token: admin, lang, body: { projectId: site, keyword, page: 1, limit: 20 } })).body.data.list as { name: string }[]).map((o) => o.name).sort();
    expect(await found('Board 7 CH2: switch')).toEqual(['Board 7 CH2: switch fault (1)']);
    expect(await found('board 9 ch4: analog 12.5')).toEqual(['Board 9 CH4: analog 12.5 outside 2–10']);
    expect(await found('Board')).toEqual(['Board 7 CH2: switch fault (1)', 'Board 8 CH5: switch fault (1)', 'Board 9 CH4: analog 12.5 outside 2–10', 'Board room lights']);
    // The Chinese reading, found from either screen.
    expect(await found('检测板8 CH5：开关量', 'zh-CN')).toEqual(['检测板8 CH5：开关量故障（1）']);
    expect(await found('检测板', 'en')).toHaveLength(3);
    // The stored form itself is no name anyone sees.
    expect(await found('[[text')).toEqual([]);
    expect(await found('switchFault')).toEqual([]);
  });

  // One model of equipment state (docs/invariants.md): an open order holds its unit in maintenance,
  // closing the last one lets it go back to normal.
  it('holds the equipment in maintenance while an order on it is open, and lets it go when they close', async () => {
    const unit = await seedEquipment(t, projectId, 'Pump M');
    const state = async () => (await t.database.db.select().from(fallEqInfo).where(eq(fallEqInfo.id, unit)))[0].state;
    expect(await state()).toBe('normal');
    const first = (await save({ name: 'Bearing noise', projectId, equipmentId: unit })).body.data.id as number;
    const second = (await save({ name: 'Cable check', projectId, equipmentId: unit })).body.data.id as number;
    expect(await state()).toBe('maintenance');
    await t.call('POST', '/api/ball/fallorder/close', { token: admin, body: { id: first } });
    expect(await state()).toBe('maintenance');
    await t.call('POST', '/api/ball/fallorder/close', { token: admin, body: { id: second } });
    expect(await state()).toBe('normal');
  });

  it('never gives a number twice, the newest order deleted or not (issue 37)', async () => {
    const number = async (name: string) => {
      const res = await save({ name, projectId });
      expect(res.status).toBe(200);
      return { id: res.body.data.id as number, number: res.body.data.number as string };
    };
    const seq = (n: string) => Number(n.split('-')[2]);
    const first = await number('Numbered 1');
    const newest = await number('Numbered 2');
    expect(seq(newest.number)).toBe(seq(first.number) + 1);
    expect((await t.call('POST', '/api/ball/fallorder/delete', { token: admin, body: [newest.id] })).body.data).toEqual({ deleted: 1 });
    const next = await number('Numbered 3');
    expect(next.number).not.toBe(newest.number);
    expect(seq(next.number)).toBe(seq(newest.number) + 1);
    // Every order of the day deleted: still onwards.
    expect((await t.call('POST', '/api/ball/fallorder/delete', { token: admin, body: [first.id, next.id] })).status).toBe(200);
    const after = await number('Numbered 4');
    expect(seq(after.number)).toBe(seq(next.number) + 1);
  });
});
