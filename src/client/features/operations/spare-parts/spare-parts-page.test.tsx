import { describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import SparePartsPage from './spare-part.screen';
import { listDialog } from '@tests/helpers/list-dialog';

configure({ asyncUtilTimeout: 15_000 });

describe('spare parts screen', { timeout: 60_000 }, () => {
  it('lists the parts with their unit, and refuses a part without a unit or a name', async () => {
    login('t-spare', { id: 7, username: 'pm', realName: '', email: '', phone: '', avatar: '', roles: ['manager'], perms: ['fall-spare#list', 'fall-spare#save'], menus: [] });
    renderKit(<SparePartsPage />);
    const table = await screen.findByRole('table', { name: '备品备件' });
    expect(await within(table).findByText('机械密封')).toBeInTheDocument();
    expect(within(table).getByText('P-01 立式多级离心泵')).toBeInTheDocument();
    expect(within(table).getByText('GF-96455088')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await listDialog('备品备件 · 新增');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findAllByText('必填项')).toHaveLength(2);
  });
});
