import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { http } from 'msw';
import type { OrderStatus } from '@shared/contracts/order';
import { server } from '../../../../../mocks/server';
import { API, ok, paged } from '../../../../../mocks/envelope';
import { addMockReport, resetOperationsWork, setMockOrder } from '../../../../../mocks/handlers/operations-work';
import OrdersPage from './order.screen';
import { listDialog } from '@tests/helpers/list-dialog';

const ALL = ['fall-order#list', 'fall-order#info', 'fall-order#save', 'fall-order#update', 'fall-order#accept', 'fall-order#close', 'fall-report#save'];

function renderOrders(perms = ALL, locale: 'cn' | 'en' = 'cn', route?: string) {
  login('t-orders', { id: 7, username: 'ops', realName: '', email: '', phone: '', avatar: '', roles: ['ops'], perms, menus: [] });
  return renderKit(
    <>
      <Notifications />
      <OrdersPage />
    </>,
    { locale, route },
  );
}
const table = () => screen.getByRole('table', { name: '维修工单' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;

configure({ asyncUtilTimeout: 15_000 });

/**
 * The status flow is the server's (which step is allowed, what a report does to its order: tested
 * server-side in src/server/modules/operations/orders/orders.test.ts). Here the flow calls answer
 * with the status the test states, so what these tests check is the screen: the calls it sends, and
 * that it shows what the server answers afterwards, never a status it worked out by itself.
 */
function serverAnswers(next: { accept?: OrderStatus; reports?: OrderStatus[] }) {
  const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
  const reportStatuses = [...(next.reports ?? [])];
  server.use(
    http.post(`${API}/ball/fallorder/accept`, async ({ request }) => {
      const body = (await request.json()) as { id: number };
      sent.push({ path: 'accept', body });
      setMockOrder(body.id, { status: next.accept });
      return ok({ id: body.id, status: next.accept });
    }),
    http.post(`${API}/ball/fallreport/save`, async ({ request }) => {
      const body = (await request.json()) as Parameters<typeof addMockReport>[0];
      sent.push({ path: 'report', body });
      const status = reportStatuses.shift();
      const id = addMockReport(body);
      setMockOrder(body.orderId, { status });
      return ok({ id, orderStatus: status });
    }),
  );
  return sent;
}

describe('maintenance orders screen', { timeout: 60_000 }, () => {
  beforeEach(() => resetOperationsWork());

  it('shows status and priority tags in their colours, and accepts a submitted order', async () => {
    const sent = serverAnswers({ accept: 'accepted' });
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
    expect(sent).toEqual([{ path: 'accept', body: { id: 1 } }]);
  });

  it('keeps the slot of a flow step a row does not offer, so edit stands in the same place on every row', async () => {
    setMockOrder(3, { status: 'closed' });
    renderOrders();
    await within(table()).findByText('主泵异响');
    // submitted: both steps; accepted: close only; closed: neither — the missing ones are reserved, unseen
    const slots = (name: string) => [...rowOf(name).querySelectorAll('[data-reserved-slot]')].map((s) => s.textContent);
    expect(slots('主泵异响')).toEqual([]);
    expect(slots('灯光不亮')).toEqual(['受理']);
    expect(slots('喷头堵塞')).toEqual(['受理', '关闭工单']);
    // a reserved slot is no button to anyone: not in the accessibility tree, not focusable
    expect(within(rowOf('喷头堵塞')).getAllByRole('button').map((b) => b.textContent)).toEqual(['详情', '修改']);
    for (const slot of rowOf('喷头堵塞').querySelectorAll('[data-reserved-slot]')) {
      expect(slot).toHaveAttribute('aria-hidden', 'true');
      expect(slot).toHaveAttribute('inert');
    }
    // the actions come in one order on every row: details, accept, close, edit
    const order = (name: string) => [...rowOf(name).querySelectorAll('.cascade-row-actions button')].map((b) => b.textContent);
    expect(order('主泵异响')).toEqual(order('喷头堵塞'));
  });

  it('names each order\'s project in the screen\'s language', async () => {
    renderOrders(ALL, 'en');
    const orders = await screen.findByRole('table', { name: 'Maintenance orders' });
    expect(await within(orders).findAllByText('West Lake Musical Fountain')).toHaveLength(3);
    expect(within(orders).queryByText('西湖音乐喷泉')).not.toBeInTheDocument();
  });

  it("offers an assignee picker to those who may assign, with the users the server names for the order's project, and sends the one picked", async () => {
    const asked: string[] = [];
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get(`${API}/ball/fallorder/assignees`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('projectId') ?? '');
        return ok([{ id: 3, username: 'operator', realName: '李工', realNameEn: 'Engineer Li' }]);
      }),
      // The form's checklist picker: no templates here.
      http.post(`${API}/ball/fallchecklist/listAll`, () => ok([])),
      http.post(`${API}/ball/fallorder/update`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return ok({ id: body.id });
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderOrders([...ALL, 'fall-order#assign']);
    await within(table()).findByText('主泵异响');
    await user.click(within(rowOf('主泵异响')).getByRole('button', { name: '修改' }));
    const dialog = await listDialog();
    const picker = within(dialog).getByRole('combobox', { name: '负责人' });
    expect(within(dialog).getByText('只列出数据范围包含该项目的用户')).toBeInTheDocument();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: '李工' }));
    // Asked for the order's own project (1, West Lake).
    expect(asked.at(-1)).toBe('1');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ assigneeId: 3 }));
    unmount();

    // Without the right to assign: no picker (the server answers 403 to an assignee sent anyway).
    renderOrders(ALL);
    await within(table()).findByText('主泵异响');
    await user.click(within(rowOf('主泵异响')).getByRole('button', { name: '修改' }));
    const plain = await listDialog();
    expect(within(plain).queryByRole('combobox', { name: '负责人' })).toBeNull();
  });

  it('hides the flow buttons without their permissions', async () => {
    renderOrders(['fall-order#list']);
    await within(table()).findByText('主泵异响');
    expect(within(rowOf('主泵异响')).queryByRole('button', { name: '受理' })).not.toBeInTheDocument();
    expect(within(rowOf('主泵异响')).queryByRole('button', { name: '详情' })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('columnheader', { name: '操作' })).not.toBeInTheDocument();
  });

  it('files a "not fixed" then a "fixed" report from the detail and sees the order completed', async () => {
    const sent = serverAnswers({ reports: ['repairing', 'completed'] });
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
    expect(sent.map((c) => [c.path, c.body.orderId, c.body.result, c.body.repairer])).toEqual([
      ['report', 1, 'not_fixed', '张师傅'],
      ['report', 1, 'fixed', '张师傅'],
    ]);
  });
});

/** The statistics' orders by source open this list on exactly the orders of one source (docs/predictive.md "Statistics"). */
describe('orders list: the statistics drill-down by source', { timeout: 60_000 }, () => {
  it('asks the server for the orders of that source, metric and range', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post(`${API}/ball/fallorder/list`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return paged([], 1, 10);
      }),
    );
    renderOrders(['fall-order#list'], 'en', '/main/fall/order?statMetric=submitted&statFrom=2026-10-01&statTo=2026-10-31&source=preventive');
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ statMetric: 'submitted', statFrom: '2026-10-01', statTo: '2026-10-31', source: 'preventive' }));
    expect(document.querySelector('[data-drill-filter]')).not.toBeNull();
  });
});
