import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE } from '@shared/constants';
import { server } from '../../../mocks/server';
import { API, fail } from '../../../mocks/envelope';
import { MOCK_MENUS } from '../../../mocks/handlers/auth';
import { getSession, getToken, loginDisplay } from '../lib/session';
import { buildMenuRoutes } from './router';
import { SCREENS } from './screens';
import { renderApp, resetClientState, signIn, warmUpShell } from '@tests/helpers/app-render';

const helpMenu = MOCK_MENUS.find((m) => m.url.startsWith('https://'))!;
const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname + router.state.location.search;

function countNavCalls() {
  const calls = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === `${API}/sys/menu/nav`) calls.count += 1;
  });
  return calls;
}

describe('menu routes', () => {
  it('are built from the nav tree: url without its leading slash, external url as iframe/<menuId>', () => {
    const routes = buildMenuRoutes([
      { menuId: 1, parentId: 0, name: '目录', nameEn: 'Dir', url: '', icon: '', menuCode: 'dir', type: 0, list: [
        { menuId: 2, parentId: 1, name: '用户', nameEn: 'Users', url: '/sys/user', icon: 'user', menuCode: 'sys-user', type: 1, list: [] },
        { menuId: 3, parentId: 1, name: '日志', nameEn: 'Log', url: 'sys/log', icon: '', menuCode: 'sys-log', type: 1, list: [] },
      ] },
      { menuId: 9, parentId: 0, name: '外链', nameEn: 'External', url: 'https://example.com/x', icon: '', menuCode: 'ext', type: 1, list: [] },
    ]);
    expect(routes.map((r) => r.path)).toEqual(['sys/user', 'sys/log', 'iframe/9']);
    expect(routes.map((r) => (r.handle as { menuPath: string }).menuPath)).toEqual(['/main/sys/user', '/main/sys/log', '/main/iframe/9']);
  });
});

describe('navigation check', () => {
  beforeAll(warmUpShell, 60_000);
  beforeEach(resetClientState);
  const registered = { ...SCREENS };
  afterEach(() => {
    server.events.removeAllListeners();
    for (const key of Object.keys(SCREENS)) delete SCREENS[key];
    Object.assign(SCREENS, registered);
  });

  it('sends a /main path without a token to login, keeping where the user was going', async () => {
    const { router } = renderApp('/main/sys/user');
    await waitFor(() => expect(path(router)).toBe('/login?redirect=%2Fmain%2Fsys%2Fuser'));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('lets an allow-listed /main path through without a token, but not a route that requires login', async () => {
    window.__APP_CONFIG__ = { whitelist: ['/login', '/main'] };
    const first = renderApp('/main');
    await waitFor(() => expect(first.router.state.navigation.state).toBe('idle'));
    expect(path(first.router)).toBe('/main');
    first.unmount();

    const second = renderApp('/main/account');
    await waitFor(() => expect(path(second.router)).toBe('/login?redirect=%2Fmain%2Faccount'));
  });

  it('leaves a project wall alone without a token (a public project shows its public view)', async () => {
    const { router } = renderApp('/page/project/7');
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(path(router)).toBe('/page/project/7');
  });

  it('sends an anonymous overview or detail wall to login before any call is made', async () => {
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url).pathname;
      if (url.startsWith(API) && !url.endsWith('/captcha')) calls.push(url);
    });
    for (const wall of ['/page', '/page/detail', '/page/model/1/1']) {
      const { router, unmount } = renderApp(wall);
      await waitFor(() => expect(path(router)).toBe(`/login?redirect=${encodeURIComponent(wall)}`));
      unmount();
    }
    expect(calls).toEqual([]);
  });

  it('sends a kiosk display that opens the back-office to /403, not an error', async () => {
    loginDisplay('some-display-token', 'display');
    const { router } = renderApp('/main');
    await waitFor(() => expect(path(router)).toBe('/403'));
  });

  it("lands a project visitor on their project's wall from every route they cannot use, before any call", async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    for (const from of ['/page', '/page/detail', '/main', '/main/fall/order', '/', '/test']) {
      loginDisplay('visitor-token', 'visitor', 7);
      const { router, unmount } = renderApp(from);
      await waitFor(() => expect(path(router), from).toBe('/page/project/7'));
      unmount();
    }
    // Nothing of the overview or the back-office was asked for (each answered a visitor 403).
    expect(asked.filter((p) => p.startsWith(`${API}/`) && !p.startsWith(`${API}/wall/`) && !p.startsWith(`${API}/public/`) && !p.startsWith(`${API}/live/`) && !p.startsWith(`${API}/ball/fallwarning/`))).toEqual([]);
    // Another public project's page and the sign-in forms stay open to them.
    for (const open of ['/page/project/9', '/login2/9', '/login']) {
      loginDisplay('visitor-token', 'visitor', 7);
      const { router, unmount } = renderApp(open);
      await new Promise((r) => setTimeout(r, 50));
      expect(path(router)).toBe(open);
      unmount();
    }
    // A visitor whose tab does not know the project is asked for its password.
    loginDisplay('visitor-token', 'visitor');
    const { router } = renderApp('/page');
    await waitFor(() => expect(path(router)).toBe('/login2'));
  });

  it('loads the menus once after login, then opens a menu route (a not-built screen shows a placeholder)', async () => {
    delete SCREENS['fall/report'];
    await signIn('operator');
    const nav = countNavCalls();
    const { router } = renderApp('/main/fall/report');
    expect(await screen.findByRole('status')).toHaveTextContent('该页面尚未建成');
    expect(path(router)).toBe('/main/fall/report');

    await router.navigate('/main/fall/order');
    await waitFor(() => expect(screen.getByRole('tab', { name: /维修工单/ })).toHaveAttribute('aria-selected', 'true'));
    await router.navigate('/main');
    await waitFor(() => expect(screen.getByRole('tab', { name: /首页/ })).toHaveAttribute('aria-selected', 'true'));
    expect(nav.count).toBe(1);
    expect(getSession().access.can).toEqual(['fall-order#list', 'fall-order#save', 'fall-report#list']);
  });

  it('renders the registered screen of a menu url', async () => {
    // A url no earlier test opened: screens are cached per url once a tab has shown them.
    SCREENS['fall/report'] = () => Promise.resolve({ default: () => <p>reports screen</p> });
    await signIn('operator');
    renderApp('/main/fall/report');
    expect(await screen.findByText('reports screen')).toBeInTheDocument();
  });

  it('sends a direct link to a screen outside the user’s menus to /403', async () => {
    await signIn('operator');
    const { router } = renderApp('/main/sys/user');
    await waitFor(() => expect(path(router)).toBe('/403'));
    expect(await screen.findByRole('heading', { name: '没有访问权限' })).toBeInTheDocument();
  });

  it('lets the super user open every menu route, an external one as an embedded frame', async () => {
    await signIn('admin');
    const { router } = renderApp(`/main/iframe/${helpMenu.menuId}`);
    const frame = await screen.findByTitle('帮助文档（外部页面）');
    expect(frame).toHaveAttribute('src', 'https://example.com/');
    await router.navigate('/main/sys/user');
    await waitFor(() => expect(path(router)).toBe('/main/sys/user'));
  });

  it('clears the session and goes to login when a call answers 401', async () => {
    await signIn('admin');
    server.use(http.get(`${API}/sys/user/info`, () => fail(CODE.unauthorized, '未登录')));
    const { router } = renderApp('/main/account');
    await waitFor(() => expect(path(router)).toBe('/login?redirect=%2Fmain%2Faccount'));
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem('TOKEN')).toBeNull();
  });

  it('shows a kiosk wall whose display token was revoked a notice on the wall, not a login form', async () => {
    loginDisplay('revoked-display-token', 'display');
    server.use(http.all(`${API}/*`, () => fail(CODE.unauthorized, '未登录')));
    const { router } = renderApp('/page');
    await waitFor(() => expect(path(router)).toBe('/page/ended'));
    expect(await screen.findByRole('heading', { name: '此大屏的显示链接已失效' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '登录' })).not.toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it("sends a project visitor whose session ended back to that project's password form", async () => {
    loginDisplay('expired-visitor-token', 'visitor');
    server.use(http.all(`${API}/*`, () => fail(CODE.unauthorized, '未登录')));
    const { router } = renderApp('/page/project/7');
    await waitFor(() => expect(path(router)).toBe('/login2/7'));
    expect(getToken()).toBeNull();
  });
});
