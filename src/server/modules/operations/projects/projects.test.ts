import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallProject, ossFile, sysDictionary } from '../../../db/schema';
import { verifyPassword } from '../../../lib/password';
import { purgeOrphanFiles } from '../../files';
import { PDF_BYTES, pngBytes, upload } from '@tests/helpers/file-uploads';

const SECRET = 'sk-live-7f3a9c2e51d04b88';

describe('fall/project', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());

  const base = '/api/ball/fallproject';
  const sample = (over: Record<string, unknown> = {}) => ({
    name: '西湖音乐喷泉',
    nameEn: 'West Lake Musical Fountain',
    area: 'east',
    country: '中国',
    city: '杭州',
    controlMode: 'music',
    longitude: 120.155,
    latitude: 30.25,
    totalArea: 3200,
    powerConsumption: 850,
    runTime: 3,
    status: 'A',
    isRdm: true,
    dailyShowTime: '19:00-22:00',
    uniqueKey: 'HZ-WESTLAKE',
    waterType: 'musical',
    cameraAppKey: 'ak-001',
    cameraAppSecret: SECRET,
    ...over,
  });

  it('saves, lists with filters, shows, updates and deletes a project', async () => {
    const saved = await t.call('POST', `${base}/save`, { token: admin, body: sample() });
    expect(saved.status).toBe(200);
    const id = saved.body.data.id;
    await t.call('POST', `${base}/save`, { token: admin, body: sample({ name: 'Dubai Fountain', uniqueKey: 'DXB-1', status: 'C', area: 'overseas', waterType: 'fountain' }) });
    const list = await t.call('POST', `${base}/list`, { token: admin, body: { status: 'A', page: 1, limit: 10 } });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id, name: '西湖音乐喷泉', nameCn: '西湖音乐喷泉', hasCameraSecret: true, uniqueKey: 'HZ-WESTLAKE' });
    const byKeyword = await t.call('POST', `${base}/list`, { token: admin, body: { keyword: 'dubai', page: 1, limit: 10 } });
    expect(byKeyword.body.data.list.map((r: { name: string }) => r.name)).toEqual(['Dubai Fountain']);
    const info = await t.call('GET', `${base}/info/${id}`, { token: admin });
    expect(info.body.data).toMatchObject({ longitude: 120.155, latitude: 30.25, dailyShowTime: '19:00-22:00', waterType: 'musical' });
    const upd = await t.call('POST', `${base}/update`, { token: admin, body: { id, status: 'B', city: 'Hangzhou' } });
    expect(upd.status).toBe(200);
    const after = (await t.call('GET', `${base}/info/${id}`, { token: admin })).body.data;
    expect(after).toMatchObject({ status: 'B', city: 'Hangzhou', name: '西湖音乐喷泉', hasCameraSecret: true });
    // An update without the secret keeps it; null clears it.
    const [stored] = await t.database.db.select({ s: fallProject.cameraAppSecret }).from(fallProject).where(eq(fallProject.id, id));
    expect(stored.s).toBe(SECRET);
    await t.call('POST', `${base}/update`, { token: admin, body: { id, cameraAppSecret: '' } });
    expect((await t.call('GET', `${base}/info/${id}`, { token: admin })).body.data.hasCameraSecret).toBe(true);
    await t.call('POST', `${base}/update`, { token: admin, body: { id, cameraAppSecret: null } });
    expect((await t.call('GET', `${base}/info/${id}`, { token: admin })).body.data.hasCameraSecret).toBe(false);
    const del = await t.call('POST', `${base}/delete`, { token: admin, body: [id] });
    // No history: really deleted (one with history is archived: docs/invariants.md "Archive and delete", archive.test.ts).
    expect(del.body.data).toEqual({ deleted: 1, archived: 0 });
    expect((await t.call('GET', `${base}/info/${id}`, { token: admin })).status).toBe(404);
  });

  it('never sends the camera secret: list, listAll, info, export, selectProjects', async () => {
    const id = (await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'SECRET-1' }) })).body.data.id;
    const responses = [
      await t.call('POST', `${base}/list`, { token: admin, body: { page: 1, limit: 100 } }),
      await t.call('POST', `${base}/listAll`, { token: admin, body: {} }),
      await t.call('GET', `${base}/info/${id}`, { token: admin }),
      await t.call('POST', `${base}/selectProjects`, { token: admin, body: {} }),
      await t.call('POST', `${base}/selectProjects`, { token: admin, body: { title: 1 } }),
      await t.call('POST', `${base}/export`, {
        token: admin,
        body: { format: 'csv', columns: [{ prop: 'name', label: 'Name' }, { prop: 'cameraAppSecret', label: 'Secret' }, { prop: 'hasCameraSecret', label: 'Has' }] },
      }),
    ];
    for (const r of responses) {
      expect(r.status).toBe(200);
      const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('cameraAppSecret');
    }
    expect(String(responses[5].body)).toContain('Has');
    // A picker's options: the id and the name, and the English name for English screens.
    expect(Object.keys(responses[4].body.data[0]).sort()).toEqual(['id', 'name', 'nameEn']);
    expect(String(responses[5].body)).not.toContain('Secret');
    expect(responses[2].body.data.hasCameraSecret).toBe(true);
  });

  it('exports codes as the list shows them, in the caller’s language: status and water type, a dictionary the administrator edited, the country, flags', async () => {
    await t.database.db.insert(sysDictionary).values({ type: 'area', label: '江南', labelEn: 'Jiangnan', value: 'JN' });
    const [p] = await t.database.db
      .insert(fallProject)
      .values({ name: '西湖喷泉', nameEn: 'West Lake fountain', uniqueKey: 'export-labels', status: 'C', waterType: 'musical', area: 'JN', country: 'FR', isPublic: true })
      .returning({ id: fallProject.id });
    const columns = ['name', 'status', 'waterType', 'area', 'country', 'isPublic'].map((prop) => ({ prop, label: prop }));
    const row = async (lang: string) => {
      const res = await t.call('POST', `${base}/export`, { token: admin, lang, body: { keyword: 'West Lake', format: 'csv', columns } });
      expect(res.status).toBe(200);
      return String(res.body).replace(/^\uFEFF/, '').trim().split('\r\n')[1];
    };
    expect(await row('en')).toBe('West Lake fountain,Building,Musical fountain,Jiangnan,France,Yes');
    expect(await row('zh-CN')).toBe('西湖喷泉,在建,音乐喷泉,江南,法国,是');
    await t.database.db.delete(fallProject).where(eq(fallProject.id, p.id));
  });

  it('checks the unique key live (true/false, excluding the project being edited) and answers 409 on a clash', async () => {
    const id = (await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'SZ-OCT' }) })).body.data.id;
    const exists = (q: string) => t.call('GET', `${base}/existUniqueKey?${q}`, { token: admin }).then((r) => r.body.data);
    expect(await exists('uniqueKey=SZ-OCT')).toBe(true);
    expect(await exists('uniqueKey=sz-oct')).toBe(true);
    expect(await exists(`uniqueKey=SZ-OCT&id=${id}`)).toBe(false);
    expect(await exists('uniqueKey=SZ-NEW')).toBe(false);
    const clash = await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'SZ-OCT' }), lang: 'en' });
    expect(clash.status).toBe(409);
    expect(clash.body.data.fields).toEqual({ uniqueKey: 'The unique key already exists' });
    const other = (await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'SZ-OTHER' }) })).body.data.id;
    const clashCn = await t.call('POST', `${base}/update`, { token: admin, body: { id: other, uniqueKey: 'SZ-OCT' }, lang: 'zh-CN' });
    expect(clashCn.status).toBe(409);
    expect(clashCn.body.data.fields.uniqueKey).toBe('唯一标识已存在');
    expect((await t.call('POST', `${base}/update`, { token: admin, body: { id, uniqueKey: 'SZ-OCT', name: 'same key' } })).status).toBe(200);
  });

  it('keeps a project\'s time zone in its canonical IANA spelling, China\'s when none is given', async () => {
    const plain = await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'TZ-DEFAULT' }) });
    const berlin = await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'TZ-BERLIN', timeZone: ' europe/berlin ' }) });
    expect((await t.call('GET', `${base}/info/${plain.body.data.id}`, { token: admin })).body.data.timeZone).toBe('Asia/Shanghai');
    expect((await t.call('GET', `${base}/info/${berlin.body.data.id}`, { token: admin })).body.data.timeZone).toBe('Europe/Berlin');
    for (const timeZone of ['+08:00', 'CET1', '', 'Mars/Olympus_Mons', 42]) {
      const res = await t.call('POST', `${base}/update`, { token: admin, body: { id: berlin.body.data.id, timeZone } });
      expect(res.status, String(timeZone)).toBe(400);
      expect(res.body.data.fields.timeZone).toBe('Unknown time zone: use an IANA name such as Europe/Berlin');
    }
    const nul = await t.call('POST', `${base}/update`, { token: admin, body: { id: berlin.body.data.id, timeZone: 'Europe/Berlin\u0000' } });
    expect(nul.status).toBe(400);
    expect((await t.call('GET', `${base}/info/${berlin.body.data.id}`, { token: admin })).body.data.timeZone).toBe('Europe/Berlin');
  });

  it('refuses bad input with field messages in the caller language', async () => {
    const bad = sample({ uniqueKey: 'bad key!', status: 'Z', waterType: 'lava', longitude: 200, latitude: -91, totalArea: -5, dailyShowTime: '7pm', timeZone: 'Mars/Olympus_Mons', name: '' });
    const en = await t.call('POST', `${base}/save`, { token: admin, body: { ...bad, extra: 1 }, lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.data.fields).toMatchObject({
      name: 'This field is required',
      uniqueKey: 'Only letters, digits, underscores and hyphens',
      status: 'Please choose a valid option',
      waterType: 'Please choose a valid option',
      longitude: 'Longitude must be between -180 and 180',
      latitude: 'Latitude must be between -90 and 90',
      totalArea: 'Must not be less than 0',
      dailyShowTime: 'Use the form 19:00-22:00',
      timeZone: 'Unknown time zone: use an IANA name such as Europe/Berlin',
      extra: 'Unknown field',
    });
    const cn = await t.call('POST', `${base}/save`, { token: admin, body: bad, lang: 'zh-CN' });
    expect(cn.body.data.fields).toMatchObject({ name: '必填项', longitude: '经度范围为 -180 到 180', dailyShowTime: '格式应为 19:00-22:00', timeZone: '未知的时区，请使用 IANA 名称，如 Asia/Shanghai' });
    const [{ n }] = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM fall_project WHERE unique_key = 'bad key!'");
    expect(n).toBe(0);
  });

  it.each([
    ['POST', '/list', { page: 1, limit: 10 }, 'fall-project#list'],
    ['POST', '/listAll', {}, 'fall-project#list'],
    ['GET', '/info/1', undefined, 'fall-project#info'],
    ['POST', '/save', {}, 'fall-project#save'],
    ['POST', '/update', { id: 1 }, 'fall-project#update'],
    ['POST', '/delete', [1], 'fall-project#delete'],
    ['POST', '/export', { columns: [{ prop: 'name', label: 'n' }] }, 'fall-project#export'],
    ['GET', '/existUniqueKey?uniqueKey=x', undefined, 'fall-project#save'],
    ['POST', '/selectProjects', { title: 1 }, 'fall-project#list'],
    ['GET', '/intro/list?projectId=1', undefined, 'fall-project#info'],
    ['POST', '/intro/save', {}, 'fall-project#update'],
    ['POST', '/password/issue', {}, 'fall-project#password'],
    ['GET', '/password/list?projectId=1', undefined, 'fall-project#password'],
    ['POST', '/password/revoke', { id: 1 }, 'fall-project#password'],
  ] as const)('%s %s (body %j): 401 without a session, 403 without %s, allowed with it', async (method, path, body, perm) => {
    expect((await t.call(method, base + path, { body })).status).toBe(401);
    const other = await t.userWith(['fall-device#list']);
    expect((await t.call(method, base + path, { token: other.token, body })).status).toBe(403);
    const holder = await t.userWith([perm]);
    expect([200, 400, 404]).toContain((await t.call(method, base + path, { token: holder.token, body })).status);
  });

  it('attaches the site plan in the save transaction, refuses non-images and leaves no orphan when a save fails', async () => {
    const png = (await upload(t, { token: admin, name: 'plan.png', data: await pngBytes(), ownerType: 'fall_project' })).body.data;
    const pdf = (await upload(t, { token: admin, name: 'plan.pdf', data: PDF_BYTES, ownerType: 'fall_project' })).body.data;
    // The save fails on the unique key: the plan stays unowned.
    await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'PLAN-A' }) });
    const failed = await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'PLAN-A', mapBackground: png.id }) });
    expect(failed.status).toBe(409);
    const notImage = await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'PLAN-B', mapBackground: pdf.id }) });
    expect(notImage.status).toBe(400);
    expect(notImage.body.data.fields).toEqual({ mapBackground: 'Please upload an image file' });
    expect((await t.call('POST', `${base}/existUniqueKey`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `${base}/existUniqueKey?uniqueKey=PLAN-B`, { token: admin })).body.data).toBe(false);
    const [orphan] = await t.database.db.select().from(ossFile).where(eq(ossFile.id, png.id));
    expect(orphan.ownerId).toBeNull();
    // Another user's unowned upload cannot be borrowed.
    const other = await t.userWith(['fall-project#save', 'fall-project#update']);
    const stolen = await t.call('POST', `${base}/save`, { token: other.token, body: sample({ uniqueKey: 'PLAN-C', mapBackground: png.id }) });
    expect(stolen.status).toBe(400);
    expect(stolen.body.data.fields.mapBackground).toBe('The file does not exist or cannot be used here');

    const ok = await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'PLAN-D', mapBackground: png.id }) });
    const id = ok.body.data.id;
    const [owned] = await t.database.db.select().from(ossFile).where(eq(ossFile.id, png.id));
    expect(owned).toMatchObject({ ownerType: 'fall_project', ownerId: id });
    // Replacing the plan releases the old one; the cleanup then removes it.
    const next = (await upload(t, { token: admin, name: 'plan2.png', data: await pngBytes(32, 32), ownerType: 'fall_project' })).body.data;
    await t.call('POST', `${base}/update`, { token: admin, body: { id, mapBackground: next.id } });
    const [released] = await t.database.db.select().from(ossFile).where(eq(ossFile.id, png.id));
    expect(released.ownerId).toBeNull();
    await t.database.query("UPDATE oss_file SET created_at = now() - interval '25 hours' WHERE id = ANY($1::int[])", [[png.id, pdf.id, next.id]]);
    await purgeOrphanFiles(t.app, 24);
    const left = await t.database.query<{ id: number }>('SELECT id FROM oss_file WHERE id = ANY($1::int[]) ORDER BY id', [[png.id, pdf.id, next.id]]);
    expect(left.map((r) => r.id)).toEqual([next.id]);
  });

  it('keeps introductions per language with the HTML reduced to a safe subset', async () => {
    const projectId = (await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'INTRO-1' }) })).body.data.id;
    const picture = (await upload(t, { token: admin, name: 'pool.png', data: await pngBytes(), ownerType: 'fall_project_intro' })).body.data;
    const content = `<p onclick="steal()">夜间<b>音乐喷泉</b><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.com" target="_blank">site</a><img src=x onerror=alert(1)><img src="https://tracker.example/p.gif"><img src="${picture.url}"></p>`;
    const cn = await t.call('POST', `${base}/intro/save`, { token: admin, body: { projectId, type: 'overview', title: '项目概况', content, language: 'cn' } });
    expect(cn.status).toBe(200);
    // What the rich-text editor writes is stored exactly as sent.
    const editorHtml =
      '<h2 style="text-align: center">Night shows</h2><p><strong>Every night</strong> at <a rel="noopener noreferrer nofollow" href="https://example.com">the lake</a>.</p><ul><li><p>Music</p></li></ul><blockquote><p>Free&nbsp;to watch</p></blockquote>';
    await t.call('POST', `${base}/intro/save`, { token: admin, body: { projectId, type: 'overview', title: 'Overview', content: editorHtml, language: 'en' } });
    const en = await t.call('GET', `${base}/intro/list?projectId=${projectId}&language=en`, { token: admin });
    expect(en.body.data[0].content).toBe(editorHtml);
    const list = await t.call('GET', `${base}/intro/list?projectId=${projectId}&language=cn`, { token: admin });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].content).toBe(
      `<p>夜间<b>音乐喷泉</b><a>x</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a><img src="/api/oss/file/download/${picture.id}"></p>`,
    );
    const all = await t.call('GET', `${base}/intro/list?projectId=${projectId}`, { token: admin });
    expect(all.body.data.map((r: { language: string }) => r.language)).toEqual(['cn', 'en']);
    const id = cn.body.data.id;
    await t.call('POST', `${base}/intro/update`, { token: admin, body: { id, content: '<h2 style="color:red;text-align:center">标题</h2>' } });
    expect((await t.call('GET', `${base}/intro/info/${id}`, { token: admin })).body.data.content).toBe('<h2>标题</h2>');
    const bad = await t.call('POST', `${base}/intro/save`, { token: admin, body: { projectId, type: 'poem', title: '', language: 'fr' } });
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['language', 'title', 'type']);
    expect((await t.call('POST', `${base}/intro/delete`, { token: admin, body: [id] })).body.data).toEqual({ deleted: 1 });
  });

  it("attaches an introduction's uploaded pictures to it, releases the ones an update drops, and refuses files it may not show", async () => {
    const projectId = (await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'INTRO-PICS' }) })).body.data.id;
    const up = async (name: string, data: Buffer) => (await upload(t, { token: admin, name, data, ownerType: 'fall_project_intro' })).body.data;
    const a = await up('a.png', await pngBytes());
    const b = await up('b.png', await pngBytes(32, 32, '#ff0000'));
    const owner = async (id: number) => (await t.database.db.select({ ownerId: ossFile.ownerId }).from(ossFile).where(eq(ossFile.id, id)))[0].ownerId;
    const table = '<table><tbody><tr><th>Show</th><td>19:30</td></tr></tbody></table>';
    const saved = await t.call('POST', `${base}/intro/save`, {
      token: admin,
      body: { projectId, type: 'overview', title: 'Pictures', language: 'en', content: `<p><img src="${a.url}" alt="a"><img src="${b.url}" alt="b"></p>${table}` },
    });
    expect(saved.status).toBe(200);
    const id = saved.body.data.id;
    expect([await owner(a.id), await owner(b.id)]).toEqual([id, id]);
    expect((await t.call('GET', `${base}/intro/info/${id}`, { token: admin })).body.data.content).toContain(table);
    // b dropped from the content: released (the cleanup job removes it), a stays attached
    await t.call('POST', `${base}/intro/update`, { token: admin, body: { id, content: `<p><img src="${a.url}" alt="a"></p>` } });
    expect([await owner(a.id), await owner(b.id)]).toEqual([id, null]);
    // a file of another kind of record, or not a picture, cannot be shown in an introduction
    const pdf = (await upload(t, { token: admin, name: 'doc.pdf', data: PDF_BYTES, ownerType: 'fall_project_intro' })).body.data;
    const other = (await upload(t, { token: admin, name: 'plan.png', data: await pngBytes(), ownerType: 'fall_project' })).body.data;
    for (const file of [pdf, other]) {
      const refused = await t.call('POST', `${base}/intro/update`, { token: admin, body: { id, content: `<p><img src="/api/oss/file/download/${file.id}"></p>` } });
      expect(refused.status).toBe(400);
      expect(refused.body.data.fields).toHaveProperty('content');
    }
    // the refused update changed nothing
    expect((await t.call('GET', `${base}/intro/info/${id}`, { token: admin })).body.data.content).toBe(`<p><img src="${a.url}" alt="a"></p>`);
  });

  it('issues access passwords of a public project once, stores them hashed, lists them without secrets and revokes them', async () => {
    const projectId = (await t.call('POST', `${base}/save`, { token: admin, body: sample({ uniqueKey: 'PUB-1' }) })).body.data.id;
    const closed = await t.call('POST', `${base}/password/issue`, { token: admin, body: { projectId, label: '媒体参观' } });
    expect(closed.status).toBe(400);
    expect(closed.body.data.fields.projectId).toBe('The project is not open to the public');
    await t.call('POST', `${base}/update`, { token: admin, body: { id: projectId, isPublic: true } });
    const past = await t.call('POST', `${base}/password/issue`, { token: admin, body: { projectId, label: 'x', expiresAt: '2000-01-01T00:00:00Z' } });
    expect(past.body.data.fields.expiresAt).toBe('The time must be in the future');
    const issued = await t.call('POST', `${base}/password/issue`, { token: admin, body: { projectId, label: '媒体参观', expiresAt: new Date(Date.now() + 86400_000).toISOString() } });
    expect(issued.status).toBe(200);
    const { id, password } = issued.body.data;
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    const [row] = await t.database.query<{ password_hash: string }>('SELECT password_hash FROM fall_project_password WHERE id = $1', [id]);
    expect(row.password_hash).not.toContain(password);
    expect(await verifyPassword(password, row.password_hash)).toBe(true);
    const list = await t.call('GET', `${base}/password/list?projectId=${projectId}`, { token: admin });
    expect(list.body.data[0]).toMatchObject({ id, label: '媒体参观', state: 'active', revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(password);
    expect(JSON.stringify(list.body)).not.toContain('scrypt');
    await t.database.query("INSERT INTO sys_session (token_hash, kind, project_id, label) VALUES (repeat('a', 64), 'visitor', $1, $2)", [projectId, `password:${id}`]);
    expect((await t.call('POST', `${base}/password/revoke`, { token: admin, body: { id } })).status).toBe(200);
    const after = await t.call('GET', `${base}/password/list?projectId=${projectId}`, { token: admin });
    expect(after.body.data[0].state).toBe('revoked');
    const [{ n }] = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM sys_session WHERE kind = 'visitor'");
    expect(n).toBe(0);
    expect((await t.call('POST', `${base}/password/revoke`, { token: admin, body: { id: 99999 } })).status).toBe(404);
  });
});
