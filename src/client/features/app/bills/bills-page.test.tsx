import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { api } from '@client/lib/api';
import type { BillRecordRow } from '@shared/contracts/app';
import type { PageResult } from '@shared/envelope';
import { resetApp } from '../../../../../mocks/handlers/app';
import BillsPage from './bill.screen';
import { listDialog } from '@tests/helpers/list-dialog';

const ALL = ['app-bill#list', 'app-bill#info', 'app-bill#save', 'app-bill#update', 'app-bill#delete', 'app-bill#export', 'app-user#list'];

function renderBills(perms = ALL) {
  login('t-bills', { id: 7, username: 'clerk', realName: '', email: '', phone: '', avatar: '', roles: ['clerk'], perms, menus: [] });
  return renderKit(
    <>
      <Notifications />
      <BillsPage />
    </>,
  );
}
const table = () => screen.getByRole('table', { name: '账单管理' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;
const colorOf = (row: HTMLElement, text: string) => within(row).getByText(text).closest('[data-color]')?.getAttribute('data-color');

describe('bills screen', { timeout: 60_000 }, () => {
  beforeEach(() => resetApp());

  it('shows card numbers in groups of four and the spec §4 colours of type, rate and state', async () => {
    renderBills();
    expect(await within(table()).findByText('BL-20260101-0001')).toBeInTheDocument();
    const first = rowOf('BL-20260101-0001');
    expect(within(first).getByText('6222 0212 3456 7890')).toBeInTheDocument();
    expect(colorOf(first, '收入')).toBe('primary');
    expect(colorOf(first, '普通')).toBe('primary');
    expect(colorOf(first, '待支付')).toBe('warning');
    const second = rowOf('BL-20260101-0002');
    expect(colorOf(second, '支出')).toBe('danger');
    expect(colorOf(second, '加急')).toBe('warning');
    expect(colorOf(second, '已完成')).toBe('success');
    // a completed bill offers no state change
    expect(within(second).queryByRole('button', { name: '变更状态' })).not.toBeInTheDocument();
  });

  it('changes a state with a reason, and the server side writes the record', async () => {
    renderBills();
    await within(table()).findByText('BL-20260101-0001');
    await userEvent.click(within(rowOf('BL-20260101-0001')).getByRole('button', { name: '变更状态' }));
    const dialog = await screen.findByRole('dialog', { name: '变更账单状态 · BL-20260101-0001' });
    await userEvent.click(within(dialog).getAllByLabelText(/^新状态/).find((el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden')!);
    await userEvent.click(await screen.findByRole('option', { name: '处理中' }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: '变更原因' }));
    await userEvent.paste('客户已付款');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /变更账单状态/ })).not.toBeInTheDocument());
    await waitFor(() => expect(colorOf(rowOf('BL-20260101-0001'), '处理中')).toBe('primary'));
    const records = await api.post<PageResult<BillRecordRow>>('/app/bill-record/list', { number: 'BL-20260101-0001', page: 1, limit: 10 });
    expect(records.list[0]).toMatchObject({ fromState: '1', toState: '2', reason: '客户已付款' });
  });

  it('checks amount and card number before saving', async () => {
    renderBills();
    await within(table()).findByText('BL-20260101-0001');
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await listDialog('账单管理 · 新增');
    await userEvent.click(within(dialog).getByRole('textbox', { name: '卡号' }));
    await userEvent.paste('6222abc');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByText('卡号应为 12 到 19 位数字')).toBeInTheDocument();
    expect(within(dialog).getByText('金额须大于 0，最多两位小数')).toBeInTheDocument();
  });
});
