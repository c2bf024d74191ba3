import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { resetApp } from '../../../../../mocks/handlers/app';
import BillRecordsPage from './bill-record.screen';

configure({ asyncUtilTimeout: 15_000 });

describe('bill records screen', { timeout: 60_000 }, () => {
  beforeEach(() => resetApp());

  it('lists state changes with coloured from/to tags, filters by bill number, offers no add', async () => {
    login('t-records', { id: 7, username: 'clerk', realName: '', email: '', phone: '', avatar: '', roles: ['clerk'], perms: ['app-bill-record#list'], menus: [] });
    renderKit(<BillRecordsPage />);
    const table = () => screen.getByRole('table', { name: '账单记录' });
    expect(await within(table()).findByText('已开票')).toBeInTheDocument();
    const row = within(table()).getByText('已开票').closest('tr')!;
    expect(within(row).getByText('新建').closest('[data-color]')).toHaveAttribute('data-color', 'primary');
    expect(within(row).getByText('待支付').closest('[data-color]')).toHaveAttribute('data-color', 'warning');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('textbox', { name: '账单编号' }));
    await userEvent.paste('NO-SUCH');
    await userEvent.click(screen.getByRole('button', { name: /查询/ }));
    await within(table()).findByText('No Data');
    expect(within(table()).queryByText('已开票')).not.toBeInTheDocument();
  });
});
