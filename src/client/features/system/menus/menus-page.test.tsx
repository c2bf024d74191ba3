import { beforeEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { login } from '@client/lib/session';
import { fill, renderKit } from '@tests/helpers/kit-render';
import { resetSystemIdentity } from '../../../../../mocks/handlers/system-identity';
import { server } from '../../../../../mocks/server';
import MenusPage, { toTree } from './menu.screen';
import { componentName } from '@client/components/icon-glyph';

function renderMenus(perms: string[] = [], id = 1) {
  login('t-menus', { id, username: 'admin', realName: '', email: '', phone: '', avatar: '', roles: [], perms, menus: [] });
  return renderKit(
    <>
      <Notifications />
      <MenusPage />
    </>,
  );
}
const table = () => screen.getByRole('table', { name: '菜单管理' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr')!;
const drag = (from: HTMLElement, to: HTMLElement) => {
  const data = new Map<string, string>();
  const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: '' };
  fireEvent.dragStart(from, { dataTransfer });
  fireEvent.dragOver(to, { dataTransfer });
  fireEvent.drop(to, { dataTransfer });
};

// The dialogs are heavy and the test machine is shared: give async queries room.
configure({ asyncUtilTimeout: 15_000 });

describe('menus screen', { timeout: 60_000 }, () => {
  beforeEach(() => resetSystemIdentity());

  it('builds the tree by parent and sort number', () => {
    const row = (menuId: number, parentId: number, sort: number) => ({ menuId, parentId, sort, parentName: '', name: '', nameEn: '', type: 0, url: '', perms: '', menuCode: '', icon: '', status: 0 });
    expect(toTree([row(1, 0, 2), row(2, 0, 1), row(3, 1, 1)]).map((n) => [n.menuId, n.children.map((c) => c.menuId)])).toEqual([[2, []], [1, [3]]]);
    expect(componentName('menu-2')).toBe('IconMenu2');
    expect(componentName('clipboard-list')).toBe('IconClipboardList');
  });

  it('shows directories at the top and opens them to their menus and buttons', async () => {
    renderMenus();
    expect(await within(table()).findByText('系统管理')).toBeInTheDocument();
    expect(within(table()).queryByText('用户管理')).not.toBeInTheDocument();
    const sys = within(table()).getByText('系统管理').closest('tr')!;
    await userEvent.click(within(sys).getByRole('button', { expanded: false }));
    expect(await within(table()).findByText('用户管理')).toBeInTheDocument();
    expect(within(table()).getByText('sys/user')).toBeInTheDocument();
  });

  it('drags a menu before its sibling and stores the order; a menu of another parent is not mixed in', async () => {
    const sent: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/sys/menu/sort')) void request.clone().json().then((b) => sent.push(b));
    });
    renderMenus(['sys-menu#update'], 9);
    await within(table()).findByText('系统管理');
    await userEvent.click(within(rowOf('系统管理')).getByRole('button', { expanded: false }));
    await userEvent.click(within(rowOf('水景运维')).getByRole('button', { expanded: false }));
    await within(table()).findByText('角色管理');
    const names = () => within(table()).getAllByRole('row').map((r) => r.textContent ?? '').filter((x) => /用户管理|角色管理/.test(x)).map((x) => (x.includes('用户管理') ? '用户管理' : '角色管理'));
    expect(names()).toEqual(['用户管理', '角色管理']);
    drag(rowOf('角色管理'), rowOf('用户管理'));
    await waitFor(() => expect(names()).toEqual(['角色管理', '用户管理']));
    expect(sent).toEqual([{ ids: [5, 2] }]);
    // another parent's menu: refused on the client with the server's words, nothing sent
    drag(rowOf('维修工单'), rowOf('用户管理'));
    expect(await screen.findByText('只能调整同一级内的顺序')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    server.events.removeAllListeners();
  });

  it('adds a child menu: a menu needs a url; then it appears', async () => {
    renderMenus();
    await within(table()).findByText('系统管理');
    const sys = within(table()).getByText('系统管理').closest('tr')!;
    await userEvent.click(within(sys).getByRole('button', { name: '新增下级' }));
    const dialog = await screen.findByRole('dialog', { name: '新增' });
    await fill(within(dialog).getByRole('textbox', { name: '名称' }), '巡检');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('必填项')).toBeInTheDocument();
    await fill(within(dialog).getByRole('textbox', { name: /路由地址/ }), 'sys/inspection');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增' })).not.toBeInTheDocument());
    await userEvent.click(within(within(table()).getByText('系统管理').closest('tr')!).getByRole('button', { expanded: false }));
    expect(await within(table()).findByText('巡检')).toBeInTheDocument();
  });

  it('refuses to delete a menu with children, with the server message', async () => {
    renderMenus();
    await within(table()).findByText('系统管理');
    await userEvent.click(screen.getByRole('button', { name: '删除 系统管理' }));
    const confirm = await screen.findByRole('dialog', { name: '提示' });
    await userEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请先删除子菜单')).toBeInTheDocument();
    expect(within(table()).getByText('系统管理')).toBeInTheDocument();
  });

  it('switches a menu off and shows state tags to a reader', async () => {
    renderMenus();
    await within(table()).findByText('水景运维');
    const toggle = screen.getByRole('switch', { name: '状态 水景运维' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: '状态 水景运维' })).not.toBeChecked());
  });

  it('offers no changes to a user who may only read', async () => {
    renderMenus(['sys-menu#list'], 9);
    await within(table()).findByText('水景运维');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删除|修改|新增/ })).not.toBeInTheDocument();
    expect(within(table()).getAllByText('正常').length).toBeGreaterThan(0);
  });
});
