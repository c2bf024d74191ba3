import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { ossFile } from '../../db/schema';
import { hashToken } from '../../lib/password';
import { MAX_TICKETS_PER_SESSION } from '@shared/constants';
import { PDF_BYTES, pngBytes, upload } from '@tests/helpers/file-uploads';

/** Files and rights (docs/security.md): who may download, who may upload for which record, and downloads by ticket instead of ?token=. */
describe('file rights with the demo roles, and download tickets', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let operator: string;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, viewer, operator, manager] = await Promise.all(['admin', 'viewer', 'operator', 'manager'].map((u) => t.tokenFor(u)));
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const ticketFor = async (token: string, fileId: number) => {
    const res = await t.call('POST', '/api/auth/ticket', { token, body: { purpose: 'download', fileId } });
    expect(res.status).toBe(200);
    return res.body.data.ticket as string;
  };
  /** Marks a file as attached to a record of this kind (the record's save does this in the app). */
  const attach = (id: number, ownerType: string, ownerId: number) => t.database.db.update(ossFile).set({ ownerType, ownerId }).where(eq(ossFile.id, id));

  it('an unattached upload opens for its uploader and file administrators, not for the viewer or another operator', async () => {
    const mine = (await upload(t, { token: operator, name: 'draft.pdf', data: PDF_BYTES })).body.data;
    expect((await get(mine.url, operator)).statusCode).toBe(200);
    expect((await get(mine.url, viewer)).statusCode).toBe(403);
    const otherOperator = await t.userWith(['oss-file#upload', 'oss-file#download', 'oss-upload#upload']);
    expect((await get(mine.url, otherOperator.token)).statusCode).toBe(403);
    expect((await get(mine.url, manager)).statusCode).toBe(200); // oss-file#list and #download: file administration
    expect((await get(mine.url, admin)).statusCode).toBe(200);
    const meta = await t.call('GET', `/api/oss/file/meta?ids=${mine.id}`, { token: viewer });
    expect(meta.body.data).toEqual([]);
  });

  it('an attached file opens for whoever may read its record: the viewer reads orders, not trainings', async () => {
    const png = await pngBytes();
    const orderPhoto = (await upload(t, { token: operator, name: 'leak.png', data: png, ownerType: 'fall_order' })).body.data;
    await attach(orderPhoto.id, 'fall_order', 1);
    expect((await get(orderPhoto.url, viewer)).statusCode).toBe(200); // fall-order#info
    expect((await get(orderPhoto.thumbUrl, viewer)).statusCode).toBe(200);
    const training = (await upload(t, { token: admin, name: 'training.pdf', data: PDF_BYTES, ownerType: 'fall_train' })).body.data;
    await attach(training.id, 'fall_train', 1);
    expect((await get(training.url, viewer)).statusCode).toBe(403);
    expect((await get(training.url, operator)).statusCode).toBe(200); // fall-train#info
    // The uploader keeps their own file after attaching it, even without the record's read right.
    const writer = await t.userWith(['fall-report#save']);
    const report = (await upload(t, { token: writer.token, name: 'r.pdf', data: PDF_BYTES, ownerType: 'fall_report' })).body.data;
    await attach(report.id, 'fall_report', 1);
    expect((await get(report.url, writer.token)).statusCode).toBe(200);
  });

  it('ownerType on upload needs the right to write that kind of record; the general upload rights cover files without one', async () => {
    const png = await pngBytes();
    expect((await upload(t, { token: operator, name: 'a.png', data: png, ownerType: 'fall_report' })).status).toBe(200);
    expect((await upload(t, { token: operator, name: 'a.png', data: png, ownerType: 'fall_eq_info' })).status).toBe(200); // fall-eqinfo#update
    for (const ownerType of ['fall_draw', 'fall_project', 'sys_xmlx', 'sys_content', 'app_user', 'fall_train']) {
      const refused = await upload(t, { token: operator, name: 'a.png', data: png, ownerType });
      expect(refused.status, ownerType).toBe(403);
    }
    expect((await upload(t, { token: operator, name: 'a.png', data: png, ownerField: 'fall_draw' })).status).toBe(403);
    expect((await upload(t, { token: operator, name: 'a.pdf', data: PDF_BYTES })).status).toBe(200); // oss-upload#upload
    expect((await upload(t, { token: viewer, name: 'a.png', data: png, ownerType: 'fall_order' })).status).toBe(403);
    expect((await upload(t, { token: viewer, name: 'a.pdf', data: PDF_BYTES })).status).toBe(403);
    expect((await upload(t, { token: manager, name: 'a.png', data: png, ownerType: 'fall_draw' })).status).toBe(200);
  });

  it('a download ticket opens its one file once, within its lifetime; ?token= opens nothing', async () => {
    const file = (await upload(t, { token: operator, name: 'plan.pdf', data: PDF_BYTES })).body.data;
    const other = (await upload(t, { token: operator, name: 'other.pdf', data: PDF_BYTES })).body.data;
    expect((await get(`${file.url}?token=${operator}`)).statusCode).toBe(401);

    const ticket = await ticketFor(operator, file.id);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const [stored] = await t.database.query<{ ticket_hash: string; purpose: string; target: string }>('SELECT ticket_hash, purpose, target FROM sys_ticket');
    expect(stored.ticket_hash).not.toContain(ticket);
    expect(stored).toMatchObject({ purpose: 'download', target: String(file.id) });
    expect((await get(`${other.url}?ticket=${ticket}`)).statusCode).toBe(401); // another file
    const first = await get(`${file.url}?ticket=${ticket}`);
    expect(first.statusCode).toBe(200);
    expect(Buffer.compare(first.rawPayload, PDF_BYTES)).toBe(0);
    const again = await t.app.inject({ method: 'GET', url: `${file.url}?ticket=${ticket}`, headers: { 'accept-language': 'en' } });
    expect(again.statusCode).toBe(401);
    expect(JSON.parse(again.body).msg).toBe('The access ticket is invalid or has expired: reload the page');

    const late = await ticketFor(operator, file.id);
    await t.database.query(`UPDATE sys_ticket SET expires_at = now() - interval '1 second'`);
    expect((await get(`${file.url}?ticket=${late}`)).statusCode).toBe(401);
    // A ticket carries its session's rights, no more: the viewer's ticket for an unattached upload is refused.
    expect((await get(`${file.url}?ticket=${await ticketFor(viewer, file.id)}`)).statusCode).toBe(403);
    // A stream ticket is no download ticket; a logged-out session's tickets die with it.
    const stream = (await t.call('POST', '/api/auth/ticket', { token: operator, body: { purpose: 'stream' } })).body.data.ticket;
    expect((await get(`${file.url}?ticket=${stream}`)).statusCode).toBe(401);
    const gone = await ticketFor(operator, file.id);
    await t.database.query('DELETE FROM sys_session WHERE token_hash = $1', [hashToken(operator)]);
    expect((await get(`${file.url}?ticket=${gone}`)).statusCode).toBe(401);
  });

  it(`a session holds at most ${MAX_TICKETS_PER_SESSION} unexpired tickets: the next is a 429`, async () => {
    const token = await t.tokenFor('viewer');
    for (let i = 0; i < MAX_TICKETS_PER_SESSION; i++) expect((await t.call('POST', '/api/auth/ticket', { token, body: { purpose: 'stream' } })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/ticket', { token, body: { purpose: 'stream' } })).status).toBe(429);
    expect((await t.call('POST', '/api/auth/ticket', { token: admin, body: { purpose: 'stream' } })).status).toBe(200);
    await t.database.query(`UPDATE sys_ticket SET expires_at = now() - interval '1 second'`);
    expect((await t.call('POST', '/api/auth/ticket', { token, body: { purpose: 'stream' } })).status).toBe(200);
  });

  it('asking for a ticket needs a session in the header and a well-formed request', async () => {
    expect((await t.call('POST', '/api/auth/ticket', { body: { purpose: 'stream' } })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/ticket', { token: admin, body: { purpose: 'download' } })).status).toBe(400);
    expect((await t.call('POST', '/api/auth/ticket', { token: admin, body: { purpose: 'frame' } })).status).toBe(400);
    expect((await t.call('POST', '/api/auth/ticket', { token: admin, body: { purpose: 'stream', extra: 1 } })).status).toBe(400);
  });
});
