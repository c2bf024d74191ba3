import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { http, HttpResponse } from 'msw';
import { login } from '@client/lib/session';
import { fill, renderKit } from '@tests/helpers/kit-render';
import { server } from '../../../../../mocks/server';
import { API } from '../../../../../mocks/envelope';
import { resetSystemIdentity } from '../../../../../mocks/handlers/system-identity';
import RolesPage from './role.screen';
import { listDialog } from '@tests/helpers/list-dialog';

function renderRoles() {
  login('t-roles', { id: 1, username: 'admin', realName: '', email: '', phone: '', avatar: '', roles: ['administrator'], perms: [], menus: [] });
  return renderKit(
    <>
      <Notifications />
      <RolesPage />
    </>,
  );
}
const table = () => screen.getByRole('table', { name: '角色管理' });

// The dialogs are heavy and the test machine is shared: give async queries room.
configure({ asyncUtilTimeout: 15_000 });

describe('roles screen', { timeout: 60_000 }, () => {
  beforeEach(() => resetSystemIdentity());

  it('creates a role granting a button: its menu and directory come along', async () => {
    const saved: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/sys/role/save')) saved.push(await request.clone().json());
    });
    renderRoles();
    expect(await within(table()).findByText('operator')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await listDialog('角色管理 · 新增');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getAllByText('必填项')).toHaveLength(2);
    await fill(within(dialog).getByRole('textbox', { name: '角色编码' }), 'auditor');
    await fill(within(dialog).getByRole('textbox', { name: '角色名称' }), '审计');
    await within(dialog).findByRole('checkbox', { name: '系统管理' });
    await userEvent.click(within(dialog).getByRole('button', { name: '全部展开' }));
    const listButtons = within(dialog).getAllByRole('checkbox', { name: '查询' });
    await userEvent.click(listButtons[0]);
    expect(within(dialog).getByText('已授权 3 项')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: '用户管理' })).toHaveProperty('indeterminate', true);
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(table()).findByText('auditor')).toBeInTheDocument();
    expect(saved.at(-1)).toMatchObject({ code: 'auditor', name: '审计', nameEn: '', remark: '', menuIdList: [1, 2, 3], dataScope: 'all', projectIdList: [] });
    server.events.removeAllListeners();
  });

  it('limits a role to chosen projects, picked with the mouse from a searchable list', async () => {
    const saved: Record<string, unknown>[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/sys/role/save')) saved.push(await request.clone().json());
    });
    renderRoles();
    await within(table()).findByText('operator');
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await listDialog('角色管理 · 新增');
    await fill(within(dialog).getByRole('textbox', { name: '角色编码' }), 'westlake');
    await fill(within(dialog).getByRole('textbox', { name: '角色名称' }), '西湖运维');
    expect(within(dialog).queryByText('可见项目')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByText('指定项目'));
    // Chosen projects with none picked is refused before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(saved).toHaveLength(0);
    const picker = within(dialog).getAllByLabelText(/可见项目/).find((el) => el.tagName === 'INPUT')!;
    await userEvent.click(picker);
    const options = await screen.findAllByRole('option');
    const first = options[0];
    const name = first.textContent ?? '';
    await userEvent.click(first);
    expect(within(dialog).getAllByText(name).length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ code: 'westlake', dataScope: 'projects' });
    expect(saved[0].projectIdList).toEqual([expect.any(Number)]);
    server.events.removeAllListeners();
  });

  it('edits a role: the tree shows its grants; unchecking a directory clears everything below', async () => {
    renderRoles();
    await within(table()).findByText('operator');
    const row = within(table()).getByText('operator').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '修改' }));
    const dialog = await listDialog('角色管理 · 修改');
    const ops = await within(dialog).findByRole('checkbox', { name: '水景运维' });
    await waitFor(() => expect(ops).toBeChecked());
    expect(within(dialog).getByRole('checkbox', { name: '系统管理' })).not.toBeChecked();
    await userEvent.click(ops);
    expect(within(dialog).getByText('已授权 0 项')).toBeInTheDocument();
  });

  it('shows the server conflict under the code field', async () => {
    server.use(http.post(`${API}/sys/role/save`, () => HttpResponse.json({ code: 409, msg: '数据已存在', data: { fields: { code: '数据已存在' } } }, { status: 409 })));
    renderRoles();
    await within(table()).findByText('operator');
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await listDialog('角色管理 · 新增');
    await fill(within(dialog).getByRole('textbox', { name: '角色编码' }), 'operator');
    await fill(within(dialog).getByRole('textbox', { name: '角色名称' }), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('数据已存在')).toBeInTheDocument();
  });
});
