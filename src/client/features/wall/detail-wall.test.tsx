import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { renderWithProviders } from '../../../../tests/helpers/render';
import type { EChartsOption } from '@client/lib/echarts';
import type { ChartPoint } from '@client/components/wall/wall-chart';
import DetailWall from './detail-wall';

// No canvas in jsdom: the stand-in chart offers a button per point that "clicks" it.
vi.mock('@client/components/wall/wall-chart', () => ({
  WallChart: ({ option, onReady, onPointClick }: { option: EChartsOption; onReady?: () => void; onPointClick?: (p: ChartPoint) => void }) => {
    useEffect(() => onReady?.(), [onReady]);
    const series = option.series as { name: string; data: unknown[] }[];
    return (
      <div>
        {series[0].data.map((_, i) => (
          <button key={i} type="button" onClick={() => onPointClick?.({ seriesIndex: 0, dataIndex: i, name: '', value: null })}>
            {`${series[0].name} ${i}`}
          </button>
        ))}
      </div>
    );
  },
}));

describe('detail wall', () => {
  it('shows the orders behind the latest period, then behind any clicked point, paged', async () => {
    renderWithProviders(<DetailWall />, { route: '/page/detail', locale: 'en' });
    const orders = () => document.querySelector('[data-panel="orders"]') as HTMLElement;
    await waitFor(() => expect(orders()).toHaveTextContent('Completed orders: 23 orders'), { timeout: 8000 });
    expect(orders().querySelectorAll('tbody tr')).toHaveLength(8);
    fireEvent.click(screen.getAllByRole('button', { name: 'Orders 0' })[0]);
    await waitFor(() => expect(orders()).toHaveTextContent('Submitted orders: 23 orders'));
    expect(orders()).toHaveTextContent('1 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    await waitFor(() => expect(orders()).toHaveTextContent('2 / 3'));
  });

  it('checks the filter with the shared contract before asking the server', async () => {
    renderWithProviders(<DetailWall />, { route: '/page/detail', locale: 'en' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date cannot be before the start date');
    fireEvent.click(screen.getByRole('radio', { name: 'Day' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2020-01-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The period is too long');
  });
});
