import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { BoardInfo } from '@shared/contracts/detect';
import { dateTime } from '@client/lib/date-time';
import { renderWithProviders } from '../../../../../tests/helpers/render';
import { server } from '../../../../../mocks/server';
import { API, ok } from '../../../../../mocks/envelope';
import { ChannelPanel } from './channel-panel';

const LAST_SEEN = '2026-11-20T08:30:00.000Z';
const infoOf = (online: boolean): BoardInfo => ({
  id: 3,
  projectId: 1,
  projectName: '西湖音乐喷泉',
  projectNameEn: 'West Lake Musical Fountain',
  archivedAt: null,
  archivedBy: null,
  slave: 1,
  ip: '',
  port: 502,
  boardName: 'Pump room',
  boardNameEn: '',
  boardNo: 'DB-03',
  posX: null,
  posY: null,
  pollSeconds: 10,
  hasKey: true,
  lastSeen: LAST_SEEN,
  online,
  faultCount: 0,
  createdAt: LAST_SEEN,
  channels: Array.from({ length: 9 }, (_, i) => ({
    id: 100 + i,
    ch: i + 1,
    label: '',
    equipmentId: null,
    equipmentName: null,
    switchValue: 0,
    analogValue: 50,
    analogMin: 0,
    analogMax: 100,
    result: 'normal' as const,
    updatedAt: LAST_SEEN,
  })),
});

const results = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => r.querySelector('[data-result]'));

// Issue 13: the back-office channel dialog of an offline board showed nine green "Normal".
describe('fall/detect channel dialog', () => {
  it('shows "no data since" on every channel of an offline board', async () => {
    server.use(
      http.get(`${API}/ball/falldetect/info/3`, () => ok(infoOf(false))),
      http.post(`${API}/ball/falleqinfo/listAll`, () => ok([])),
    );
    renderWithProviders(<ChannelPanel id={3} onClose={() => undefined} />, { locale: 'en' });
    await waitFor(() => expect(results()).toHaveLength(9), { timeout: 5000 });
    for (const r of results()) {
      expect(r).toHaveAttribute('data-result', 'offline');
      expect(r).toHaveTextContent(`No data since ${dateTime(LAST_SEEN)}`);
    }
    expect(within(screen.getByRole('table')).queryByText('Normal')).toBeNull();
  });

  it('shows the stored results of an online board', async () => {
    server.use(
      http.get(`${API}/ball/falldetect/info/3`, () => ok(infoOf(true))),
      http.post(`${API}/ball/falleqinfo/listAll`, () => ok([])),
    );
    renderWithProviders(<ChannelPanel id={3} onClose={() => undefined} />, { locale: 'cn' });
    await waitFor(() => expect(results()).toHaveLength(9), { timeout: 5000 });
    for (const r of results()) expect(r).toHaveTextContent('正常');
  });
});
