import { http, HttpResponse } from 'msw';
import type { ZodType } from 'zod';
import { CODE, SUPER_USER_ID } from '@shared/constants';
import { idListSchema, sortOrderSchema } from '@shared/contracts/common';
import { menuSaveSchema, menuStateSchema, menuUpdateSchema, type MenuRow, type MenuSelectNode } from '@shared/contracts/menus';
import { roleSaveSchema, roleUpdateSchema, type RoleOption, type RoleRow } from '@shared/contracts/roles';
import { resetPasswordSchema, userSaveSchema, userStatusBodySchema, userUpdateSchema, type UserRow } from '@shared/contracts/users';
import { localeFromHeader, translate } from '@shared/messages';
import { API, demoDelay, fail, ok, paged } from '../envelope';

/**
 * sys/user, sys/role and sys/menu in memory, validated by the same contracts as the server, for the
 * identity screens' tests and `npm run dev:mock`. `resetSystemIdentity()` restores the fixtures.
 */
const now = '2026-01-01T00:00:00.000Z';

const menu = (menuId: number, parentId: number, type: number, name: string, nameEn: string, extra: Partial<MenuRow> = {}): MenuRow => ({
  menuId, parentId, parentName: '', name, nameEn, type, url: '', perms: '', menuCode: '', icon: '', sort: menuId, status: 0, ...extra,
});
const fixtureMenus = (): MenuRow[] => [
  menu(1, 0, 0, '系统管理', 'System', { menuCode: 'sys', icon: 'settings' }),
  menu(2, 1, 1, '用户管理', 'Users', { url: 'sys/user', menuCode: 'sys-user', icon: 'user' }),
  menu(3, 2, 2, '查询', 'List', { perms: 'sys-user#list', menuCode: 'sys-user' }),
  menu(4, 2, 2, '新增', 'Add', { perms: 'sys-user#save', menuCode: 'sys-user' }),
  menu(5, 1, 1, '角色管理', 'Roles', { url: 'sys/role', menuCode: 'sys-role', icon: 'shield' }),
  menu(6, 5, 2, '查询', 'List', { perms: 'sys-role#list', menuCode: 'sys-role' }),
  menu(7, 0, 0, '水景运维', 'Operations', { menuCode: 'fall', icon: 'droplet' }),
  menu(8, 7, 1, '维修工单', 'Maintenance orders', { url: 'fall/order', menuCode: 'fall-order', icon: 'clipboard-list' }),
];
const fixtureRoles = (): RoleRow[] => [
  { id: 1, code: 'administrator', name: '系统管理员', nameEn: 'Administrator', remark: '', remarkEn: '', createdAt: now, menuIdList: [1, 2, 3, 4, 5, 6, 7, 8], dataScope: 'all', projectIdList: [], userCount: 1 },
  { id: 2, code: 'operator', name: '运维人员', nameEn: 'Operator', remark: '', remarkEn: '', createdAt: now, menuIdList: [7, 8], dataScope: 'all', projectIdList: [], userCount: 1 },
];
const user = (id: number, username: string, realName: string, roleIdList: number[], extra: Partial<UserRow> = {}): UserRow => ({
  id, username, realName, realNameEn: '', phone: '', email: '', sex: '2', avatar: '', status: 1, expireAt: null, expired: false, createdAt: now, updatedAt: now, roleIdList, roleNames: '', roleNamesEn: '', ...extra,
});
const fixtureUsers = (): UserRow[] => [
  user(SUPER_USER_ID, 'admin', '系统管理员', [1]),
  user(2, 'operator', '李工', [2], { phone: '13800138000' }),
  user(3, 'retired', '老王', [2], { status: 0 }),
];

let menus = fixtureMenus();
let roles = fixtureRoles();
let users = fixtureUsers();
let nextId = 100;
/** Passwords set through the mock, so tests can check a reset happened (never returned by a handler). */
export const mockPasswords = new Map<number, string>();

export function resetSystemIdentity(): void {
  menus = fixtureMenus();
  roles = fixtureRoles();
  users = fixtureUsers();
  mockPasswords.clear();
}

const lang = (request: Request) => localeFromHeader(request.headers.get('accept-language'));
const msg = (request: Request, key: string) => translate(key, lang(request));

async function parse<T>(request: Request, schema: ZodType<T>): Promise<{ data: T } | { error: Response }> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { error: fail(CODE.badRequest, msg(request, 'err.badJson')) };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { data: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.map(String).join('.');
    fields[name] ??= msg(request, issue.message);
  }
  return { error: fail(CODE.badRequest, Object.values(fields)[0] ?? msg(request, 'err.badRequest'), { fields }) };
}

const withRoleNames = (u: UserRow): UserRow => ({
  ...u,
  roleNames: roles.filter((r) => u.roleIdList.includes(r.id)).map((r) => r.name).join(','),
  expired: !!u.expireAt && new Date(u.expireAt).getTime() <= Date.now(),
});
const withParentNames = (m: MenuRow): MenuRow => ({ ...m, parentName: menus.find((p) => p.menuId === m.parentId)?.name ?? '' });
const selectTree = (parentId: number): MenuSelectNode[] =>
  menus
    .filter((m) => m.parentId === parentId && m.type !== 2)
    .sort((a, b) => a.sort - b.sort)
    .map((m) => ({ menuId: m.menuId, parentId: m.parentId, name: m.name, nameEn: m.nameEn, type: m.type, list: selectTree(m.menuId) }));

function filterUsers(q: Record<string, unknown>): UserRow[] {
  const has = (v: unknown) => v !== undefined && v !== null && v !== '';
  return users
    .filter((u) => !has(q.username) || u.username.includes(String(q.username)))
    .filter((u) => !has(q.realName) || u.realName.includes(String(q.realName)))
    .filter((u) => !has(q.phone) || u.phone.includes(String(q.phone)))
    .filter((u) => !has(q.status) || u.status === Number(q.status))
    .filter((u) => !has(q.roleId) || u.roleIdList.includes(Number(q.roleId)))
    .map(withRoleNames);
}

const superUserRefused = (request: Request) => fail(CODE.badRequest, msg(request, 'err.superUser'));
const conflict = (request: Request, field: string) => fail(CODE.conflict, msg(request, 'err.conflict'), { fields: { [field]: msg(request, 'err.conflict') } });

export const systemIdentityHandlers = [
  http.post(`${API}/sys/user/list`, async ({ request }) => {
    await demoDelay();
    const q = (await request.json()) as Record<string, unknown>;
    return paged(filterUsers(q), Number(q.page ?? 1), Number(q.limit ?? 10));
  }),
  http.get(`${API}/sys/user/info/:id`, ({ params, request }) => {
    const found = users.find((u) => u.id === Number(params.id));
    return found ? ok(withRoleNames(found)) : fail(CODE.notFound, msg(request, 'err.notFound'));
  }),
  http.post(`${API}/sys/user/save`, async ({ request }) => {
    const parsed = await parse(request, userSaveSchema);
    if ('error' in parsed) return parsed.error;
    const { password, ...fields } = parsed.data;
    if (users.some((u) => u.username === fields.username)) return conflict(request, 'username');
    const id = ++nextId;
    users.push(user(id, fields.username, fields.realName, fields.roleIdList, { ...fields }));
    mockPasswords.set(id, password);
    return ok({ id });
  }),
  http.post(`${API}/sys/user/update`, async ({ request }) => {
    const parsed = await parse(request, userUpdateSchema);
    if ('error' in parsed) return parsed.error;
    const { id, ...fields } = parsed.data;
    if (id === SUPER_USER_ID && (fields.status === 0 || fields.expireAt)) return superUserRefused(request);
    const found = users.find((u) => u.id === id);
    if (!found) return fail(CODE.notFound, msg(request, 'err.notFound'));
    if (fields.username && users.some((u) => u.username === fields.username && u.id !== id)) return conflict(request, 'username');
    Object.assign(found, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
    return ok({ id });
  }),
  http.post(`${API}/sys/user/delete`, async ({ request }) => {
    const parsed = await parse(request, idListSchema);
    if ('error' in parsed) return parsed.error;
    if (parsed.data.includes(SUPER_USER_ID)) return superUserRefused(request);
    const before = users.length;
    users = users.filter((u) => !parsed.data.includes(u.id));
    return ok({ deleted: before - users.length });
  }),
  http.post(`${API}/sys/user/resetPassword`, async ({ request }) => {
    const parsed = await parse(request, resetPasswordSchema);
    if ('error' in parsed) return parsed.error;
    if (!users.some((u) => u.id === parsed.data.id)) return fail(CODE.notFound, msg(request, 'err.notFound'));
    mockPasswords.set(parsed.data.id, parsed.data.password);
    return ok(null);
  }),
  http.post(`${API}/sys/user/status`, async ({ request }) => {
    const parsed = await parse(request, userStatusBodySchema);
    if ('error' in parsed) return parsed.error;
    if (parsed.data.id === SUPER_USER_ID && parsed.data.status === 0) return superUserRefused(request);
    const found = users.find((u) => u.id === parsed.data.id);
    if (!found) return fail(CODE.notFound, msg(request, 'err.notFound'));
    found.status = parsed.data.status;
    return ok(null);
  }),
  http.post(`${API}/sys/user/export`, () => new HttpResponse('\uFEFFUsername\r\n', { headers: { 'content-type': 'text/csv' } })),

  http.get(`${API}/sys/role/select`, () => ok<RoleOption[]>(roles.map(({ id, code, name, nameEn }) => ({ id, code, name, nameEn })))),
  http.post(`${API}/sys/role/list`, async ({ request }) => {
    const q = (await request.json()) as Record<string, unknown>;
    const list = roles.filter((r) => !q.name || r.name.includes(String(q.name)) || r.nameEn.includes(String(q.name))).filter((r) => !q.code || r.code.includes(String(q.code)));
    return paged(list, Number(q.page ?? 1), Number(q.limit ?? 10));
  }),
  http.get(`${API}/sys/role/info/:id`, ({ params, request }) => {
    const found = roles.find((r) => r.id === Number(params.id));
    return found ? ok(found) : fail(CODE.notFound, msg(request, 'err.notFound'));
  }),
  http.post(`${API}/sys/role/save`, async ({ request }) => {
    const parsed = await parse(request, roleSaveSchema);
    if ('error' in parsed) return parsed.error;
    if (roles.some((r) => r.code === parsed.data.code)) return conflict(request, 'code');
    const id = ++nextId;
    roles.push({ id, ...parsed.data, createdAt: now, userCount: 0 });
    return ok({ id });
  }),
  http.post(`${API}/sys/role/update`, async ({ request }) => {
    const parsed = await parse(request, roleUpdateSchema);
    if ('error' in parsed) return parsed.error;
    const { id, ...fields } = parsed.data;
    const found = roles.find((r) => r.id === id);
    if (!found) return fail(CODE.notFound, msg(request, 'err.notFound'));
    if (fields.code && roles.some((r) => r.code === fields.code && r.id !== id)) return conflict(request, 'code');
    Object.assign(found, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
    return ok({ id });
  }),
  http.post(`${API}/sys/role/delete`, async ({ request }) => {
    const parsed = await parse(request, idListSchema);
    if ('error' in parsed) return parsed.error;
    const before = roles.length;
    roles = roles.filter((r) => !parsed.data.includes(r.id));
    return ok({ deleted: before - roles.length });
  }),

  http.get(`${API}/sys/menu/listAll`, () => ok(menus.map(withParentNames))),
  // The drag-sort: one parent's children in their new order (the server's rule: one parent only).
  http.post(`${API}/sys/menu/sort`, async ({ request }) => {
    const parsed = await parse(request, sortOrderSchema);
    if ('error' in parsed) return parsed.error;
    const rows = parsed.data.ids.map((id) => menus.find((m) => m.menuId === id));
    if (rows.some((m) => !m)) return fail(CODE.badRequest, msg(request, 'v.option'), { fields: { ids: msg(request, 'v.option') } });
    if (new Set(rows.map((m) => m!.parentId)).size > 1) return fail(CODE.badRequest, msg(request, 'v.sortSiblings'), { fields: { ids: msg(request, 'v.sortSiblings') } });
    menus = menus.map((m) => (parsed.data.ids.includes(m.menuId) ? { ...m, sort: parsed.data.ids.indexOf(m.menuId) + 1 } : m));
    return ok({ sorted: parsed.data.ids.length });
  }),
  http.get(`${API}/sys/menu/info/:menuId`, ({ params, request }) => {
    const found = menus.find((m) => m.menuId === Number(params.menuId));
    return found ? ok(withParentNames(found)) : fail(CODE.notFound, msg(request, 'err.notFound'));
  }),
  http.get(`${API}/sys/menu/queryAllMenuId`, ({ request }) => {
    const roleId = new URL(request.url).searchParams.get('roleId');
    if (!roleId) return ok(menus.map((m) => m.menuId));
    const role = roles.find((r) => r.id === Number(roleId));
    return role ? ok(role.menuIdList) : fail(CODE.notFound, msg(request, 'err.notFound'));
  }),
  http.get(`${API}/sys/menu/select`, () => ok(selectTree(0))),
  http.post(`${API}/sys/menu/save`, async ({ request }) => {
    const parsed = await parse(request, menuSaveSchema);
    if ('error' in parsed) return parsed.error;
    const menuId = ++nextId;
    menus.push({ ...parsed.data, menuId, parentName: '' });
    return ok({ menuId });
  }),
  http.post(`${API}/sys/menu/update`, async ({ request }) => {
    const parsed = await parse(request, menuUpdateSchema);
    if ('error' in parsed) return parsed.error;
    const found = menus.find((m) => m.menuId === parsed.data.menuId);
    if (!found) return fail(CODE.notFound, msg(request, 'err.notFound'));
    Object.assign(found, parsed.data);
    return ok({ menuId: found.menuId });
  }),
  http.post(`${API}/sys/menu/delete/:menuId`, ({ params, request }) => {
    const menuId = Number(params.menuId);
    if (menus.some((m) => m.parentId === menuId)) return fail(CODE.badRequest, msg(request, 'err.hasChildren'));
    menus = menus.filter((m) => m.menuId !== menuId);
    return ok(null);
  }),
  http.post(`${API}/sys/menu/updateState`, async ({ request }) => {
    const parsed = await parse(request, menuStateSchema);
    if ('error' in parsed) return parsed.error;
    const found = menus.find((m) => m.menuId === parsed.data.menuId);
    if (!found) return fail(CODE.notFound, msg(request, 'err.notFound'));
    found.status = parsed.data.status;
    return ok(null);
  }),
];
