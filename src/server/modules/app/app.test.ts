import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { appBill, appBillRecord, appUser } from '../../db/schema';
import { itChecksAccess } from '@tests/helpers/guard-cases';
import { dailyNumberPrefix } from '../../lib/daily-number';

const CARD = '6222021234567890';

describe('app/user, app/bill, app/bill-record', () => {
  let t: TestApp;
  let admin: string;
  let customerId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    const made = await t.call('POST', '/api/app/user/save', { token: admin, body: { name: 'Test customer', sex: '1', phone: '13800000000' } });
    customerId = made.body.data.id;
  });
  afterAll(() => t.close());

  const saveBill = async (body: Record<string, unknown> = {}, token = admin) =>
    t.call('POST', '/api/app/bill/save', { token, body: { userId: customerId, cardNumber: CARD, amount: 100, ...body } });
  const recordsOf = (billId: number) =>
    t.database.db.select().from(appBillRecord).where(eq(appBillRecord.billId, billId)).orderBy(appBillRecord.id);

  describe('access', () => {
    itChecksAccess(() => t, [
      { method: 'POST', url: '/api/app/user/list', perm: 'app-user#list', body: { page: 1, limit: 10 } },
      { method: 'POST', url: '/api/app/user/listAll', perm: 'app-user#list', body: {} },
      { method: 'GET', url: '/api/app/user/info/1', perm: 'app-user#info' },
      { method: 'POST', url: '/api/app/user/save', perm: 'app-user#save', body: { name: 'Guard' } },
      { method: 'POST', url: '/api/app/user/update', perm: 'app-user#update', body: { id: 1, status: 1 } },
      { method: 'POST', url: '/api/app/user/delete', perm: 'app-user#delete', body: [999999] },
      { method: 'POST', url: '/api/app/user/export', perm: 'app-user#export', body: { columns: [{ prop: 'name', label: 'Name' }], format: 'csv' } },
      { method: 'POST', url: '/api/app/bill/list', perm: 'app-bill#list', body: { page: 1, limit: 10 } },
      { method: 'POST', url: '/api/app/bill/listAll', perm: 'app-bill#list', body: {} },
      { method: 'GET', url: '/api/app/bill/info/999999', perm: 'app-bill#info', okStatus: 404 },
      { method: 'POST', url: '/api/app/bill/save', perm: 'app-bill#save', body: { userId: 1, cardNumber: CARD, amount: 1 } },
      { method: 'POST', url: '/api/app/bill/update', perm: 'app-bill#update', body: { id: 999999, amount: 2 }, okStatus: 404 },
      { method: 'POST', url: '/api/app/bill/state', perm: 'app-bill#update', body: { id: 999999, billState: '1' }, okStatus: 404 },
      { method: 'POST', url: '/api/app/bill/delete', perm: 'app-bill#delete', body: [999999] },
      { method: 'POST', url: '/api/app/bill/export', perm: 'app-bill#export', body: { columns: [{ prop: 'number', label: 'No.' }], format: 'csv' } },
      { method: 'POST', url: '/api/app/bill-record/list', perm: 'app-bill-record#list', body: { page: 1, limit: 10 } },
      { method: 'GET', url: '/api/app/bill-record/info/999999', perm: 'app-bill-record#info', okStatus: 404 },
      { method: 'POST', url: '/api/app/bill-record/export', perm: 'app-bill-record#export', body: { columns: [{ prop: 'toState', label: 'To' }], format: 'csv' } },
    ]);

    it('bill records are read-only: no save, update or delete route', async () => {
      for (const action of ['save', 'update', 'delete']) {
        const res = await t.call('POST', `/api/app/bill-record/${action}`, { token: admin, body: {} });
        expect(res.status).toBe(404);
      }
    });
  });

  describe('bad input: 400 with field messages in the caller’s language', () => {
    const cases: { name: string; url: string; body: () => Record<string, unknown>; field: string; cn: string; en: string }[] = [
      { name: 'customer without name', url: '/api/app/user/save', body: () => ({ name: ' ' }), field: 'name', cn: '必填项', en: 'This field is required' },
      { name: 'phone not 11 digits from 1', url: '/api/app/user/save', body: () => ({ name: 'x', phone: '23800000000' }), field: 'phone', cn: '手机号格式错误', en: 'Wrong phone number format' },
      { name: 'ID card with a leading 0', url: '/api/app/user/save', body: () => ({ name: 'x', idCard: '0123456789012345' }), field: 'idCard', cn: '证件号码格式错误', en: 'Wrong ID number format' },
      { name: 'email without suffix', url: '/api/app/user/save', body: () => ({ name: 'x', email: 'a@b' }), field: 'email', cn: '邮箱格式错误', en: 'Wrong email format' },
      { name: 'sex outside the dictionary', url: '/api/app/user/save', body: () => ({ name: 'x', sex: '7' }), field: 'sex', cn: '请选择有效的选项', en: 'Please choose a valid option' },
      { name: 'phone through update', url: '/api/app/user/update', body: () => ({ id: customerId, phone: '123' }), field: 'phone', cn: '手机号格式错误', en: 'Wrong phone number format' },
      { name: 'zero amount', url: '/api/app/bill/save', body: () => ({ userId: customerId, cardNumber: CARD, amount: 0 }), field: 'amount', cn: '金额须大于 0，最多两位小数', en: 'The amount must be greater than 0 with at most two decimals' },
      { name: 'three decimals', url: '/api/app/bill/save', body: () => ({ userId: customerId, cardNumber: CARD, amount: 1.234 }), field: 'amount', cn: '金额须大于 0，最多两位小数', en: 'The amount must be greater than 0 with at most two decimals' },
      { name: 'amount not a number', url: '/api/app/bill/save', body: () => ({ userId: customerId, cardNumber: CARD, amount: 'ten' }), field: 'amount', cn: '金额须大于 0，最多两位小数', en: 'The amount must be greater than 0 with at most two decimals' },
      { name: 'card number with letters', url: '/api/app/bill/save', body: () => ({ userId: customerId, cardNumber: '6222abcd12345678', amount: 1 }), field: 'cardNumber', cn: '卡号应为 12 到 19 位数字', en: 'A card number has 12 to 19 digits' },
      { name: 'bill without customer', url: '/api/app/bill/save', body: () => ({ cardNumber: CARD, amount: 1 }), field: 'userId', cn: '必填项', en: 'This field is required' },
      { name: 'unknown customer', url: '/api/app/bill/save', body: () => ({ userId: 999999, cardNumber: CARD, amount: 1 }), field: 'userId', cn: '格式错误', en: 'Invalid value' },
      { name: 'bill type outside the dictionary', url: '/api/app/bill/save', body: () => ({ userId: customerId, cardNumber: CARD, amount: 1, billType: '9' }), field: 'billType', cn: '请选择有效的选项', en: 'Please choose a valid option' },
      { name: 'state outside the dictionary', url: '/api/app/bill/state', body: () => ({ id: 1, billState: '9' }), field: 'billState', cn: '请选择有效的选项', en: 'Please choose a valid option' },
    ];
    it.each(cases)('$name', async (c) => {
      const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(appBill);
      const cn = await t.call('POST', c.url, { token: admin, lang: 'zh-CN', body: c.body() });
      expect(cn.status, JSON.stringify(cn.body)).toBe(400);
      expect(cn.body.data.fields[c.field]).toBe(c.cn);
      const en = await t.call('POST', c.url, { token: admin, lang: 'en', body: c.body() });
      expect(en.status).toBe(400);
      expect(en.body.data.fields[c.field]).toBe(c.en);
      const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(appBill);
      expect(after[0].n).toBe(before[0].n);
    });
  });

  describe('customers', () => {
    it('saves, lists with filters, edits without resetting left-out fields', async () => {
      const made = await t.call('POST', '/api/app/user/save', {
        token: admin,
        body: { name: 'Zhang San', sex: '0', phone: '13912345678', idCard: '1101011990010112345', email: 'zs@example.com', status: 0 },
      });
      expect(made.status).toBe(200);
      const id = made.body.data.id;
      const found = await t.call('POST', '/api/app/user/list', { token: admin, body: { name: 'zhang', sex: '', status: '0', page: 1, limit: 10 } });
      expect(found.body.data.list).toEqual([expect.objectContaining({ id, name: 'Zhang San', sex: '0', phone: '13912345678', idCard: '1101011990010112345', email: 'zs@example.com', status: 0 })]);
      await t.call('POST', '/api/app/user/update', { token: admin, body: { id, status: 1 } });
      const info = await t.call('GET', `/api/app/user/info/${id}`, { token: admin });
      expect(info.body.data).toMatchObject({ status: 1, sex: '0', phone: '13912345678', email: 'zs@example.com' });
    });

    it('refuses to delete a customer who has bills (409), deletes one who has none', async () => {
      const lonely = (await t.call('POST', '/api/app/user/save', { token: admin, body: { name: 'No bills' } })).body.data.id;
      const billed = (await t.call('POST', '/api/app/user/save', { token: admin, body: { name: 'Has bills' } })).body.data.id;
      expect((await saveBill({ userId: billed })).status).toBe(200);
      const refused = await t.call('POST', '/api/app/user/delete', { token: admin, body: [lonely, billed] });
      expect(refused.status).toBe(409);
      expect(await t.database.db.select().from(appUser).where(eq(appUser.id, lonely))).toHaveLength(1);
      const done = await t.call('POST', '/api/app/user/delete', { token: admin, body: [lonely] });
      expect(done.body.data).toEqual({ deleted: 1 });
    });
  });

  describe('bills and their records', () => {
    it('numbers bills BL-YYYYMMDD-NNNN in sequence and records the initial state on save', async () => {
      const holder = await t.userWith(['app-bill#save']);
      const a = await saveBill({ billState: '1', reason: 'opened', cardNumber: '6222 0212 3456 7890' }, holder.token);
      const b = await saveBill();
      expect(a.status).toBe(200);
      const prefix = dailyNumberPrefix('BL', new Date());
      expect(a.body.data.number).toMatch(new RegExp(`^${prefix}\\d{4}$`));
      expect(Number(b.body.data.number.slice(-4))).toBe(Number(a.body.data.number.slice(-4)) + 1);
      const [row] = await t.database.db.select().from(appBill).where(eq(appBill.id, a.body.data.id));
      expect(row).toMatchObject({ cardNumber: '6222021234567890', amount: 100, billState: '1', userId: customerId });
      expect(await recordsOf(a.body.data.id)).toEqual([
        expect.objectContaining({ fromState: null, toState: '1', byUser: holder.username, reason: 'opened' }),
      ]);
      expect((await recordsOf(b.body.data.id)).map((r) => [r.fromState, r.toState])).toEqual([[null, '0']]);
    });

    it('update records a different state, not an unchanged or left-out one', async () => {
      const id = (await saveBill()).body.data.id;
      await t.call('POST', '/api/app/bill/update', { token: admin, body: { id, amount: 250.5 } });
      await t.call('POST', '/api/app/bill/update', { token: admin, body: { id, billState: '0', billRate: '1' } });
      expect(await recordsOf(id)).toHaveLength(1);
      const moved = await t.call('POST', '/api/app/bill/update', { token: admin, body: { id, billState: '2', reason: 'paid at the desk' } });
      expect(moved.status).toBe(200);
      const info = await t.call('GET', `/api/app/bill/info/${id}`, { token: admin });
      expect(info.body.data).toMatchObject({ amount: 250.5, billRate: '1', billState: '2', userName: 'Test customer' });
      expect((await recordsOf(id)).map((r) => [r.fromState, r.toState, r.byUser, r.reason])).toEqual([
        [null, '0', 'admin', ''],
        ['0', '2', 'admin', 'paid at the desk'],
      ]);
    });

    it('POST /state moves the bill and records from, to, who and why; settled bills stay settled', async () => {
      const id = (await saveBill()).body.data.id;
      const clerk = await t.userWith(['app-bill#update']);
      const res = await t.call('POST', '/api/app/bill/state', { token: clerk.token, body: { id, billState: '1', reason: 'invoice sent' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id, billState: '1' });
      await t.call('POST', '/api/app/bill/state', { token: clerk.token, body: { id, billState: '3', reason: 'paid' } });
      expect((await recordsOf(id)).slice(1).map((r) => [r.fromState, r.toState, r.byUser, r.reason])).toEqual([
        ['0', '1', clerk.username, 'invoice sent'],
        ['1', '3', clerk.username, 'paid'],
      ]);

      const settled = await t.call('POST', '/api/app/bill/state', { token: clerk.token, lang: 'zh-CN', body: { id, billState: '4' } });
      expect(settled.status).toBe(400);
      expect(settled.body.data.fields.billState).toBe('已完成或已取消的账单不能再变更状态');
      const viaUpdate = await t.call('POST', '/api/app/bill/update', { token: admin, body: { id, billState: '0' } });
      expect(viaUpdate.status).toBe(400);
      expect(viaUpdate.body.data.fields.billState).toBe('A completed or cancelled bill cannot change state');

      const other = (await saveBill()).body.data.id;
      const same = await t.call('POST', '/api/app/bill/state', { token: admin, body: { id: other, billState: '0' } });
      expect(same.status).toBe(400);
      expect(same.body.data.fields.billState).toBe('The bill is already in this state');
      expect(await recordsOf(id)).toHaveLength(3);
      expect(await recordsOf(other)).toHaveLength(1);
    });

    it('bill records list by bill number (whole or part) with the bill number joined in', async () => {
      const made = (await saveBill()).body.data;
      await t.call('POST', '/api/app/bill/state', { token: admin, body: { id: made.id, billState: '4', reason: 'customer cancelled' } });
      const byNumber = await t.call('POST', '/api/app/bill-record/list', { token: admin, body: { number: made.number, page: 1, limit: 10 } });
      expect(byNumber.body.data.total).toBe(2);
      expect(byNumber.body.data.list.map((r: { toState: string }) => r.toState)).toEqual(['4', '0']);
      expect(byNumber.body.data.list[0]).toMatchObject({ billId: made.id, billNumber: made.number, fromState: '0', byUser: 'admin', reason: 'customer cancelled' });
      const byPart = await t.call('POST', '/api/app/bill-record/list', { token: admin, body: { number: made.number.slice(-6), toState: '4', page: 1, limit: 10 } });
      expect(byPart.body.data.list.map((r: { billId: number }) => r.billId)).toEqual([made.id]);
      const csv = await t.call('POST', '/api/app/bill-record/export', { token: admin, body: { number: made.number, columns: [{ prop: 'billNumber', label: 'Bill' }, { prop: 'reason', label: 'Reason' }], format: 'csv' } });
      expect(csv.status).toBe(200);
      expect(String(csv.body)).toContain('customer cancelled');
    });

    it('a failed record write rolls the whole change back: no bill, no state change, no record', async () => {
      // Makes the record insert (the last statement of each transaction) fail on demand.
      await t.database.query(`ALTER TABLE app_bill_record ADD CONSTRAINT test_fail_record CHECK (reason <> 'fail here')`);
      try {
        const bills = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(appBill))[0].n;
        const before = await bills();
        const failedSave = await saveBill({ reason: 'fail here' });
        expect(failedSave.status).toBeGreaterThanOrEqual(400);
        expect(await bills()).toBe(before);

        const id = (await saveBill()).body.data.id;
        const failedState = await t.call('POST', '/api/app/bill/state', { token: admin, body: { id, billState: '2', reason: 'fail here' } });
        expect(failedState.status).toBeGreaterThanOrEqual(400);
        const failedUpdate = await t.call('POST', '/api/app/bill/update', { token: admin, body: { id, billState: '1', amount: 999, reason: 'fail here' } });
        expect(failedUpdate.status).toBeGreaterThanOrEqual(400);
        const [row] = await t.database.db.select().from(appBill).where(eq(appBill.id, id));
        expect(row).toMatchObject({ billState: '0', amount: 100 });
        expect(await recordsOf(id)).toHaveLength(1);
      } finally {
        await t.database.query('ALTER TABLE app_bill_record DROP CONSTRAINT test_fail_record');
      }
    });
  });
});
