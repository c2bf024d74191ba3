import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EChartsOption } from '@client/lib/echarts';
import { WallChart } from './wall-chart';

// jsdom has no canvas: an ECharts instance that records what the chart asks of it.
const calls: string[] = [];
const setOption = vi.fn((option: EChartsOption, opts: { lazyUpdate?: boolean }) => void calls.push(`setOption${opts.lazyUpdate ? ' lazy' : ''} animation=${String(option.animation)}`));
const resize = vi.fn(() => void calls.push('resize'));
const loop = { pause: () => void calls.push('pause'), resume: () => void calls.push('resume') };
vi.mock('@client/lib/echarts', () => ({
  echarts: {
    init: () => {
      // Disposing of a chart takes its zrender's loop away, as zrender does.
      const zr: { animation: typeof loop | null; flush: () => void } = { animation: loop, flush: () => void calls.push('flush') };
      return { on: () => undefined, setOption, resize, dispose: () => void (zr.animation = null), getZr: () => zr };
    },
  },
  loadChartTooltips: () => Promise.resolve(),
}));

// Before each test: the last one's chart is unmounted after it (and resumes its loop then).
beforeEach(() => {
  calls.length = 0;
  vi.clearAllMocks();
});

const OPTION: EChartsOption = { series: [{ type: 'pie', data: [1, 2] }] };

describe('the wall chart', () => {
  it('draws over a drawing of itself in steps: the option now, its layout after a paint, its painting after another', async () => {
    render(<WallChart option={OPTION} entryAnimation={false} />);
    // The option is in ECharts' model, and zrender's loop, which would lay it out and paint it in its
    // next frame, waits.
    expect(calls).toEqual(['setOption lazy animation=false', 'pause']);
    await waitFor(() => expect(calls).toEqual(['setOption lazy animation=false', 'pause', 'resize', 'resume', 'flush']));
  });

  it('leaves its loop running when it goes before its layout', () => {
    const { unmount } = render(<WallChart option={OPTION} entryAnimation={false} />);
    unmount();
    expect(calls).toEqual(['setOption lazy animation=false', 'pause', 'resume']);
    expect(resize).not.toHaveBeenCalled();
  });

  it('draws in one go otherwise, its entry animation on', async () => {
    render(<WallChart option={OPTION} />);
    expect(calls).toEqual(['setOption lazy animation=undefined']);
    await new Promise((r) => setTimeout(r, 50));
    expect(resize).not.toHaveBeenCalled();
  });
});
