import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { http } from 'msw';
import { renderWithProviders } from '../../../../tests/helpers/render';
import { server } from '../../../../mocks/server';
import { statsFixtures } from '../../../../mocks/handlers/stats';
import { API, fail, ok } from '../../../../mocks/envelope';
import type { EChartsOption } from '@client/lib/echarts';
import OverviewWall from './overview-wall';

// jsdom has no canvas and no layout: the chart and the map are replaced by stand-ins that show the
// data they were given, so the test checks what the panels feed them.
vi.mock('@client/components/wall/wall-chart', () => ({
  WallChart: ({ option, onReady }: { option: EChartsOption; onReady?: () => void }) => {
    useEffect(() => onReady?.(), [onReady]);
    return <pre data-testid="chart">{JSON.stringify(option.series)}</pre>;
  },
}));
vi.mock('@client/components/wall/wall-map', () => ({
  WallMap: ({ points, onReady }: { points: { label: string }[]; onReady?: () => void }) => {
    useEffect(() => onReady?.(), [onReady]);
    return <ul data-testid="map">{points.map((p) => <li key={p.label}>{p.label}</li>)}</ul>;
  },
}));

const panel = (name: string) => document.querySelector(`[data-panel="${name}"]`) as HTMLElement;

describe('overview wall', () => {
  it('shows every panel with the numbers the API returns', async () => {
    renderWithProviders(<OverviewWall />, { route: '/page', locale: 'en' });
    await waitFor(() => {
      const panels = [...document.querySelectorAll('[data-panel]')];
      expect(panels.length).toBe(11);
      for (const p of panels) expect(p.getAttribute('data-ready'), p.getAttribute('data-panel') ?? '').toBe('true');
    }, { timeout: 8000 });
    const kpi = (key: string) => document.querySelector(`[data-kpi="${key}"] [data-value]`)?.getAttribute('data-value');
    expect(kpi('projects')).toBe('64');
    const devices = statsFixtures.groupDevice;
    expect(kpi('equipment')).toBe(String(devices.reduce((n, d) => n + d.total, 0)));
    expect(kpi('broken')).toBe(String(devices.reduce((n, d) => n + d.broken, 0)));
    // Units at risk (predicted, docs/predictive.md): their own amber figure beside the broken red one.
    expect(kpi('atRisk')).toBe(String(devices.reduce((n, d) => n + d.atRisk, 0)));

    const status = JSON.parse(panel('status').querySelector('pre')!.textContent!);
    expect(status[0].data.map((d: { value: number }) => d.value)).toEqual(statsFixtures.countProjects.byStatus.map((s) => s.count));
    const area = JSON.parse(panel('area').querySelector('pre')!.textContent!);
    expect(area[0].data).toEqual(statsFixtures.groupArea.map((a) => a.count));
    const speed = JSON.parse(panel('speed').querySelector('pre')!.textContent!);
    expect(speed[0].data).toHaveLength(30);

    expect(screen.getByText('Dubai Fountain Plaza', { selector: '[data-testid=map] li' })).toBeInTheDocument();
    expect(panel('broken')).toHaveTextContent(statsFixtures.brokenDevice[0].name);
    expect(panel('broken')).toHaveTextContent(`${statsFixtures.brokenDevice.length} of ${devices.reduce((n, d) => n + d.broken, 0)}`);
    // Project names in the lists are the English ones on an English wall.
    expect(panel('broken')).toHaveTextContent(statsFixtures.brokenDevice[0].projectNameEn);
    expect(panel('broken')).not.toHaveTextContent(statsFixtures.brokenDevice[0].projectName);
    // the warning first, its project after it (a long project name left no room for the warning)
    expect(within(panel('warnings')).getByText('CH3 pump pressure low').nextElementSibling).toHaveTextContent('Dubai Fountain Plaza');
    expect(panel('warnings')).toHaveTextContent('Open 2');
    expect(panel('notices')).toHaveTextContent('Spring maintenance window');
    // Every figure has its definition on hover.
    expect(panel('quality')).toHaveTextContent('?');
  });

  // Seen before: the panel header said 50 (the length of its capped list) under a KPI of 67.
  it('shows the broken total beside the capped list, the same figure as the broken KPI', async () => {
    const list = Array.from({ length: 50 }, (_, i) => ({ ...statsFixtures.brokenDevice[i % statsFixtures.brokenDevice.length], id: 5000 + i }));
    const groups = statsFixtures.groupDevice.map((g, i) => ({ ...g, broken: i === 0 ? 67 : 0 }));
    server.use(
      http.get(`${API}/ball/fallproject/brokenDevice`, () => ok({ list, total: 67 })),
      http.get(`${API}/ball/fallproject/groupDevice`, () => ok(groups)),
    );
    renderWithProviders(<OverviewWall />, { route: '/page', locale: 'en' });
    await waitFor(() => expect(panel('broken').getAttribute('data-ready')).toBe('true'), { timeout: 8000 });
    await waitFor(() => expect(document.querySelector('[data-kpi="broken"] [data-value]')?.getAttribute('data-value')).toBe('67'));
    expect(within(panel('broken')).getByTestId('shown-of-total')).toHaveTextContent('50 of 67');
  });

  it('says 50 / 67 台 on a Chinese wall, and just the total when the list holds them all', async () => {
    const list = Array.from({ length: 50 }, (_, i) => ({ ...statsFixtures.brokenDevice[0], id: 6000 + i }));
    server.use(http.get(`${API}/ball/fallproject/brokenDevice`, () => ok({ list, total: 67 })));
    const view = renderWithProviders(<OverviewWall />, { route: '/page', locale: 'cn' });
    await waitFor(() => expect(within(panel('broken')).getByTestId('shown-of-total')).toHaveTextContent('50 / 67 台'), { timeout: 8000 });
    view.unmount();
    server.use(http.get(`${API}/ball/fallproject/brokenDevice`, () => ok({ list: list.slice(0, 3), total: 3 })));
    renderWithProviders(<OverviewWall />, { route: '/page', locale: 'en' });
    await waitFor(() => expect(within(panel('broken')).getByTestId('shown-of-total').textContent).toBe('3'), { timeout: 8000 });
  });

  it('counts all open warnings beside the ticker, not the open ones of its capped list', async () => {
    server.use(http.post(`${API}/ball/fallwarning/latest`, () => ok({ list: statsFixtures.warnings, openTotal: 41 })));
    renderWithProviders(<OverviewWall />, { route: '/page', locale: 'en' });
    const open = statsFixtures.warnings.filter((w) => !w.result).length;
    await waitFor(() => expect(within(panel('warnings')).getByTestId('open-warnings')).toHaveTextContent(`Open ${open} of 41`), { timeout: 8000 });
  });

  it('says so in the panel when a call fails, and the other panels still draw', async () => {
    server.use(http.get(`${API}/ball/fallproject/brokenDevice`, () => fail(500, 'Server error')));
    renderWithProviders(<OverviewWall />, { route: '/page', locale: 'cn' });
    await waitFor(() => expect(panel('broken')).toHaveTextContent('数据加载失败'), { timeout: 5000 });
    await waitFor(() => expect(panel('warnings').getAttribute('data-ready')).toBe('true'));
    expect(panel('broken').getAttribute('data-ready')).toBe('false');
  });
});
