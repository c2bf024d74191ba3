import { http } from 'msw';
import type { ZodType } from 'zod';
import { CODE } from '@shared/constants';
import {
  FINAL_BILL_STATES,
  appUserSchema,
  billSchema,
  billStateSchema,
  billUpdateSchema,
  type AppUserRow,
  type BillRecordRow,
  type BillRow,
  type BillUpdate,
} from '@shared/contracts/app';
import { idListSchema } from '@shared/contracts/common';
import { BUILT_IN_DICTIONARIES } from '@shared/dictionaries';
import { localeFromHeader, translate } from '@shared/messages';
import { API, demoDelay, fail, ok, paged } from '../envelope';

/**
 * app/user, app/bill and app/bill-record in memory, validated by the server's contracts: a state
 * change writes a bill record as the server does. `resetApp()` restores the fixtures.
 */
const now = '2026-01-01T08:00:00.000Z';
const fixtureCustomers = (): AppUserRow[] => [
  { id: 1, name: '杭州西湖文旅集团', sex: '1', phone: '13805710001', idCard: '', email: 'xihu@example.com', status: 1, createdAt: now },
  { id: 2, name: '上海世纪公园管理处', sex: '0', phone: '13601880003', idCard: '', email: 'century@example.com', status: 0, createdAt: now },
];
const fixtureBills = (): BillRow[] => [
  { id: 1, number: 'BL-20260101-0001', userId: 1, userName: '杭州西湖文旅集团', cardNumber: '6222021234567890', amount: 12800.5, billType: '1', billRate: '0', billState: '1', at: now },
  { id: 2, number: 'BL-20260101-0002', userId: 2, userName: '上海世纪公园管理处', cardNumber: '6222029876543210', amount: 560, billType: '0', billRate: '1', billState: '3', at: now },
];
const fixtureRecords = (): BillRecordRow[] => [
  { id: 1, billId: 1, billNumber: 'BL-20260101-0001', fromState: null, toState: '0', byUser: 'manager', reason: '创建账单', at: now },
  { id: 2, billId: 1, billNumber: 'BL-20260101-0001', fromState: '0', toState: '1', byUser: 'manager', reason: '已开票', at: now },
];

let customers = fixtureCustomers();
let bills = fixtureBills();
let records = fixtureRecords();
let nextId = 100;

export function resetApp(): void {
  customers = fixtureCustomers();
  bills = fixtureBills();
  records = fixtureRecords();
}

const msg = (request: Request, key: string) => translate(key, localeFromHeader(request.headers.get('accept-language')));

async function parse<T>(request: Request, schema: ZodType<T>): Promise<{ data: T } | { error: Response }> {
  const parsed = schema.safeParse(await request.json());
  if (parsed.success) return { data: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.')] ??= msg(request, issue.message);
  return { error: fail(CODE.badRequest, Object.values(fields)[0] ?? msg(request, 'err.badRequest'), { fields }) };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
const record = (bill: BillRow, from: string | null, reason = '') =>
  records.unshift({ id: ++nextId, billId: bill.id, billNumber: bill.number, fromState: from, toState: bill.billState, byUser: 'admin', reason, at: new Date().toISOString() });
const refuseState = (request: Request, from: string, to: string) => {
  const key = FINAL_BILL_STATES.includes(from) ? 'err.billFinal' : from === to ? 'err.billSameState' : null;
  return key ? fail(CODE.badRequest, msg(request, key), { fields: { billState: msg(request, key) } }) : null;
};

export const appHandlers = [
  // The dictionaries these screens load; other types are left to the other areas' handlers.
  http.post(`${API}/sys/sysdictionary/dictionary`, async ({ request }) => {
    const { type } = (await request.clone().json()) as { type: string };
    // Answering nothing lets MSW try the next handler for this request.
    if (!['sex', 'bill_type', 'bill_rate', 'bill_state'].includes(type)) return undefined;
    return ok(BUILT_IN_DICTIONARIES[type].items.map((i, n) => ({ label: i.cn, labelEn: i.en, value: i.value, color: i.color ?? '', sort: n + 1 })));
  }),

  http.post(`${API}/app/user/list`, async ({ request }) => {
    await demoDelay();
    const q = (await request.json()) as Record<string, unknown> & { page: number; limit: number };
    const rows = customers.filter(
      (c) => (!text(q.name) || c.name.toLowerCase().includes(text(q.name))) && (!q.sex || c.sex === q.sex) && (q.status === undefined || q.status === '' || String(c.status) === String(q.status)),
    );
    return paged(rows, q.page, q.limit);
  }),
  http.post(`${API}/app/user/listAll`, async ({ request }) => {
    const q = (await request.json()) as { name?: string };
    return ok(customers.filter((c) => !text(q.name) || c.name.toLowerCase().includes(text(q.name))));
  }),
  http.get(`${API}/app/user/info/:id`, ({ params, request }) => {
    const row = customers.find((c) => c.id === Number(params.id));
    return row ? ok(row) : fail(CODE.notFound, msg(request, 'err.notFound'));
  }),
  http.post(`${API}/app/user/save`, async ({ request }) => {
    const r = await parse(request, appUserSchema);
    if ('error' in r) return r.error;
    const row: AppUserRow = { ...r.data, id: ++nextId, createdAt: new Date().toISOString() };
    customers.push(row);
    return ok({ id: row.id });
  }),
  http.post(`${API}/app/user/update`, async ({ request }) => {
    const r = await parse(request, appUserSchema.partial().extend({ id: billUpdateSchema.shape.id }));
    if ('error' in r) return r.error;
    const row = customers.find((c) => c.id === r.data.id);
    if (!row) return fail(CODE.notFound, msg(request, 'err.notFound'));
    Object.assign(row, Object.fromEntries(Object.entries(r.data).filter(([, v]) => v !== undefined)));
    return ok({ id: row.id });
  }),
  http.post(`${API}/app/user/delete`, async ({ request }) => {
    const r = await parse(request, idListSchema);
    if ('error' in r) return r.error;
    if (bills.some((b) => r.data.includes(b.userId))) return fail(CODE.conflict, msg(request, 'err.inUse'));
    const before = customers.length;
    customers = customers.filter((c) => !r.data.includes(c.id));
    return ok({ deleted: before - customers.length });
  }),

  http.post(`${API}/app/bill/list`, async ({ request }) => {
    await demoDelay();
    const q = (await request.json()) as Record<string, unknown> & { page: number; limit: number };
    const rows = bills.filter(
      (b) =>
        (!text(q.number) || b.number.toLowerCase().includes(text(q.number))) &&
        (!q.userId || b.userId === Number(q.userId)) &&
        (!q.billType || b.billType === q.billType) &&
        (!q.billState || b.billState === q.billState),
    );
    return paged(rows, q.page, q.limit);
  }),
  http.get(`${API}/app/bill/info/:id`, ({ params, request }) => {
    const row = bills.find((b) => b.id === Number(params.id));
    return row ? ok(row) : fail(CODE.notFound, msg(request, 'err.notFound'));
  }),
  http.post(`${API}/app/bill/save`, async ({ request }) => {
    const r = await parse(request, billSchema);
    if ('error' in r) return r.error;
    const { reason, at, ...data } = r.data;
    const customer = customers.find((c) => c.id === data.userId);
    if (!customer) return fail(CODE.badRequest, msg(request, 'v.invalid'), { fields: { userId: msg(request, 'v.invalid') } });
    const id = ++nextId;
    const row: BillRow = { ...data, id, number: `BL-20260101-${String(id).padStart(4, '0')}`, userName: customer.name, at: (at ?? new Date()).toISOString() };
    bills.unshift(row);
    record(row, null, reason);
    return ok({ id, number: row.number });
  }),
  http.post(`${API}/app/bill/update`, async ({ request }) => {
    const r = await parse(request, billUpdateSchema);
    if ('error' in r) return r.error;
    const { id, reason, at, ...changes } = r.data as BillUpdate;
    const row = bills.find((b) => b.id === id);
    if (!row) return fail(CODE.notFound, msg(request, 'err.notFound'));
    const from = row.billState;
    const moving = changes.billState !== undefined && changes.billState !== from;
    const refused = moving ? refuseState(request, from, changes.billState!) : null;
    if (refused) return refused;
    Object.assign(row, Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)), at ? { at: at.toISOString() } : {});
    if (moving) record(row, from, reason);
    return ok({ id });
  }),
  http.post(`${API}/app/bill/state`, async ({ request }) => {
    const r = await parse(request, billStateSchema);
    if ('error' in r) return r.error;
    const row = bills.find((b) => b.id === r.data.id);
    if (!row) return fail(CODE.notFound, msg(request, 'err.notFound'));
    const refused = refuseState(request, row.billState, r.data.billState);
    if (refused) return refused;
    const from = row.billState;
    row.billState = r.data.billState;
    record(row, from, r.data.reason);
    return ok({ id: row.id, billState: row.billState });
  }),
  http.post(`${API}/app/bill/delete`, async ({ request }) => {
    const r = await parse(request, idListSchema);
    if ('error' in r) return r.error;
    const before = bills.length;
    bills = bills.filter((b) => !r.data.includes(b.id));
    records = records.filter((x) => !r.data.includes(x.billId));
    return ok({ deleted: before - bills.length });
  }),

  http.post(`${API}/app/bill-record/list`, async ({ request }) => {
    await demoDelay();
    const q = (await request.json()) as Record<string, unknown> & { page: number; limit: number };
    const rows = records.filter((x) => (!text(q.number) || (x.billNumber ?? '').toLowerCase().includes(text(q.number))) && (!q.toState || x.toState === q.toState));
    return paged(rows, q.page, q.limit);
  }),
];
