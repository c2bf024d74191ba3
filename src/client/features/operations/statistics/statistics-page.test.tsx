import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { http } from 'msw';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { isoDaysAgo } from '@shared/iso-day';
import { PREDICTED_WITHIN_DAYS } from '@shared/contracts/stats-report';
import { server } from '../../../../../mocks/server';
import { API, fail, ok } from '../../../../../mocks/envelope';
import { reliabilityFixture, statReportFixture } from '../../../../../mocks/handlers/stats';
import { lastFullMonth } from '../../../shared/stats/report-query';
import StatisticsPage from './statistics.screen';

// jsdom has no canvas: a chart is a stand-in that says what it was given and can be clicked like a bar.
vi.mock('@client/components/wall/wall-chart', () => ({
  WallChart: ({ option, onPointClick }: { option: { series: { name?: string }[] }; onPointClick?: (p: { dataIndex: number; seriesIndex: number; name: string; value: unknown }) => void }) => (
    <button type="button" data-testid="chart" data-series={option.series.map((s) => s.name ?? '').join('|')} onClick={() => onPointClick?.({ dataIndex: 1, seriesIndex: 1, name: '', value: 0 })} />
  ),
}));

configure({ asyncUtilTimeout: 15_000 });

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderPage(locale: 'cn' | 'en' = 'en', perms = ['fall-stats#list', 'fall-stats#export']) {
  login('t-stats', { id: 7, username: 'mgr', realName: '', email: '', phone: '', avatar: '', roles: ['manager'], perms, menus: [] });
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post(`${API}/ball/stats/figures`, async ({ request }) => {
      const body = (await request.json()) as { from: string; to: string; granularity: 'day' | 'week' | 'month' };
      sent.push(body);
      return ok(statReportFixture(body));
    }),
  );
  renderKit(
    <Routes>
      <Route path="/main/fall/stats" element={<StatisticsPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { locale, route: '/main/fall/stats' },
  );
  return sent;
}

const kpi = (name: string) => document.querySelector(`[data-kpi="${name}"]`) as HTMLElement;

describe('statistics screen', () => {
  it('shows every figure of the last 30 days with its change against the previous 30', async () => {
    const sent = renderPage('en');
    await waitFor(() => expect(kpi('submitted')).toBeTruthy());
    expect(sent[0]).toEqual({ from: isoDaysAgo(29), to: isoDaysAgo(0), granularity: 'day' });
    const r = statReportFixture({ from: isoDaysAgo(29), to: isoDaysAgo(0), granularity: 'day' });
    expect(kpi('submitted')).toHaveTextContent(String(r.repair.totals.submitted));
    // The previous period had two fewer: +2 and its share of the previous figure.
    const pct = ((2 / (r.repair.totals.submitted - 2)) * 100).toFixed(1);
    expect(within(kpi('submitted')).getByText(`+2 (+${pct}%) vs previous`)).toBeInTheDocument();
    expect(kpi('firstTimeFixRate')).toHaveTextContent(`${r.repair.totals.firstTimeFix} / ${r.repair.totals.completed}`);
    expect(kpi('availability')).toHaveTextContent(`${r.equipment.available} / ${r.equipment.total}`);
    expect(kpi('avgHours')).toHaveTextContent('20.5');
    expect(screen.getAllByTestId('chart')).toHaveLength(6);
    expect(document.querySelector('[data-panel="warnings"] [data-testid="chart"]')).toHaveAttribute('data-series', 'Info|Warning|Critical');
  });

  it('asks again for the range and granularity of a preset, and sends the filters', async () => {
    const sent = renderPage('en');
    await waitFor(() => expect(kpi('submitted')).toBeTruthy());
    await userEvent.click(screen.getByText('This year'));
    const year = isoDaysAgo(0).slice(0, 4);
    await waitFor(() => expect(sent.at(-1)).toEqual({ from: `${year}-01-01`, to: isoDaysAgo(0), granularity: 'month' }));
    await userEvent.click(screen.getAllByLabelText('Equipment category').find((el) => el.tagName === 'INPUT')!);
    await userEvent.click(await screen.findByRole('option', { name: 'Pump' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ category: 'pump', granularity: 'month' }));
  });

  it.each([
    ['en', 'Country', ['China', 'France', 'Japan'], 'France'],
    ['cn', '国家', ['中国', '法国', '日本'], '法国'],
  ] as const)('lists the Country filter by name in the reader’s language (%s), and sends the code', async (locale, label, names, pick) => {
    const sent = renderPage(locale);
    await waitFor(() => expect(kpi('submitted')).toBeTruthy());
    await userEvent.click(screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect([...options].sort()).toEqual([...names].sort());
    expect(options.some((o) => /^[A-Z]{2}$/.test(o ?? ''))).toBe(false);
    await userEvent.click(screen.getByRole('option', { name: pick }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ country: 'FR' }));
  });

  it('opens the orders behind a KPI, and the orders of one period from a bar', async () => {
    renderPage('en');
    await waitFor(() => expect(kpi('completed')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Orders completed' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/main/fall/order?statMetric=completed&statFrom=${isoDaysAgo(29)}&statTo=${isoDaysAgo(0)}`);
  });

  it('splits the orders by source from the answer, each column adding up to its KPI, and shows the faults predicted', async () => {
    renderPage('en');
    await waitFor(() => expect(document.querySelector('[data-figures="sources"]')).toBeTruthy());
    const r = statReportFixture({ from: isoDaysAgo(29), to: isoDaysAgo(0), granularity: 'day' });
    const figure = (name: string) => Number(document.querySelector(`[data-figure="${name}"]`)?.textContent);
    for (const s of r.repair.bySource) {
      expect(figure(`${s.source}-submitted`)).toBe(s.submitted);
      expect(figure(`${s.source}-completed`)).toBe(s.completed);
    }
    const sum = (metric: 'submitted' | 'completed') => ['manual', 'warning', 'preventive'].reduce((n, s) => n + figure(`${s}-${metric}`), 0);
    expect(sum('submitted')).toBe(r.repair.totals.submitted);
    expect(sum('completed')).toBe(r.repair.totals.completed);
    expect(within(document.querySelector('[data-source="preventive"]') as HTMLElement).getByText('Preventive')).toBeInTheDocument();
    const predicted = document.querySelector('[data-figures="predicted"]') as HTMLElement;
    expect(within(predicted).getByText('Faults predicted')).toBeInTheDocument();
    expect(predicted.querySelector('[data-rate]')).toHaveTextContent('37.5%');
    expect(predicted).toHaveTextContent(`${r.predicted.predicted} / ${r.predicted.faults}`);
    expect(predicted).toHaveTextContent(`in the ${PREDICTED_WITHIN_DAYS} days before the fault`);
    expect(figure('predicted')).toBe(r.predicted.predicted);
    expect(figure('faults')).toBe(r.predicted.faults);
  });

  it.each([
    ['en', 'Preventive · Orders submitted', 'submitted', 'preventive'],
    ['cn', '告警生成 · 完成工单', 'completed', 'warning'],
  ] as const)('opens the orders of one source from its figure (%s)', async (locale, label, metric, source) => {
    renderPage(locale);
    await waitFor(() => expect(document.querySelector('[data-figures="sources"]')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: label }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/main/fall/order?statMetric=${metric}&statFrom=${isoDaysAgo(29)}&statTo=${isoDaysAgo(0)}&source=${source}`);
  });

  it('opens the predicted channel faults of the range as warnings', async () => {
    renderPage('cn');
    await waitFor(() => expect(document.querySelector('[data-figures="predicted"]')).toBeTruthy());
    const range = `statFrom=${isoDaysAgo(29)}&statTo=${isoDaysAgo(0)}`;
    await userEvent.click(screen.getByRole('button', { name: '已预测' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/main/fall/detect?tab=warnings&${range}&kind=channel&predicted=yes`);
  });

  it.each([
    ['en', 'Main pump', 'Models', 'Centrifugal pump', 'All hours (no calendar)', 'From'],
    ['cn', '主泵', '按型号', '离心泵', '全部小时(无日历)', '开始'],
  ] as const)('shows reliability per unit, model and project, a unit opening its episodes (%s)', async (locale, unit, modelsTab, model, allHours, episodeHead) => {
    renderPage(locale);
    const card = await waitFor(() => {
      const el = document.querySelector('[data-figures="reliability"]') as HTMLElement;
      expect(el.querySelector('[data-unit="201"]')).toBeTruthy();
      return el;
    });
    const row = card.querySelector('[data-unit="201"]') as HTMLElement;
    // 9 h down, 3 h of them in 2.5 show hours a day over 30 days: 1 − 3 / 75 = 96.00 %; MTTR 9 h / 3 episodes.
    expect(row.querySelector('[data-availability]')).toHaveTextContent('96.00%');
    expect(within(row).getAllByText('3.0')).toHaveLength(2);
    expect(within(card).getByText(allHours)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: unit }));
    const episodes = await waitFor(() => {
      const el = card.querySelector('[data-episodes="201"]') as HTMLElement;
      expect(within(el).getByText(episodeHead)).toBeTruthy();
      return el;
    });
    expect(episodes).toHaveTextContent('#901');
    await userEvent.click(within(card).getByText(modelsTab));
    await waitFor(() => expect(within(card).getByText(model)).toBeTruthy());
  });

  it("opens a unit's episodes for the range its row shows while a new range is still loading", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    server.use(
      http.get(`${API}/ball/stats/reliability`, async ({ request }) => {
        const url = new URL(request.url);
        const from = url.searchParams.get('from')!;
        if (from !== isoDaysAgo(29)) await held;
        return ok(reliabilityFixture({ from, to: url.searchParams.get('to')! }));
      }),
      http.get(`${API}/ball/stats/reliability/episodes`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
        return ok({ equipmentId: 201, basis: 'daily', start: '', end: '', episodes: [] });
      }),
    );
    renderPage('en');
    const card = await waitFor(() => {
      const el = document.querySelector(`[data-figures="reliability"][data-from="${isoDaysAgo(29)}"]`) as HTMLElement;
      expect(el.querySelector('[data-unit="201"]')).toBeTruthy();
      return el;
    });
    await userEvent.click(screen.getByText('This year'));
    await waitFor(() => expect(card).toHaveAttribute('aria-busy', 'true'));
    // The rows are still the last 30 days': so is the drill-down under them.
    await userEvent.click(within(card).getByRole('button', { name: 'Main pump' }));
    await waitFor(() => expect(asked).toEqual([`${isoDaysAgo(29)}..${isoDaysAgo(0)}`]));
    release();
    await waitFor(() => expect(card).toHaveAttribute('aria-busy', 'false'));
    expect(card.getAttribute('data-from')).toMatch(/-01-01$/);
    await waitFor(() => expect(asked.at(-1)).toMatch(/^\d{4}-01-01\.\./));
  });

  it('opens every channel fault of the range from the faults figure', async () => {
    renderPage('en');
    await waitFor(() => expect(document.querySelector('[data-figures="predicted"]')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Channel faults' }));
    expect(screen.getByTestId('where')).toHaveTextContent(new RegExp(`^/main/fall/detect\\?tab=warnings&statFrom=${isoDaysAgo(29)}&statTo=${isoDaysAgo(0)}&kind=channel$`));
  });

  it('opens the completed orders of the clicked period from the orders chart', async () => {
    renderPage('en');
    await waitFor(() => expect(kpi('completed')).toBeTruthy());
    await userEvent.click(document.querySelector('[data-panel="orders"] [data-testid="chart"]') as HTMLElement);
    const day = isoDaysAgo(28);
    expect(screen.getByTestId('where')).toHaveTextContent(`/main/fall/order?statMetric=completed&statFrom=${day}&statTo=${day}`);
  });

  it('opens the broken units of the clicked category from the equipment chart, with the screen filters', async () => {
    renderPage('cn');
    await waitFor(() => expect(kpi('broken')).toBeTruthy());
    await userEvent.click(document.querySelector('[data-panel="equipment"] [data-testid="chart"]') as HTMLElement);
    expect(screen.getByTestId('where')).toHaveTextContent('/main/fall/eqInfo?state=broken&category=nozzle');
  });

  it('shows the server’s refusal (a span too long for the granularity) instead of figures', async () => {
    renderPage('cn');
    await waitFor(() => expect(kpi('submitted')).toBeTruthy());
    server.use(http.post(`${API}/ball/stats/figures`, () => fail(400, '时间跨度过长，请缩短范围或选择更粗的粒度')));
    await userEvent.click(screen.getByText('今年'));
    await waitFor(() => expect(document.querySelector('[data-error]')).toHaveTextContent('时间跨度过长'));
  });

  it('prints a calendar month: the last full one for a range that is none, the month on screen when it is one', async () => {
    renderPage('en');
    await waitFor(() => expect(kpi('submitted')).toBeTruthy());
    await userEvent.click(document.querySelector<HTMLElement>('[data-action="print"]')!);
    expect(screen.getByTestId('where')).toHaveTextContent(`/print/stats?month=${lastFullMonth()}`);
  });

  it('prints this month when the screen shows this month so far', async () => {
    renderPage('en');
    await waitFor(() => expect(kpi('submitted')).toBeTruthy());
    await userEvent.click(screen.getByText('This month'));
    await userEvent.click(document.querySelector<HTMLElement>('[data-action="print"]')!);
    expect(screen.getByTestId('where')).toHaveTextContent(new RegExp(`^/print/stats\\?month=${isoDaysAgo(0).slice(0, 7)}$`));
  });

  it('offers the export to holders of its permission only', async () => {
    renderPage('en', ['fall-stats#list']);
    await waitFor(() => expect(kpi('submitted')).toBeTruthy());
    expect(document.querySelector('[data-action="export"]')).toBeNull();
    expect(document.querySelector('[data-action="print"]')).not.toBeNull();
  });
});
