import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';
import type { WallBoard } from '@shared/contracts/wall';
import { dateTime } from '@client/lib/date-time';
import { renderWithProviders } from '@tests/helpers/render';
import { BoardChannels } from './board-panel';

const LAST_SEEN = '2026-11-20T08:30:00.000Z';
const boardOf = (online: boolean, lastSeen: string | null, missed = 0): WallBoard => ({
  id: 7,
  boardName: 'Pump room',
  boardNameEn: '',
  boardNo: 'DB-07',
  posX: null,
  posY: null,
  online,
  lastSeen,
  missed,
  channels: Array.from({ length: 9 }, (_, i) => ({
    ch: i + 1,
    label: `CH${i + 1} pump`,
    labelEn: '',
    switchValue: 0,
    analogValue: 50,
    analogMin: 0,
    analogMax: 100,
    result: i === 4 ? 'fault' : 'normal',
    equipmentId: null,
    atRisk: false,
    outOfService: false,
  })),
});

// Seen before: an offline board showed CH1–CH9 green "Normal" with its old values.
describe('detection board channels on the walls', () => {
  it('shows every channel of an offline board as "no data since" its last-seen time, never Normal', () => {
    renderWithProviders(<BoardChannels board={boardOf(false, LAST_SEEN)} equipment={[]} />, { locale: 'en' });
    const channels = screen.getAllByTestId(/^channel-/);
    expect(channels).toHaveLength(9);
    for (const c of channels) {
      expect(c).toHaveAttribute('data-result', 'offline');
      expect(within(c).getByText(`No data since ${dateTime(LAST_SEEN)}`)).toBeInTheDocument();
    }
    expect(screen.queryByText('Normal')).toBeNull();
    expect(screen.queryByText('Fault')).toBeNull();
  });

  it('says so in Chinese, and "no data yet" for a board never heard from', () => {
    const view = renderWithProviders(<BoardChannels board={boardOf(false, LAST_SEEN)} equipment={[]} />, { locale: 'cn' });
    expect(within(screen.getByTestId('channel-1')).getByText(`${dateTime(LAST_SEEN)} 起无数据`)).toBeInTheDocument();
    expect(screen.queryByText('正常')).toBeNull();
    view.unmount();
    renderWithProviders(<BoardChannels board={boardOf(false, null)} equipment={[]} />, { locale: 'en' });
    expect(screen.getAllByText('No data yet')).toHaveLength(9);
  });

  // Issue 37: readings that should have come in the last hour and did not.
  it('says how many readings went missing in the last hour, in either language, and nothing when none did', () => {
    const view = renderWithProviders(<BoardChannels board={boardOf(true, LAST_SEEN, 12)} equipment={[]} />, { locale: 'en' });
    expect(screen.getByTestId('board-missing')).toHaveTextContent('12 readings missing (last hour)');
    view.unmount();
    const cn = renderWithProviders(<BoardChannels board={boardOf(false, LAST_SEEN, 3)} equipment={[]} />, { locale: 'cn' });
    expect(screen.getByTestId('board-missing')).toHaveTextContent('近一小时缺 3 条读数');
    cn.unmount();
    renderWithProviders(<BoardChannels board={boardOf(true, LAST_SEEN)} equipment={[]} />, { locale: 'en' });
    expect(screen.queryByTestId('board-missing')).toBeNull();
  });

  it('shows the stored results while the board is online', () => {
    renderWithProviders(<BoardChannels board={boardOf(true, LAST_SEEN)} equipment={[]} />, { locale: 'en' });
    expect(screen.getByTestId('channel-5')).toHaveAttribute('data-result', 'fault');
    expect(screen.getAllByText('Normal')).toHaveLength(8);
    expect(screen.queryByText(/No data/)).toBeNull();
  });

  // Issue 26: a channel tile opens the channel's trend, with the mouse or the keyboard.
  it('opens a channel\'s trend from its tile, in either language', async () => {
    const open = vi.fn();
    const { unmount } = renderWithProviders(<BoardChannels board={boardOf(true, LAST_SEEN)} equipment={[]} onOpenTrend={open} />, { locale: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'Show the CH2 trend' }));
    expect(open).toHaveBeenLastCalledWith(2);
    screen.getByRole('button', { name: 'Show the CH5 trend' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(open).toHaveBeenLastCalledWith(5);
    unmount();
    renderWithProviders(<BoardChannels board={boardOf(true, LAST_SEEN)} equipment={[]} onOpenTrend={open} />, { locale: 'cn' });
    await userEvent.click(screen.getByRole('button', { name: '查看 CH9 趋势' }));
    expect(open).toHaveBeenLastCalledWith(9);
  });

  it('offers no trend where the wall gives no way to open it', () => {
    renderWithProviders(<BoardChannels board={boardOf(true, LAST_SEEN)} equipment={[]} />, { locale: 'en' });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
