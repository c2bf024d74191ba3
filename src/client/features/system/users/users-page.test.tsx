import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { login } from '@client/lib/session';
import { fill, renderKit } from '@tests/helpers/kit-render';
import { mockPasswords, resetSystemIdentity } from '../../../../../mocks/handlers/system-identity';
import UsersPage from './user.screen';
import { listDialog } from '@tests/helpers/list-dialog';

const ALL = ['sys-user#list', 'sys-user#info', 'sys-user#save', 'sys-user#update', 'sys-user#delete', 'sys-user#export', 'sys-user#resetPassword', 'sys-user#status'];

function renderUsers(perms = ALL) {
  login('t-users', { id: 7, username: 'ops', realName: '', email: '', phone: '', avatar: '', roles: ['ops'], perms, menus: [] });
  return renderKit(
    <>
      <Notifications />
      <UsersPage />
    </>,
  );
}
const table = () => screen.getByRole('table', { name: '用户管理' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;

// The dialogs are heavy and the test machine is shared: give async queries room.
configure({ asyncUtilTimeout: 15_000 });

describe('users screen', { timeout: 60_000 }, () => {
  beforeEach(() => resetSystemIdentity());

  it('lists users with their roles and the user status tags of spec §4', async () => {
    renderUsers();
    expect(await within(table()).findByText('operator')).toBeInTheDocument();
    expect(within(rowOf('operator')).getByText('运维人员')).toBeInTheDocument();
    const normal = within(rowOf('operator')).getByText('正常').closest('[data-color]');
    expect(normal).toHaveAttribute('data-color', 'success');
    const disabled = within(rowOf('retired')).getByText('禁用').closest('[data-color]');
    expect(disabled).toHaveAttribute('data-color', 'warning');
    expect(within(rowOf('operator')).getByText('永不过期')).toBeInTheDocument();
    // the super user has no switch and no reset button
    expect(within(rowOf('admin')).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(rowOf('admin')).queryByRole('button', { name: /重置密码/ })).not.toBeInTheDocument();
  });

  it('adds a user: the password is required on add, phone format checked, roles picked', async () => {
    renderUsers();
    await within(table()).findByText('operator');
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await listDialog('用户管理 · 新增');
    await fill(within(dialog).getByRole('textbox', { name: '用户名' }), 'zhang');
    await fill(within(dialog).getByRole('textbox', { name: '手机号' }), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByText('密码不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('手机号格式错误')).toBeInTheDocument();
    await fill(within(dialog).getByLabelText(/^密码/), 'zhang123');
    await fill(within(dialog).getByRole('textbox', { name: '手机号' }), '13900139000');
    await userEvent.click(within(dialog).getAllByLabelText('角色').find((el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden')!);
    await userEvent.click(await screen.findByRole('option', { name: '运维人员' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '用户管理 · 新增' })).not.toBeInTheDocument());
    expect(await within(table()).findByText('zhang')).toBeInTheDocument();
    expect(within(rowOf('zhang')).getByText('运维人员')).toBeInTheDocument();
    expect([...mockPasswords.values()]).toContain('zhang123');
  });

  it('shows the server 409 under the username field', async () => {
    renderUsers();
    await within(table()).findByText('operator');
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await listDialog('用户管理 · 新增');
    await fill(within(dialog).getByRole('textbox', { name: '用户名' }), 'operator');
    await fill(within(dialog).getByLabelText(/^密码/), 'secret12');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('数据已存在')).toBeInTheDocument();
  });

  it('edits without a password field and sends no password', async () => {
    renderUsers();
    await within(table()).findByText('operator');
    await userEvent.click(within(rowOf('operator')).getByRole('button', { name: '修改' }));
    const dialog = await listDialog('用户管理 · 修改');
    const realName = within(dialog).getByRole('textbox', { name: '姓名' });
    await waitFor(() => expect(realName).toHaveValue('李工'));
    expect(within(dialog).queryByLabelText(/^密码/)).not.toBeInTheDocument();
    await fill(realName, '李工程师');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(table()).findByText('李工程师')).toBeInTheDocument();
  });

  it('resets a password through a prompt that checks the length', async () => {
    renderUsers();
    await within(table()).findByText('operator');
    await userEvent.click(within(rowOf('operator')).getByRole('button', { name: '重置密码 operator' }));
    const prompt = await screen.findByRole('dialog', { name: '重置密码' });
    const input = within(prompt).getByRole('textbox');
    await fill(input, '123');
    await userEvent.click(within(prompt).getByRole('button', { name: '确定' }));
    expect(await within(prompt).findByText('密码至少 6 位')).toBeInTheDocument();
    await fill(input, 'fresh-pass');
    await userEvent.click(within(prompt).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(mockPasswords.get(2)).toBe('fresh-pass'));
  });

  it('disables after a confirmation and enables again', async () => {
    renderUsers();
    await within(table()).findByText('operator');
    await userEvent.click(within(rowOf('operator')).getByRole('switch', { name: '禁用 operator' }));
    const confirm = await screen.findByRole('dialog', { name: '提示' });
    expect(confirm).toHaveTextContent('禁用后用户 operator 将立即下线');
    await userEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(rowOf('operator')).getByText('禁用')).toBeInTheDocument());
    await userEvent.click(within(rowOf('retired')).getByRole('switch', { name: '启用 retired' }));
    await waitFor(() => expect(within(rowOf('retired')).getByText('正常')).toBeInTheDocument());
  });

  it('hides what the user may not do', async () => {
    renderUsers(['sys-user#list']);
    await within(table()).findByText('operator');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(within(rowOf('operator')).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(rowOf('operator')).queryByRole('button', { name: /重置密码|修改|删除/ })).not.toBeInTheDocument();
  });
});
