import { beforeEach, describe, expect, it } from 'vitest';
import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import i18n from '@client/lib/i18n';
import userEvent from '@testing-library/user-event';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { resetOperationsProjects } from '../../../../../mocks/handlers/operations-projects';
import { http } from 'msw';
import { server } from '../../../../../mocks/server';
import { API, ok } from '../../../../../mocks/envelope';
import EquipmentPage from './equipment.screen';
import { listDialog } from '@tests/helpers/list-dialog';

const ALL = ['fall-eqinfo#list', 'fall-eqinfo#info', 'fall-eqinfo#save', 'fall-eqinfo#update', 'fall-project#info'];
configure({ asyncUtilTimeout: 15_000 });

describe('equipment screen', { timeout: 60_000 }, () => {
  beforeEach(() => resetOperationsProjects());

  it('shows the unit and its model by their English names on an English screen, and asks for both names', async () => {
    login('t-eq-en', { id: 7, username: 'pm', realName: '', email: '', phone: '', avatar: '', roles: ['manager'], perms: ALL, menus: [] });
    await act(async () => void (await i18n.changeLanguage('en')));
    try {
      renderKit(<EquipmentPage />, { locale: 'en' });
      const table = await screen.findByRole('table', { name: 'Equipment' });
      expect(await within(table).findByText('P-01 Vertical multistage centrifugal pump')).toBeInTheDocument();
      expect(within(table).getByText('Vertical multistage centrifugal pump')).toBeInTheDocument();
      expect(within(table).queryByText(/立式多级离心泵/)).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Add' }));
      expect(within(await listDialog()).getByRole('textbox', { name: 'English name' })).toBeInTheDocument();
    } finally {
      await act(async () => void (await i18n.changeLanguage('cn')));
    }
  });

  it('lists equipment with project, model and state, and places a unit on the project site plan by clicking', async () => {
    // The statistics fixtures answer selectProjects for the walls; the picker gets this area's projects.
    server.use(http.post(`${API}/ball/fallproject/selectProjects`, () => ok([{ id: 1, name: '西湖音乐喷泉' }, { id: 2, name: '迪拜购物中心湖面喷泉' }])));
    login('t-eq', { id: 7, username: 'pm', realName: '', email: '', phone: '', avatar: '', roles: ['manager'], perms: ALL, menus: [] });
    renderKit(<EquipmentPage />);
    const table = await screen.findByRole('table', { name: '设备台账' });
    expect(await within(table).findByText('P-01 立式多级离心泵')).toBeInTheDocument();
    expect(within(table).getByText('西湖音乐喷泉')).toBeInTheDocument();
    expect((await within(table).findByText('正常')).closest('[data-color]')).toHaveAttribute('data-color', 'success');
    expect(within(table).getByRole('columnheader', { name: '保修截止日期' })).toBeInTheDocument();
    expect(within(table).getByText('2027-03-31')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await listDialog('设备台账 · 新增');
    expect(within(dialog).getByText('请先选择所属项目')).toBeInTheDocument();
    expect(within(dialog).getByText('保修截止日期')).toBeInTheDocument();
    const picker = within(dialog).getByRole('combobox', { name: '所属项目' });

    // A project without a site plan: the spec's message asks for the map background first.
    await userEvent.type(picker, '迪拜');
    await userEvent.click(await screen.findByRole('option', { name: '迪拜购物中心湖面喷泉' }));
    expect(await within(dialog).findByText('请先上传地图背景图片')).toBeInTheDocument();

    // A project with a plan: click it to place the unit.
    await userEvent.clear(picker);
    await userEvent.type(picker, '西湖');
    await userEvent.click(await screen.findByRole('option', { name: '西湖音乐喷泉' }));
    const plan = await within(dialog).findByRole('button', { name: '请在地图上点击选择位置' });
    plan.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(plan, { clientX: 50, clientY: 75 });
    expect(await within(dialog).findByText('已放置：X 0.250，Y 0.750')).toBeInTheDocument();
  });

  it("opens a unit's checklist readings, newest first, each judged by its limits, in both languages", async () => {
    login('t-eq-checks', { id: 7, username: 'pm', realName: '', email: '', phone: '', avatar: '', roles: ['manager'], perms: ALL, menus: [] });
    const { unmount } = renderKit(<EquipmentPage />);
    const table = await screen.findByRole('table', { name: '设备台账' });
    const row = (await within(table).findByText('P-01 立式多级离心泵')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '检查表读数' }));
    const readings = await screen.findByRole('table', { name: '检查表读数' });
    const lines = within(readings).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').slice(1).map((c) => c.textContent));
    expect(lines).toEqual([['出口压力', '9.2 bar', '2–8', '超出限值'], ['出口压力', '6.5 bar', '2–8', '在限值内']]);
    unmount();
    await act(async () => void (await i18n.changeLanguage('en')));
    try {
      renderKit(<EquipmentPage />, { locale: 'en' });
      const list = await screen.findByRole('table', { name: 'Equipment' });
      const p01 = (await within(list).findByText('P-01 Vertical multistage centrifugal pump')).closest('tr')!;
      await userEvent.click(within(p01).getByRole('button', { name: 'Checklist readings' }));
      const en = await screen.findByRole('table', { name: 'Checklist readings' });
      expect(within(en).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').slice(1).map((c) => c.textContent))).toEqual([
        ['Outlet pressure', '9.2 bar', '2–8', 'Out of limits'],
        ['Outlet pressure', '6.5 bar', '2–8', 'Within limits'],
      ]);
    } finally {
      await act(async () => void (await i18n.changeLanguage('cn')));
    }
  });

  it('offers no checklist readings to a user without the unit\'s read right', async () => {
    login('t-eq-list', { id: 8, username: 'op', realName: '', email: '', phone: '', avatar: '', roles: ['viewer'], perms: ['fall-eqinfo#list'], menus: [] });
    renderKit(<EquipmentPage />);
    const table = await screen.findByRole('table', { name: '设备台账' });
    await within(table).findByText('P-01 立式多级离心泵');
    expect(within(table).queryByRole('button', { name: '检查表读数' })).toBeNull();
  });
});
