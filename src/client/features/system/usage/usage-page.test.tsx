import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { login } from '@client/lib/session';
import type { Usage } from '@shared/contracts/analytics';
import { renderKit } from '@tests/helpers/kit-render';
import { server } from '../../../../../mocks/server';
import { API, ok } from '../../../../../mocks/envelope';
import UsagePage from './usage.screen';

const usage = (days: number, enabled = true): Usage => ({
  enabled,
  days,
  from: '2026-11-18T08:00:00.000Z',
  to: '2026-11-25T08:00:00.000Z',
  totals: { views: 1204, actions: 5 },
  screens: [
    { screen: '/main/fall/order', views: 1200, actions: 5, users: 2 },
    { screen: '/page', views: 3, actions: 0, users: 0 },
    { screen: '/main/unknown', views: 1, actions: 0, users: 1 },
  ],
  users: [
    { userId: 3, sessionKind: 'user', username: 'operator', realName: '李工', views: 1201, actions: 5 },
    { userId: null, sessionKind: 'display', username: '', realName: '', views: 3, actions: 0 },
  ],
  actions: [
    { action: 'fall-order#save', count: 4 },
    { action: 'fall-order#export', count: 1 },
  ],
});

function serve(enabled = true) {
  const asked: number[] = [];
  server.use(
    http.post(`${API}/sys/analytics/list`, async ({ request }) => {
      const { days } = (await request.json()) as { days: number };
      asked.push(days);
      return ok(usage(days, enabled));
    }),
  );
  login('t-usage', { id: 1, username: 'admin', realName: '', email: '', phone: '', avatar: '', roles: [], perms: ['sys-analytics#list'], menus: [] });
  return asked;
}

describe('usage screen', () => {
  it('shows views and actions per screen, per user and per action with their totals, in Chinese', async () => {
    const asked = serve();
    renderKit(<UsagePage />);
    const byScreen = await screen.findByRole('table', { name: '按页面' });
    const rows = within(byScreen).getAllByRole('row');
    // head, three screens, total
    expect(rows).toHaveLength(5);
    expect(within(rows[1]).getByText('维修工单')).toBeInTheDocument();
    expect(within(rows[1]).getByText('1,200')).toBeInTheDocument();
    expect(within(rows[2]).getByText('总览大屏')).toBeInTheDocument();
    expect(within(rows[3]).getAllByText('/main/unknown')).toHaveLength(1);
    expect(within(rows[4]).getByText('合计')).toBeInTheDocument();
    expect(within(rows[4]).getByText('1,204')).toBeInTheDocument();

    const byUser = screen.getByRole('table', { name: '按用户' });
    expect(within(byUser).getByText('李工 (operator)')).toBeInTheDocument();
    expect(within(byUser).getByText('大屏显示终端')).toBeInTheDocument();
    const byAction = screen.getByRole('table', { name: '按操作' });
    expect(within(byAction).getByText('维修工单 · 新增')).toBeInTheDocument();
    expect(within(byAction).getByText('维修工单 · 导出')).toBeInTheDocument();
    expect(screen.getByTestId('usage-views')).toHaveTextContent('1,204');
    expect(screen.getByTestId('usage-actions')).toHaveTextContent('5');
    expect(asked).toEqual([7]);

    await userEvent.click(screen.getByText('30 天'));
    await screen.findByRole('table', { name: '按页面' });
    expect(asked).toEqual([7, 30]);
  });

  it('speaks English and says when analysis is off', async () => {
    serve(false);
    renderKit(<UsagePage />, { locale: 'en' });
    const byScreen = await screen.findByRole('table', { name: 'By screen' });
    expect(within(byScreen).getByText('Maintenance orders')).toBeInTheDocument();
    expect(within(byScreen).getByText('Overview wall')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'By action' })).toHaveTextContent('Maintenance orders · Add');
    expect(screen.getByRole('table', { name: 'By user' })).toHaveTextContent('Wall display');
    expect(screen.getByText(/Usage analytics is switched off/)).toBeInTheDocument();
    expect(screen.queryByText('按页面')).not.toBeInTheDocument();
  });
});
