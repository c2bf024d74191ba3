import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { login } from '@client/lib/session';
import { fill, renderKit } from '@tests/helpers/kit-render';
import { resetApp } from '../../../../../mocks/handlers/app';
import CustomersPage from './customer.screen';
import { listDialog } from '@tests/helpers/list-dialog';

const ALL = ['app-user#list', 'app-user#info', 'app-user#save', 'app-user#update', 'app-user#delete', 'app-user#export'];

function renderCustomers(perms = ALL) {
  login('t-customers', { id: 7, username: 'clerk', realName: '', email: '', phone: '', avatar: '', roles: ['clerk'], perms, menus: [] });
  return renderKit(
    <>
      <Notifications />
      <CustomersPage />
    </>,
  );
}
const table = () => screen.getByRole('table', { name: '客户管理' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;

describe('customers screen', { timeout: 60_000 }, () => {
  beforeEach(() => resetApp());

  it('lists customers with sex and status tags, and adds one after the phone, ID and email formats pass', async () => {
    renderCustomers();
    expect(await within(table()).findByText('杭州西湖文旅集团')).toBeInTheDocument();
    expect(within(rowOf('杭州西湖文旅集团')).getByText('男')).toBeInTheDocument();
    expect(within(rowOf('上海世纪公园管理处')).getByText('禁用').closest('[data-color]')).toHaveAttribute('data-color', 'warning');

    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await listDialog('客户管理 · 新增');
    await fill(within(dialog).getByRole('textbox', { name: '客户名称' }), '苏州园区');
    await fill(within(dialog).getByRole('textbox', { name: '手机号' }), '123');
    await fill(within(dialog).getByRole('textbox', { name: '证件号码' }), '0123');
    await fill(within(dialog).getByRole('textbox', { name: '邮箱' }), 'a@b');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByText('手机号格式错误')).toBeInTheDocument();
    expect(within(dialog).getByText('证件号码格式错误')).toBeInTheDocument();
    expect(within(dialog).getByText('邮箱格式错误')).toBeInTheDocument();

    await fill(within(dialog).getByRole('textbox', { name: '手机号' }), '13915550004');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: '证件号码' }));
    await fill(within(dialog).getByRole('textbox', { name: '邮箱' }), 'sip@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '客户管理 · 新增' })).not.toBeInTheDocument());
    expect(await within(table()).findByText('苏州园区')).toBeInTheDocument();
    expect(within(rowOf('苏州园区')).getByText('13915550004')).toBeInTheDocument();
  });

  it('hides add and delete without their permissions', async () => {
    renderCustomers(['app-user#list']);
    await within(table()).findByText('杭州西湖文旅集团');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删除/ })).not.toBeInTheDocument();
  });
});
