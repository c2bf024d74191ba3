import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { http } from 'msw';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { resetOperationsWork } from '../../../../../mocks/handlers/operations-work';
import { server } from '../../../../../mocks/server';
import { API, paged } from '../../../../../mocks/envelope';
import { WarningsList } from './warnings-list';

configure({ asyncUtilTimeout: 15_000 });

function renderList(perms: string[], locale: 'cn' | 'en' = 'en', route?: string) {
  login('t-warnings', { id: 8, username: 'ops', realName: '', email: '', phone: '', avatar: '', roles: ['operator'], perms, menus: [] });
  return renderKit(
    <>
      <Notifications />
      <WarningsList />
    </>,
    { locale, route },
  );
}

/** The back-office side of the wall alarms: overdue marked, acknowledged with the button permission. */
describe('warnings list: acknowledge', { timeout: 60_000 }, () => {
  beforeEach(() => resetOperationsWork());

  it('marks an overdue alarm and acknowledges it, recording who and when', async () => {
    renderList(['fall-detect#list', 'fall-detect#deal', 'fall-detect#ack']);
    const table = await screen.findByRole('table', { name: 'Warnings' });
    expect(await within(table).findByTestId('warning-overdue')).toHaveTextContent('Overdue');
    await userEvent.click(within(table).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Acknowledge' })).toBeNull());
    expect(within(table).queryByTestId('warning-overdue')).toBeNull();
    expect(within(table).getByText(/· ops$/)).toBeInTheDocument();
    // Still open: acknowledging is not dealing with it.
    expect(within(table).getByRole('button', { name: 'Deal with' })).toBeInTheDocument();
  });

  // Issue 38: 3 or more alarms of its channel within 60 s, as the server counted it when it opened.
  it('marks a chattering alarm with its count, in either language', async () => {
    renderList(['fall-detect#list']);
    const table = await screen.findByRole('table', { name: 'Warnings' });
    const badge = await within(table).findByTestId('warning-chattering');
    expect(badge).toHaveTextContent('Chattering ×3');
    expect(badge).toHaveAttribute('title', '3 alarms of this channel within 60 s');
  });

  it('marks a chattering alarm in Chinese', async () => {
    renderList(['fall-detect#list'], 'cn');
    const table = await screen.findByRole('table', { name: '告警记录' });
    expect(await within(table).findByTestId('warning-chattering')).toHaveTextContent('抖动 ×3');
  });

  it('shows no acknowledge button without the permission, in Chinese too', async () => {
    renderList(['fall-detect#list', 'fall-detect#deal'], 'cn');
    const table = await screen.findByRole('table', { name: '告警记录' });
    expect(await within(table).findByTestId('warning-overdue')).toHaveTextContent('超时未确认');
    expect(within(table).queryByRole('button', { name: '确认' })).toBeNull();
    expect(within(table).getByRole('button', { name: '处理' })).toBeInTheDocument();
  });

  it('shows what the escalation told people: each notification with its status and last error', async () => {
    renderList(['fall-detect#list', 'fall-detect#info']);
    const table = await screen.findByRole('table', { name: 'Warnings' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Notifications' }));
    const notices = await screen.findByTestId('warning-notices');
    const rows = within(notices).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows.map((r) => [r[1], r[2], r[3], r[6]])).toEqual([
      ['E-mail', 'duty@example.com', 'Sent', ''],
      ['Webhook (chat)', 'https://chat.example.com', 'Pending (will retry)', 'HTTP 503'],
      ['Webhook (chat)', 'https://hooks.elsewhere.io', 'Refused (host not allowed)', 'hooks.elsewhere.io is not on the allowed outbound hosts (security.outboundHosts)'],
    ]);
  });

  it('offers the notifications only to whoever may view warnings, in Chinese too', async () => {
    renderList(['fall-detect#list'], 'cn');
    const table = await screen.findByRole('table', { name: '告警记录' });
    await within(table).findByTestId('warning-overdue');
    expect(within(table).queryByRole('button', { name: '通知记录' })).toBeNull();
  });
});

/** The statistics' "faults predicted" opens this list on exactly its warnings (docs/predictive.md "Statistics"). */
describe('warnings list: the statistics drill-down', { timeout: 60_000 }, () => {
  it('asks the server for the predicted channel faults of the range, and shows the whole list again when cleared', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post(`${API}/ball/fallwarning/list`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return paged([], 1, 10);
      }),
    );
    renderList(['fall-detect#list'], 'en', '/main/fall/detect?tab=warnings&statFrom=2026-10-01&statTo=2026-10-31&kind=channel&predicted=yes');
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ statFrom: '2026-10-01', statTo: '2026-10-31', kind: 'channel', predicted: 'yes' }));
    await userEvent.click(within(document.querySelector('[data-drill-filter]') as HTMLElement).getByRole('button'));
    await waitFor(() => expect(sent.at(-1)).not.toHaveProperty('predicted'));
  });
});
