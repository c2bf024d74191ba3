import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { resetOperationsRisks } from '../../../../../mocks/handlers/operations-risks';
import RiskPage from './risk.screen';

configure({ asyncUtilTimeout: 15_000 });

function renderPage(perms: string[], locale: 'cn' | 'en' = 'en', route = '/main/fall/risk') {
  login('t-risks', { id: 8, username: 'ops', realName: '', email: '', phone: '', avatar: '', roles: ['operator'], perms, menus: [] });
  return renderKit(
    <>
      <Notifications />
      <RiskPage />
    </>,
    { locale, route },
  );
}

/** Units at risk: the list with status, unit, reason, projected date and order; the trend; "not a problem". */
describe('units at risk', { timeout: 60_000 }, () => {
  beforeEach(() => resetOperationsRisks());

  it('lists each finding with its status, unit, reason, projection and preventive order', async () => {
    renderPage(['fall-risk#list', 'fall-risk#info', 'fall-risk#dismiss']);
    const table = await screen.findByRole('table', { name: 'Units at risk' });
    const open = (await within(table).findByText('Main pump 2 · CH4')).closest('tr')!;
    expect(within(open).getByText('At risk').closest('[data-risk-status]')).toHaveAttribute('data-risk-status', 'open');
    expect(within(open).getByText(/\+18 % of its range over 7 days/)).toBeInTheDocument();
    expect(within(open).getByText('WO-20261120-0007')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Not a problem' })).toBeInTheDocument();
    const recovered = within(table).getByText('Board 1 · CH6').closest('tr')!;
    expect(within(recovered).getByText('Recovered')).toBeInTheDocument();
    expect(within(recovered).getByText('No projection')).toBeInTheDocument();
    // A closed finding cannot be dismissed.
    expect(within(recovered).queryByRole('button', { name: 'Not a problem' })).toBeNull();
  });

  it('opens the trend of a finding with its projected crossing', async () => {
    renderPage(['fall-risk#list', 'fall-risk#info']);
    const table = await screen.findByRole('table', { name: 'Units at risk' });
    const row = (await within(table).findByText('Main pump 2 · CH4')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Trend' }));
    const dialog = await screen.findByTestId('risk-trend');
    expect(within(dialog).getByText(/\+18 % of its range over 7 days/)).toBeInTheDocument();
    const trend = await within(dialog).findByTestId('channel-trend');
    await waitFor(() => expect(trend).toHaveAttribute('data-shown', '7d'));
    expect(within(dialog).getByTestId('trend-projected')).toHaveTextContent(/^Projected to leave its range \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Without the dismiss button's permission there is no way to dismiss.
    expect(within(table).queryByRole('button', { name: 'Not a problem' })).toBeNull();
  });

  it('dismisses after a confirm: the row turns dismissed and its order closed, in Chinese too', async () => {
    renderPage(['fall-risk#list', 'fall-risk#info', 'fall-risk#dismiss'], 'cn');
    const table = await screen.findByRole('table', { name: '风险设备' });
    const row = () => within(table).getByText('主泵 2 · CH4').closest('tr')!;
    await within(table).findByText('主泵 2 · CH4');
    await userEvent.click(within(row()).getByRole('button', { name: '不是问题' }));
    const confirm = await screen.findByRole('dialog', { name: '提示' });
    expect(confirm).toHaveTextContent('确定这不是问题吗？');
    await userEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(row()).getByText('已排除')).toBeInTheDocument());
    expect(within(row()).queryByRole('button', { name: '不是问题' })).toBeNull();
    expect(await screen.findByText('已排除，该通道的容差已放宽')).toBeInTheDocument();
  });

  it('opens the trend a preventive order links to (?open=)', async () => {
    renderPage(['fall-risk#list', 'fall-risk#info'], 'en', '/main/fall/risk?open=41');
    const dialog = await screen.findByTestId('risk-trend');
    expect(within(dialog).getByText(/\+18 % of its range over 7 days/)).toBeInTheDocument();
  });
});
