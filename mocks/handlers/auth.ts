import { http, HttpResponse } from 'msw';
import { CODE, SUPER_USER_ID, TICKET_TTL_MS } from '@shared/constants';
import { ticketRequestSchema, type Ticket } from '@shared/contracts/ticket';
import type { LoginResult, NavMenu, NavResult, SessionUser } from '@shared/contracts/auth';
import { changePasswordSchema, loginBodySchema, profileSchema } from '@shared/contracts/auth';
import { localeFromHeader, translate } from '@shared/messages';
import { MENU_GROUPS, RESOURCE_LIST, RESOURCES, type MenuCode, type PermissionCode } from '@shared/resources';
import { API, demoDelay, fail, ok } from '../envelope';

/**
 * Sign-in, menus and one's own account (docs/domain.md §2), for client tests and `npm run dev:mock`.
 * Accounts: admin / admin123 (the super user, every menu) and operator / operator123 (operations
 * menus only). A captcha is checked only when the client sends a uuid (captcha switched on).
 */
let nextId = 100;
const menu = (name: string, nameEn: string, url: string, icon: string, menuCode: string, list: NavMenu[] = []): NavMenu => ({
  menuId: ++nextId, parentId: 0, name, nameEn, url, icon, menuCode, type: list.length ? 0 : 1, list,
});

/**
 * The menus the server seeds, read from the resource registry (src/shared/resources.ts) as
 * db/seed/menus.ts reads it: each group's directory, then its resources' menus in registry order;
 * and one external link an administrator might add (the registry holds no such menu).
 */
export const MOCK_MENUS: NavMenu[] = [
  ...Object.values(MENU_GROUPS).map((group) =>
    menu(group.name, group.nameEn, '', group.icon, group.code,
      RESOURCE_LIST.flatMap((r) => (r.menu?.parent === group.code ? [menu(r.menu.name, r.menu.nameEn, r.menu.url, r.menu.icon, r.code)] : []))),
  ),
  menu('帮助文档', 'Help', 'https://example.com/', 'book', 'help'),
];

const OPERATOR_CODES = new Set<string>(['fall', RESOURCES.order.code, RESOURCES.report.code] satisfies MenuCode[]);
const operatorMenus = (menus: NavMenu[]): NavMenu[] =>
  menus.filter((m) => OPERATOR_CODES.has(m.menuCode)).map((m) => ({ ...m, list: operatorMenus(m.list) }));
const flat = (menus: NavMenu[]): NavMenu[] => menus.flatMap((m) => [m, ...flat(m.list)]);

interface MockAccount {
  password: string;
  user: SessionUser;
  menus: NavMenu[];
}

/** The seeded roles' names (db/seed/menus.ts ROLE_SEEDS), which the account page shows. */
const ROLE_NAMES: Record<string, { name: string; nameEn: string }> = {
  administrator: { name: '系统管理员', nameEn: 'Administrator' },
  operator: { name: '运维人员', nameEn: 'Operator' },
};

const account = (id: number, username: string, realName: string, roles: string[], perms: PermissionCode[], menus: NavMenu[]): MockAccount => ({
  password: `${username}123`,
  menus,
  user: {
    id, username, realName, email: `${username}@example.com`, phone: '13800000000', avatar: '', roles, perms,
    roleNames: roles.map((code) => ({ code, ...ROLE_NAMES[code] })),
    menus: flat(menus).map((m) => ({ menuId: m.menuId, menuCode: m.menuCode })),
  },
});

export const MOCK_ACCOUNTS: Record<string, MockAccount> = {
  admin: account(SUPER_USER_ID, 'admin', '管理员', ['administrator'], [], MOCK_MENUS),
  operator: account(2, 'operator', '运维人员', ['operator'], ['fall-order#list', 'fall-order#save', 'fall-report#list'], operatorMenus(MOCK_MENUS)),
};

/**
 * Tokens name their user (`mock-<username>-<random>`) so a session survives a page reload in the
 * offline demo, where the handlers' memory starts afresh; logged-out tokens are remembered.
 */
const loggedOut = new Set<string>();
const captchas = new Map<string, string>();

const localeOf = (request: Request) => localeFromHeader(request.headers.get('accept-language'));
const message = (request: Request, key: string) => translate(key, localeOf(request));

function accountOf(request: Request): MockAccount | null {
  const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  const username = /^mock-([a-z]+)-/.exec(token)?.[1];
  return username && !loggedOut.has(token) ? (MOCK_ACCOUNTS[username] ?? null) : null;
}

const unauthorized = (request: Request) => fail(CODE.unauthorized, message(request, 'err.unauthorized'));

function captchaSvg(code: string): string {
  const letters = [...code]
    .map((c, i) => `<text x="${14 + i * 24}" y="${26 + (i % 2 ? 3 : -2)}" transform="rotate(${i % 2 ? 8 : -8} ${14 + i * 24} 22)">${c}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="112" height="36" viewBox="0 0 112 36"><rect width="112" height="36" fill="#eef7fb"/><path d="M0 24 Q28 6 56 20 T112 14" stroke="#7cc6de" fill="none" stroke-width="2"/><g font-family="monospace" font-size="22" font-weight="700" fill="#0e7490">${letters}</g></svg>`;
}

export const authHandlers = [
  http.get(`${API}/sys/captcha`, async ({ request }) => {
    await demoDelay();
    const uuid = new URL(request.url).searchParams.get('uuid') ?? '';
    const code = Math.random().toString(36).slice(2, 6).toUpperCase().replace(/[O0]/g, 'A');
    captchas.set(uuid, code);
    return new HttpResponse(captchaSvg(code), { headers: { 'Content-Type': 'image/svg+xml' } });
  }),

  http.post(`${API}/sys/login`, async ({ request }) => {
    await demoDelay();
    const parsed = loginBodySchema.safeParse(await request.json());
    if (!parsed.success) return fail(CODE.badRequest, message(request, 'err.badRequest'));
    const { username, password, captcha, uuid } = parsed.data;
    if (uuid) {
      const expected = captchas.get(uuid);
      captchas.delete(uuid);
      if (!expected || expected.toLowerCase() !== captcha.toLowerCase()) return fail(CODE.badRequest, message(request, 'login.captcha'));
    }
    const found = MOCK_ACCOUNTS[username];
    if (!found) return fail(CODE.badRequest, message(request, 'login.noAccount'));
    if (found.password !== password) return fail(CODE.badRequest, message(request, 'login.password'));
    const token = `mock-${username}-${Math.random().toString(36).slice(2)}`;
    return ok<LoginResult>({ token, expire: 43_200, user: found.user });
  }),

  // Tickets for URLs that cannot carry the header (event streams, download links): docs/decisions.md "API".
  http.post(`${API}/auth/ticket`, async ({ request }) => {
    if (!request.headers.get('authorization')) return fail(CODE.unauthorized, message(request, 'err.unauthorized'));
    const parsed = ticketRequestSchema.safeParse(await request.json());
    if (!parsed.success) return fail(CODE.badRequest, message(request, 'err.badRequest'));
    return ok<Ticket>({ ticket: `mock-${parsed.data.purpose}-${Math.random().toString(36).slice(2)}`, expiresAt: Date.now() + TICKET_TTL_MS });
  }),

  http.post(`${API}/sys/logout`, ({ request }) => {
    loggedOut.add(request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
    return ok(null);
  }),

  http.get(`${API}/sys/menu/nav`, async ({ request }) => {
    await demoDelay();
    const found = accountOf(request);
    if (!found) return unauthorized(request);
    return ok<NavResult>({ menuList: found.menus, permissions: found.user.perms });
  }),

  http.get(`${API}/sys/user/info`, async ({ request }) => {
    await demoDelay();
    const found = accountOf(request);
    return found ? ok(found.user) : unauthorized(request);
  }),

  http.post(`${API}/sys/user/profile`, async ({ request }) => {
    const found = accountOf(request);
    if (!found) return unauthorized(request);
    const parsed = profileSchema.safeParse(await request.json());
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), message(request, i.message)]));
      return fail(CODE.badRequest, message(request, 'err.badRequest'), { fields });
    }
    Object.assign(found.user, parsed.data);
    return ok(null);
  }),

  http.post(`${API}/sys/user/password`, async ({ request }) => {
    const found = accountOf(request);
    if (!found) return unauthorized(request);
    const parsed = changePasswordSchema.safeParse(await request.json());
    if (!parsed.success) return fail(CODE.badRequest, message(request, 'err.badRequest'));
    if (parsed.data.password !== found.password) {
      return fail(CODE.badRequest, message(request, 'err.oldPassword'), { fields: { password: message(request, 'err.oldPassword') } });
    }
    found.password = parsed.data.newPassword;
    return ok(null);
  }),

  http.post(`${API}/ball/public/login2`, async ({ request }) => {
    const body = (await request.json()) as { projectId?: number; password?: string };
    if (!body.password || body.password !== 'visitor') return fail(CODE.badRequest, message(request, 'login.password'));
    return ok({ token: `visitor-${body.projectId}` });
  }),
];
