import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { getInstanceByDom } from 'echarts/core';
import i18n from '@client/lib/i18n';
import type { ChannelTrend } from '@shared/contracts/detect';
import { channelTrendSchema } from '@shared/contracts/detect';
import { renderWithProviders } from '../../../../tests/helpers/render';
import { server } from '../../../../mocks/server';
import { API, fail, ok } from '../../../../mocks/envelope';
import { ChannelTrendView } from './channel-trend-view';
import { channelTrendOption, faultSpans, TREND_COLORS } from './trend-option';

const MINUTE = 60_000;
const TO = Date.parse('2026-11-28T10:00:00.000Z');

/** An hour of minute buckets on CH2 (kPa, normal 25–70): above the range with the switch closed at minutes 30–33, one warning then. */
function hourTrend(range: ChannelTrend['range'] = '1h'): ChannelTrend {
  const from = TO - 60 * MINUTE;
  return channelTrendSchema.parse({
    boardId: 3,
    ch: 2,
    label: '水池水位',
    labelEn: 'Pool level',
    unit: 'kPa',
    analogMin: 25,
    analogMax: 70,
    range,
    grain: range === '7d' ? 'hour' : 'minute',
    stepSeconds: range === '7d' ? 3600 : range === '24h' ? 300 : 60,
    from: new Date(from).toISOString(),
    to: new Date(TO).toISOString(),
    points: Array.from({ length: 60 }, (_, i) => {
      const fault = i >= 30 && i < 34;
      const avg = fault ? 80 : 45 + (i % 7);
      return { t: new Date(from + i * MINUTE).toISOString(), min: avg - 1, max: avg + 1, avg, count: 2, faults: fault ? 2 : 0 };
    }),
    marks: [{ id: 41, at: new Date(from + 30 * MINUTE + 5000).toISOString(), level: 'critical', kind: 'channel', dealAt: null }],
    checks: [],
  });
}

type Series = { type: string; markArea?: { data: unknown[] }; markPoint?: { data: { coord: [number, number] }[] } };

describe('the channel trend chart option', () => {
  it('puts the unit on the axis, the normal range as a band, the closed-switch minutes as red bands and the warning as a pin', () => {
    const trend = hourTrend();
    const option = channelTrendOption(trend, i18n.getFixedT('en', 'common'), 'light');
    const yAxis = option.yAxis as { name: string; min: number; max: number };
    expect(yAxis.name).toBe('kPa');
    expect(yAxis.min).toBeLessThanOrEqual(25);
    expect(yAxis.max).toBeGreaterThanOrEqual(81);
    const series = option.series as Series[];
    expect(series[0].markArea!.data).toEqual([[{ yAxis: 25 }, { yAxis: 70 }]]);
    const from = Date.parse(trend.from);
    expect(series[1].markArea!.data).toEqual([[{ xAxis: from + 30 * MINUTE }, { xAxis: from + 34 * MINUTE }]]);
    expect(series[2].markPoint!.data.map((d) => d.coord[0])).toEqual([Date.parse(trend.marks[0].at)]);
    expect(faultSpans([], 60_000)).toEqual([]);
  });

  it('writes each bucket in the tooltip with the unit, in both languages', () => {
    const trend = hourTrend();
    const tooltip = (lang: string, dataIndex: number) => {
      const option = channelTrendOption(trend, i18n.getFixedT(lang, 'common'), 'wall');
      const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
      return formatter([{ seriesIndex: 2, dataIndex }]).replace(/<[^>]+>/g, ' ');
    };
    const en = tooltip('en', 31);
    expect(en).toMatch(/Average\s+80 kPa/);
    expect(en).toMatch(/Maximum\s+81 kPa/);
    expect(en).toMatch(/Minimum\s+79 kPa/);
    expect(en).toContain('Readings: 2');
    expect(en).toContain('Switch fault 2×');
    expect(tooltip('en', 30)).toContain('Warning: Critical');
    const cn = tooltip('cn', 30);
    expect(cn).toMatch(/平均值\s+80 kPa/);
    expect(cn).toContain('告警：严重');
    expect(cn).toContain('未处理');
    // A quiet minute: no fault lines.
    expect(tooltip('en', 5)).not.toContain('Switch fault');
  });

  it("draws a checklist's numbers as diamonds beside the line, red out of limits, named in the tooltip in the user's language", () => {
    const trend = hourTrend();
    const from = Date.parse(trend.from);
    trend.checks = [
      { at: new Date(from + 12 * MINUTE + 20_000).toISOString(), value: 48.5, label: '出口压力', labelEn: 'Outlet pressure', min: 25, max: 70, ok: true },
      { at: new Date(from + 40 * MINUTE).toISOString(), value: 95, label: '出口压力', labelEn: 'Outlet pressure', min: 25, max: 70, ok: false },
    ];
    const option = channelTrendOption(trend, i18n.getFixedT('en', 'common'), 'light', null, 'en');
    const series = option.series as { type: string; name: string; data: { value: [number, number]; itemStyle: { color: string } }[] }[];
    expect(series).toHaveLength(4);
    expect(series[3]).toMatchObject({ type: 'scatter', name: 'Checklist readings' });
    expect(series[3].data.map((d) => d.value)).toEqual([[from + 12 * MINUTE + 20_000, 48.5], [from + 40 * MINUTE, 95]]);
    expect(series[3].data.map((d) => d.itemStyle.color)).toEqual([TREND_COLORS.check, TREND_COLORS.fault]);
    // The axis reaches the technician's number above the board's highest.
    expect((option.yAxis as { max: number }).max).toBeGreaterThanOrEqual(95);
    expect((option.legend as { data: string[] }).data).toContain('Checklist readings');
    const tip = (lang: string, dataIndex: number) =>
      (channelTrendOption(trend, i18n.getFixedT(lang, 'common'), 'light', null, lang).tooltip as { formatter: (p: unknown) => string }).formatter([{ seriesIndex: 2, dataIndex }]).replace(/<[^>]+>/g, ' ');
    expect(tip('en', 12)).toMatch(/Outlet pressure \d\d:\d\d\s+48\.5 kPa/);
    expect(tip('en', 40)).toMatch(/95 kPa · out of limits/);
    expect(tip('cn', 40)).toMatch(/出口压力 \d\d:\d\d\s+95 kPa · 超出限值/);
    expect(tip('en', 20)).not.toContain('Outlet pressure');
    // None filed: no series, no legend entry.
    const plain = channelTrendOption(hourTrend(), i18n.getFixedT('en', 'common'), 'light');
    expect(plain.series as unknown[]).toHaveLength(3);
  });

  it('breaks the line where buckets are missing instead of drawing across the gap', () => {
    const trend = hourTrend();
    trend.points = trend.points.filter((_, i) => i < 10 || i > 20);
    const option = channelTrendOption(trend, i18n.getFixedT('en', 'common'), 'light');
    const avg = (option.series as { data: [number | null, number | null][] }[])[2].data;
    expect(avg).toHaveLength(trend.points.length + 1);
    expect(avg[10]).toEqual([null, null]);
  });
});

describe('the channel trend view', () => {
  it('reads the wall trend, says unit, range and marks, and switches the range with a click', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/wall/project/7/trend`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        return ok(hourTrend(url.searchParams.get('range') as ChannelTrend['range']));
      }),
    );
    renderWithProviders(<ChannelTrendView source={{ kind: 'wall', projectId: 7, boardId: 3, ch: 2 }} name="Pool level" tone="wall" height={300} />, { locale: 'en' });
    const view = await screen.findByTestId('channel-trend');
    await waitFor(() => expect(view).toHaveAttribute('data-shown', '24h'));
    expect(asked).toEqual(['?board=3&ch=2&range=24h']);
    expect(screen.getByText('CH2 trend')).toBeInTheDocument();
    expect(screen.getByTestId('trend-unit')).toHaveTextContent('Unit: kPa');
    expect(screen.getByTestId('trend-normal')).toHaveTextContent('Normal range 25–70 kPa');
    expect(screen.getByTestId('trend-marks')).toHaveTextContent('Fault marks 1');
    expect(screen.getByRole('img', { name: 'CH2, Last 24 h: average, minimum and maximum per 5 min, unit kPa' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Last hour' }));
    await waitFor(() => expect(view).toHaveAttribute('data-shown', '1h'));
    expect(asked.at(-1)).toBe('?board=3&ch=2&range=1h');
    expect(screen.getByRole('radio', { name: 'Last hour' })).toHaveAttribute('aria-checked', 'true');
    // The chart drawn by ECharts holds the marks (registered on demand) and the unit.
    const box = screen.getByRole('img', { name: /CH2, Last hour/ }).firstElementChild as HTMLElement;
    await waitFor(() => {
      const drawn = getInstanceByDom(box)?.getOption() as { yAxis: { name: string }[]; series: { markArea?: { data: unknown[] } }[] } | undefined;
      expect(drawn?.yAxis[0].name).toBe('kPa');
      expect(drawn?.series[0].markArea?.data).toHaveLength(1);
    });
  });

  it('reads the back-office trend in Chinese, and says when there are no readings or the server fails', async () => {
    server.use(
      http.get(`${API}/ball/falldetect/trend/3/channel/5`, () => ok({ ...hourTrend('24h'), ch: 5, unit: '', points: [], marks: [] })),
      http.get(`${API}/ball/falldetect/trend/3/channel/6`, () => fail(500, 'boom')),
    );
    const { unmount } = renderWithProviders(<ChannelTrendView source={{ kind: 'board', boardId: 3, ch: 5 }} tone="light" height={300} />, { locale: 'cn' });
    expect(await screen.findByTestId('trend-empty')).toHaveTextContent('该时间段内没有读数');
    expect(screen.getByTestId('trend-unit')).toHaveTextContent('单位: 未设单位');
    expect(screen.getByRole('radio', { name: '近 24 小时' })).toHaveAttribute('aria-checked', 'true');
    unmount();
    renderWithProviders(<ChannelTrendView source={{ kind: 'board', boardId: 3, ch: 6 }} tone="light" height={300} />, { locale: 'cn' });
    expect(await screen.findByText('趋势加载失败')).toBeInTheDocument();
  });
});
