import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { http } from 'msw';
import { renderWithProviders } from '../../../../tests/helpers/render';
import { server } from '../../../../mocks/server';
import { statsFixtures } from '../../../../mocks/handlers/stats';
import { API, fail } from '../../../../mocks/envelope';
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

    const status = JSON.parse(panel('status').querySelector('pre')!.textContent!);
    expect(status[0].data.map((d: { value: number }) => d.value)).toEqual(statsFixtures.countProjects.byStatus.map((s) => s.count));
    const area = JSON.parse(panel('area').querySelector('pre')!.textContent!);
    expect(area[0].data).toEqual(statsFixtures.groupArea.map((a) => a.count));
    const speed = JSON.parse(panel('speed').querySelector('pre')!.textContent!);
    expect(speed[0].data).toHaveLength(30);

    expect(screen.getByText('Dubai Fountain Plaza', { selector: '[data-testid=map] li' })).toBeInTheDocument();
    expect(panel('broken')).toHaveTextContent(statsFixtures.brokenDevice[0].name);
    expect(panel('broken')).toHaveTextContent(String(statsFixtures.brokenDevice.length));
    // Project names in the lists are the English ones on an English wall.
    expect(panel('broken')).toHaveTextContent(statsFixtures.brokenDevice[0].projectNameEn);
    expect(panel('broken')).not.toHaveTextContent(statsFixtures.brokenDevice[0].projectName);
    expect(panel('warnings')).toHaveTextContent('Dubai Fountain Plaza · CH3 pump pressure low');
    expect(panel('warnings')).toHaveTextContent('Open 2');
    expect(panel('notices')).toHaveTextContent('Spring maintenance window');
    // Every figure has its definition on hover.
    expect(panel('quality')).toHaveTextContent('?');
  });

  it('says so in the panel when a call fails, and the other panels still draw', async () => {
    server.use(http.get(`${API}/ball/fallproject/brokenDevice`, () => fail(500, 'Server error')));
    renderWithProviders(<OverviewWall />, { route: '/page', locale: 'cn' });
    await waitFor(() => expect(panel('broken')).toHaveTextContent('数据加载失败'), { timeout: 5000 });
    await waitFor(() => expect(panel('warnings').getAttribute('data-ready')).toBe('true'));
    expect(panel('broken').getAttribute('data-ready')).toBe('false');
  });
});
