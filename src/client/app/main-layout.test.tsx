import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import i18n from '../lib/i18n';
import { renderApp, resetClientState, warmUpShell, signIn } from '@tests/helpers/app-render';
import { reloadTabs } from './tabs-store';
import { SCREENS } from './screens';

// The layout is under test, not the screens other features register: every menu shows the placeholder.
const registered = { ...SCREENS };

describe('back-office layout', () => {
  beforeAll(warmUpShell, 60_000);
  beforeEach(async () => {
    for (const key of Object.keys(SCREENS)) delete SCREENS[key];
    await resetClientState();
    await signIn('admin');
  });
  afterEach(() => Object.assign(SCREENS, registered));

  it('builds the side navigation from the menus and opens each screen as a tab', async () => {
    const { router } = renderApp('/main');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    await user.click(within(nav).getByText('系统管理'));
    await user.click(await within(nav).findByRole('link', { name: '用户管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/sys/user'));
    expect(await screen.findByRole('tab', { name: /用户管理/ })).toHaveAttribute('aria-selected', 'true');
    // The tab strip shows the active path at once; the effect that saves the open tabs runs just after.
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.tabs)!)).toEqual(['/main', '/main/sys/user']));
  });

  it('shows the bell with the unread count; a notification opens its order in My orders and is marked read', async () => {
    const { router } = renderApp('/main');
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: '通知 · 1 条未读' });
    await user.click(bell);
    const item = await screen.findByText(/WO-20261120-0001 · 主泵异响/);
    await user.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/fall/my-order'));
    expect(router.state.location.search).toBe('?open=1');
    expect(await screen.findByRole('button', { name: '通知 · 0 条未读' })).toBeInTheDocument();
  });

  it('keeps a tab’s state while another is shown, and closes tabs except home', async () => {
    const { router } = renderApp('/main/account');
    const user = userEvent.setup();
    const realName = await screen.findByLabelText(/姓名/);
    await user.clear(realName);
    await user.type(realName, '未保存的名字');

    await user.click(screen.getByRole('tab', { name: /首页/ }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /首页/ })).toHaveAttribute('aria-selected', 'true'));
    expect(router.state.location.pathname).toBe('/main');
    await user.click(screen.getByRole('tab', { name: /个人信息/ }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /个人信息/ })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByLabelText(/姓名/)).toHaveValue('未保存的名字');

    expect(screen.queryByRole('button', { name: '关闭 首页' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '关闭 个人信息' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
    await waitFor(() => expect(screen.queryByRole('tab', { name: /个人信息/ })).not.toBeInTheDocument());
  });

  it('restores the open tabs after a reload, titled in the current language', async () => {
    sessionStorage.setItem(STORAGE_KEYS.tabs, JSON.stringify(['/main', '/main/account', '/main/sys/role']));
    reloadTabs();
    await i18n.changeLanguage('en');
    renderApp('/main');
    expect(await screen.findByRole('tab', { name: /Personal information/ })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: /Roles/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Home/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('switches the language and keeps the choice in localStorage', async () => {
    renderApp('/main');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '语言' }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Home/ })).toBeInTheDocument();
  });

  it('logs out: tells the server, clears the session and goes to login', async () => {
    const { router } = renderApp('/main');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '用户菜单' }));
    await user.click(await screen.findByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('folds the sidebar and remembers it', async () => {
    renderApp('/main');
    const user = userEvent.setup();
    const [desktopBurger] = await screen.findAllByRole('button', { name: '折叠或展开侧边栏' });
    await user.click(desktopBurger);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.layout)!)).toMatchObject({ folded: true });
  });

  it('puts the menus in a bar at the top when the navbar type says so, and remembers it', async () => {
    const { router } = renderApp('/main');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '菜单放在顶部' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.layout)!)).toMatchObject({ navbar: 'top' });
    // Only the phone's burger is left: no sidebar to fold on a wide screen.
    expect(screen.getAllByRole('button', { name: '折叠或展开侧边栏' })).toHaveLength(1);
    const bars = screen.getAllByRole('navigation', { name: '主导航' });
    const top = bars.find((nav) => nav.closest('header'))!;
    await user.click(within(top).getByRole('button', { name: /系统管理/ }));
    await user.click(await screen.findByRole('menuitem', { name: /用户管理/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/sys/user'));
    await user.click(screen.getByRole('button', { name: '菜单放在侧边' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.layout)!)).toMatchObject({ navbar: 'side' });
  });
});

