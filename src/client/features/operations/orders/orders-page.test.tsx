import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { resetOperationsWork } from '../../../../../mocks/handlers/operations-work';
import OrdersPage from './orders-page';

const ALL = ['fall-order#list', 'fall-order#info', 'fall-order#save', 'fall-order#update', 'fall-order#accept', 'fall-order#close', 'fall-report#save'];

function renderOrders(perms = ALL, locale: 'cn' | 'en' = 'cn') {
  login('t-orders', { id: 7, username: 'ops', realName: '', email: '', phone: '', avatar: '', roles: ['ops'], perms, menus: [] });
  return renderKit(
    <>
      <Notifications />
      <OrdersPage />
    </>,
    { locale },
  );
}
const table = () => screen.getByRole('table', { name: '维修工单' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;

configure({ asyncUtilTimeout: 15_000 });

describe('maintenance orders screen', { timeout: 60_000 }, () => {
  beforeEach(() => resetOperationsWork());

  it('shows status and priority tags in their colours, and accepts a submitted order', async () => {
    renderOrders();
    expect(await within(table()).findByText('主泵异响')).toBeInTheDocument();
    expect(within(rowOf('主泵异响')).getByText('已提交').closest('[data-color]')).toHaveAttribute('data-color', 'info');
    expect(within(rowOf('喷头堵塞')).getByText('紧急').closest('[data-color]')).toHaveAttribute('data-color', 'danger');
    // details and the flow steps sit in the one actions column, beside edit and delete
    expect(within(table()).getAllByRole('columnheader', { name: '操作' })).toHaveLength(1);
    expect(within(rowOf('主泵异响')).getAllByRole('button').map((b) => b.textContent)).toEqual(['详情', '受理', '关闭工单', '修改']);
    // accept only where the flow allows it
    expect(within(rowOf('灯光不亮')).queryByRole('button', { name: '受理' })).not.toBeInTheDocument();
    await userEvent.click(within(rowOf('主泵异响')).getByRole('button', { name: '受理' }));
    await waitFor(() => expect(within(rowOf('主泵异响')).getByText('已受理')).toBeInTheDocument());
  });

  it('names each order\'s project in the screen\'s language', async () => {
    renderOrders(ALL, 'en');
    const orders = await screen.findByRole('table', { name: 'Maintenance orders' });
    expect(await within(orders).findAllByText('West Lake Musical Fountain')).toHaveLength(3);
    expect(within(orders).queryByText('西湖音乐喷泉')).not.toBeInTheDocument();
  });

  it('hides the flow buttons without their permissions', async () => {
    renderOrders(['fall-order#list']);
    await within(table()).findByText('主泵异响');
    expect(within(rowOf('主泵异响')).queryByRole('button', { name: '受理' })).not.toBeInTheDocument();
    expect(within(rowOf('主泵异响')).queryByRole('button', { name: '详情' })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('columnheader', { name: '操作' })).not.toBeInTheDocument();
  });

  it('files a "not fixed" then a "fixed" report from the detail and sees the order completed', async () => {
    renderOrders();
    await within(table()).findByText('主泵异响');
    await userEvent.click(within(rowOf('主泵异响')).getByRole('button', { name: '详情' }));
    const dialog = await screen.findByRole('dialog', { name: /主泵异响/ });
    expect(await within(dialog).findByText('暂无维修报告')).toBeInTheDocument();
    const reportForm = within(dialog).getByRole('form', { name: '填写维修报告' });
    // required fields are checked before anything is sent
    await userEvent.click(within(reportForm).getByRole('button', { name: '填写维修报告' }));
    expect(within(reportForm).getByText('必填项')).toBeInTheDocument();

    const repairer = within(reportForm).getByRole('textbox', { name: '维修人员' });
    await userEvent.click(repairer);
    await userEvent.paste('张师傅');
    await userEvent.click(within(reportForm).getByText('未修复'));
    await userEvent.click(within(reportForm).getByRole('button', { name: '填写维修报告' }));
    await waitFor(() => expect(within(dialog).getByText('维修中')).toBeInTheDocument());
    expect(within(dialog).getByRole('cell', { name: '张师傅' })).toBeInTheDocument();

    await userEvent.click(within(reportForm).getByRole('textbox', { name: '维修人员' }));
    await userEvent.paste('张师傅');
    await userEvent.click(within(reportForm).getByText('已修复'));
    await userEvent.click(within(reportForm).getByRole('button', { name: '填写维修报告' }));
    await waitFor(() => expect(within(dialog).getAllByText('已完成').length).toBeGreaterThan(0));
    await waitFor(() => expect(within(rowOf('主泵异响')).getByText('已完成')).toBeInTheDocument());
  });
});
