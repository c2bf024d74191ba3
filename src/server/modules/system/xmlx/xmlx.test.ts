import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallProject } from '../../../db/schema';
import { itChecksAccess } from '@tests/helpers/guard-cases';
import { parseCsv } from './xmlx.import';

/** A multipart/form-data body with one file part. */
function multipart(filename: string, data: Buffer) {
  const boundary = `----cascade${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('types');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('sys/xmlx', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());

  const upload = async (filename: string, data: Buffer, query = '', token = admin, lang = 'en') => {
    const { payload, contentType } = multipart(filename, data);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sys/xmlx/upload${query}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': lang },
      payload,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };

  itChecksAccess(() => t, [
    { method: 'GET', url: '/api/sys/xmlx/listAll', perm: 'sys-xmlx#list' },
    { method: 'GET', url: '/api/sys/xmlx/info/999999', perm: 'sys-xmlx#info', okStatus: 404 },
    { method: 'POST', url: '/api/sys/xmlx/save', perm: 'sys-xmlx#save', body: { xmbm: 'GUARD', xmmc: 'Guard' } },
    { method: 'POST', url: '/api/sys/xmlx/update', perm: 'sys-xmlx#update', body: { id: 999999, xmmc: 'x' }, okStatus: 404 },
    { method: 'GET', url: '/api/sys/xmlx/delete/999999', perm: 'sys-xmlx#delete', okStatus: 404 },
  ]);

  it('upload: 401 without a token, 403 without sys-xmlx#upload (before reading the file)', async () => {
    const data = Buffer.from('xmbm,xmmc\nA,B\n');
    const { payload, contentType } = multipart('t.csv', data);
    const anon = await t.app.inject({ method: 'POST', url: '/api/sys/xmlx/upload', headers: { 'content-type': contentType }, payload });
    expect(anon.statusCode).toBe(401);
    const other = await t.userWith(['sys-xmlx#save']);
    expect((await upload('t.csv', data, '?dryRun=1', other.token)).status).toBe(403);
    const holder = await t.userWith(['sys-xmlx#upload']);
    expect((await upload('t.csv', data, '?dryRun=1', holder.token)).body.data).toMatchObject({ dryRun: true, total: 1, inserted: 1 });
  });

  it('saves a tree, lists it flat with a filter, refuses duplicates, unknown parents, cycles and parents with children', async () => {
    const save = (body: Record<string, unknown>) => t.call('POST', '/api/sys/xmlx/save', { token: admin, body });
    const root = (await save({ xmbm: 'PARK', xmmc: 'Parks', sort: 1 })).body.data.id;
    const child = (await save({ pid: root, xmbm: 'PARK-CITY', xmmc: 'City parks' })).body.data.id;
    const grand = (await save({ pid: child, xmbm: 'PARK-CITY-S', xmmc: 'Small city parks' })).body.data.id;
    expect((await save({ xmbm: 'PARK', xmmc: 'Again' })).status).toBe(409);
    const unknown = await save({ pid: 999999, xmbm: 'ORPHAN', xmmc: 'Orphan' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields).toEqual({ pid: 'The parent code does not exist' });
    const bad = await save({ xmbm: 'has space', xmmc: '' });
    expect(bad.body.data.fields).toEqual({ xmbm: 'Invalid value', xmmc: 'This field is required' });

    const all = await t.call('GET', '/api/sys/xmlx/listAll', { token: admin });
    expect(all.body.data).toEqual(expect.arrayContaining([{ id: child, pid: root, xmbm: 'PARK-CITY', xmmc: 'City parks', xmmcEn: '', sort: 0 }]));
    const filtered = await t.call('GET', '/api/sys/xmlx/listAll?xmmc=small', { token: admin });
    expect(filtered.body.data.map((r: { id: number }) => r.id)).toEqual([grand]);

    const cycle = await t.call('POST', '/api/sys/xmlx/update', { token: admin, body: { id: root, pid: grand } });
    expect(cycle.status).toBe(400);
    expect(cycle.body.data.fields).toEqual({ pid: 'The parent cannot be the item itself or one of its children' });
    expect((await t.call('POST', '/api/sys/xmlx/update', { token: admin, body: { id: child, xmbm: 'PARK' } })).status).toBe(409);

    const refused = await t.call('GET', `/api/sys/xmlx/delete/${child}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Delete its children first');

    // A renamed code follows into the projects that use it; a used type cannot be deleted.
    await t.database.db.insert(fallProject).values({ name: 'Lake show', uniqueKey: 'lake-show', projectType: 'PARK-CITY-S' });
    await t.call('POST', '/api/sys/xmlx/update', { token: admin, body: { id: grand, xmbm: 'PARK-SMALL' } });
    const [project] = await t.database.db.select({ projectType: fallProject.projectType }).from(fallProject);
    expect(project.projectType).toBe('PARK-SMALL');
    expect((await t.call('GET', `/api/sys/xmlx/delete/${grand}`, { token: admin })).body.msg).toBe('It is in use and cannot be deleted');
    await t.database.db.delete(fallProject);
    expect((await t.call('GET', `/api/sys/xmlx/delete/${grand}`, { token: admin })).body.data).toEqual({ deleted: 1 });
    expect((await t.call('GET', `/api/sys/xmlx/info/${grand}`, { token: admin })).status).toBe(404);
    // The GET delete still lands in the operation log.
    const log = await t.call('POST', '/api/sys/log/list', { token: admin, body: { module: 'sys/xmlx', page: 1, limit: 10 } });
    expect(log.body.data.list).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'delete', target: String(grand) })]));
  });

  it('imports a 1,000-row sheet with exactly 3 bad rows: reports those rows, imports 997, and a second import changes nothing', async () => {
    // 997 good rows: 10 roots with 987 children, the children BEFORE their parents in the sheet.
    const good: (string | number)[][] = [];
    for (let r = 0; r < 10; r++) for (let c = 0; c < (r === 9 ? 96 : 99); c++) good.push([`T${r}-${c}`, `Type ${r}.${c}`, `T${r}`, c]);
    for (let r = 0; r < 10; r++) good.push([`T${r}`, `Type ${r}`, '', r]);
    expect(good).toHaveLength(997);
    const data = [...good];
    // Sheet row = data index + 2 (the header is row 1).
    data.splice(499, 0, ['', 'No code', 'T1', 1]); // row 501: code missing
    data.splice(699, 0, ['T5-3', 'Twice', 'T5', 1]); // row 701: code already in the sheet
    data.splice(999, 0, ['LOST', 'Lost child', 'NOWHERE', 1]); // row 1001: unknown parent
    expect(data).toHaveLength(1000);
    const sheet = await xlsxOf([['xmbm', 'xmmc', 'pxmbm', 'sort'], ...data]);

    const dry = await upload('types.xlsx', sheet, '?dryRun=1');
    expect(dry.status).toBe(200);
    const expectedErrors = [
      { row: 501, field: 'xmbm', message: 'This field is required' },
      { row: 701, field: 'xmbm', message: 'The code appears twice in the sheet' },
      { row: 1001, field: 'pxmbm', message: 'The parent code does not exist' },
    ];
    expect(dry.body.data).toMatchObject({ dryRun: true, total: 1000, inserted: 997, updated: 0, unchanged: 0, errors: expectedErrors });
    expect((await t.call('GET', '/api/sys/xmlx/listAll?xmmc=Type', { token: admin })).body.data).toHaveLength(0);

    const first = await upload('types.xlsx', sheet);
    expect(first.body.data).toMatchObject({ dryRun: false, total: 1000, inserted: 997, updated: 0, unchanged: 0, errors: expectedErrors });
    expect(parseCsv(first.body.data.errorsCsv)).toEqual([
      ['row', 'field', 'message'],
      ['501', 'xmbm', 'This field is required'],
      ['701', 'xmbm', 'The code appears twice in the sheet'],
      ['1001', 'pxmbm', 'The parent code does not exist'],
    ]);
    const all = (await t.call('GET', '/api/sys/xmlx/listAll?xmmc=Type', { token: admin })).body.data as { id: number; pid: number; xmbm: string }[];
    expect(all).toHaveLength(997);
    const byCode = new Map(all.map((r) => [r.xmbm, r]));
    expect(byCode.get('T3-7')!.pid).toBe(byCode.get('T3')!.id);
    expect(byCode.get('T3')!.pid).toBe(0);

    const second = await upload('types.xlsx', sheet);
    expect(second.body.data).toMatchObject({ total: 1000, inserted: 0, updated: 0, unchanged: 997, errors: expectedErrors });
  }, 120_000);

  it('imports csv with quoted fields, updates changed rows, reports cycles and refuses other files', async () => {
    const csv = (text: string) => Buffer.from('\uFEFF' + text);
    const first = await upload('a.csv', csv('xmbm,xmmc,pxmbm,sort\r\nC-ROOT,"Root, with comma",,1\r\nC-LEAF,"Leaf ""quoted""",C-ROOT,2\r\n'));
    expect(first.body.data).toMatchObject({ total: 2, inserted: 2, errors: [], errorsCsv: '' });
    const again = await upload('a.csv', csv('xmbm,xmmc,pxmbm,sort\r\nC-ROOT,"Root, with comma",,1\r\nC-LEAF,Leaf renamed,C-ROOT,2\r\n'));
    expect(again.body.data).toMatchObject({ total: 2, inserted: 0, updated: 1, unchanged: 1 });
    const info = await t.call('GET', '/api/sys/xmlx/listAll?xmmc=renamed', { token: admin });
    expect(info.body.data[0]).toMatchObject({ xmbm: 'C-LEAF', xmmc: 'Leaf renamed' });
    // C-ROOT under C-LEAF while C-LEAF is under C-ROOT: a cycle, reported, nothing written for it.
    const cycle = await upload('c.csv', csv('xmbm,xmmc,pxmbm,sort\nC-ROOT,Root,C-LEAF,1\n'), '', admin, 'zh-CN');
    expect(cycle.body.data.errors).toEqual([{ row: 2, field: 'pxmbm', message: '上级不能是自身或其下级' }]);
    expect(cycle.body.data.inserted + cycle.body.data.updated).toBe(0);

    const wrongType = await upload('a.txt', Buffer.from('hello'));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.msg).toBe('Upload an xlsx or csv file');
    const header = await upload('h.csv', csv('code;name\nA;B\n'));
    expect(header.body.msg).toBe('The header row must have xmbm, xmmc, pxmbm and sort');
    const notXlsx = await upload('fake.xlsx', Buffer.from('not a zip'));
    expect(notXlsx.status).toBe(400);
    const notMultipart = await t.call('POST', '/api/sys/xmlx/upload', { token: admin, body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
  });
});
