import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { BoardInfo, BoardTrend, ChannelTrend } from '@shared/contracts/detect';
import { dateTime } from '@client/lib/date-time';
import { renderWithProviders } from '../../../../../tests/helpers/render';
import { server } from '../../../../../mocks/server';
import { API, fail, ok } from '../../../../../mocks/envelope';
import { login } from '@client/lib/session';
import { ChannelPanel } from './channel-panel';
import { when } from '../../../shared/work-kit/format';

const LAST_SEEN = '2026-11-20T08:30:00.000Z';
const infoOf = (online: boolean, missing: Pick<BoardInfo, 'missed' | 'missingSince'> = { missed: 0, missingSince: null }): BoardInfo => ({
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
  refusedReason: null,
  refusedAt: null,
  refusedSince: null,
  ...missing,
  createdAt: LAST_SEEN,
  channels: Array.from({ length: 9 }, (_, i) => ({
    id: 100 + i,
    ch: i + 1,
    label: '',
    labelEn: '',
    equipmentId: null,
    equipmentName: null,
    equipmentNameEn: null,
    switchValue: 0,
    analogValue: 50,
    analogMin: 0,
    analogMax: 100,
    unit: '',
    checkKey: '',
    result: 'normal' as const,
    updatedAt: LAST_SEEN,
    onDelaySeconds: i === 0 ? 30 : null,
    offDelaySeconds: null,
    deadband: null,
    repeatCount: null,
    repeatMinutes: null,
    model: i === 1 ? { onDelaySeconds: 10, offDelaySeconds: null, deadband: 2, repeatCount: null, repeatMinutes: null } : null,
    pendingSince: null,
    normalSince: null,
  })),
});

const emptyTrend: BoardTrend = { id: 3, hours: 24, grain: 'minute', stepSeconds: 300, channels: [] };
const trendOf = (): BoardTrend => {
  const now = Date.now();
  return {
    ...emptyTrend,
    channels: Array.from({ length: 9 }, (_, i) => ({
      ch: i + 1,
      label: '',
      analogMin: 0,
      analogMax: 100,
      // CH1 has three buckets, the others nothing yet.
      points: i === 0 ? [3, 2, 1].map((h) => ({ t: new Date(now - h * 3_600_000).toISOString(), min: 40, max: 60, avg: 50, count: 12 })) : [],
    })),
  };
};

/** One channel's readable trend (the panel under the table): empty, with the channel's unit. */
const asked: string[] = [];
const channelTrend = http.get(`${API}/ball/falldetect/trend/3/channel/:ch`, ({ params, request }) => {
  asked.push(`${String(params.ch)}${new URL(request.url).search}`);
  const body: ChannelTrend = {
    boardId: 3, ch: Number(params.ch), label: '', labelEn: '', unit: 'bar', analogMin: 0, analogMax: 100, range: '24h', grain: 'minute', stepSeconds: 300,
    from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString(), points: [], marks: [], checks: [],
  };
  return ok(body);
});

const results = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => r.querySelector('[data-result]'));

// Seen before: the back-office channel dialog of an offline board showed nine green "Normal".
describe('fall/detect channel dialog', () => {
  it('shows "no data since" on every channel of an offline board', async () => {
    server.use(
      http.get(`${API}/ball/falldetect/info/3`, () => ok(infoOf(false))),
      http.post(`${API}/ball/falleqinfo/listAll`, () => ok([])),
      http.get(`${API}/ball/falldetect/trend/3`, () => ok(emptyTrend)),
      channelTrend,
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
      http.get(`${API}/ball/falldetect/trend/3`, () => ok(emptyTrend)),
      channelTrend,
    );
    renderWithProviders(<ChannelPanel id={3} onClose={() => undefined} />, { locale: 'cn' });
    await waitFor(() => expect(results()).toHaveLength(9), { timeout: 5000 });
    for (const r of results()) expect(r).toHaveTextContent('正常');
    // Nothing missing: no word of it.
    expect(screen.queryByTestId('board-missing')).toBeNull();
  });

  // Issue 37: readings that should have come and did not, as the server counts them.
  it('says how many readings went missing over the last hour and since when, in either language', async () => {
    server.use(
      http.get(`${API}/ball/falldetect/info/3`, () => ok(infoOf(true, { missed: 12, missingSince: LAST_SEEN }))),
      http.post(`${API}/ball/falleqinfo/listAll`, () => ok([])),
      http.get(`${API}/ball/falldetect/trend/3`, () => ok(emptyTrend)),
      channelTrend,
    );
    const view = renderWithProviders(<ChannelPanel id={3} onClose={() => undefined} />, { locale: 'en' });
    const en = await screen.findByTestId('board-missing');
    expect(en).toHaveTextContent('12 missing');
    expect(en).toHaveAttribute('aria-label', `12 readings did not arrive in the last hour (missing since ${when(LAST_SEEN)}): the board's sequence or its poll period has gaps, or it is silent`);
    view.unmount();
    renderWithProviders(<ChannelPanel id={3} onClose={() => undefined} />, { locale: 'cn' });
    const cn = await screen.findByTestId('board-missing');
    expect(cn).toHaveTextContent('缺 12 条');
    expect(cn).toHaveAttribute('aria-label', `最近一小时有 12 条读数未收到（自 ${when(LAST_SEEN)} 起缺失）：检测板的序号或上报周期出现缺口，或已无上报`);
  });

  // Issue 15: each channel's last 24 h as a small trend from the downsampled history.
  it('shows each channel\'s 24 h trend, and says so where there are no readings yet', async () => {
    server.use(
      http.get(`${API}/ball/falldetect/info/3`, () => ok(infoOf(true))),
      http.post(`${API}/ball/falleqinfo/listAll`, () => ok([])),
      http.get(`${API}/ball/falldetect/trend/3`, () => ok(trendOf())),
      channelTrend,
    );
    renderWithProviders(<ChannelPanel id={3} onClose={() => undefined} />, { locale: 'en' });
    await waitFor(() => expect(screen.getByRole('img', { name: 'CH1: average per 5 min, with min and max' })).toHaveAttribute('data-trend', '3'), { timeout: 5000 });
    expect(screen.getByRole('columnheader', { name: 'Last 24 h' })).toBeInTheDocument();
    expect(screen.getAllByText('No readings yet')).toHaveLength(8);
  });

  // Issue 26: the readable trend under the table, for the channel whose small trend was clicked.
  it('opens a channel\'s readable trend when its small trend is clicked', async () => {
    asked.length = 0;
    server.use(
      http.get(`${API}/ball/falldetect/info/3`, () => ok(infoOf(true))),
      http.post(`${API}/ball/falleqinfo/listAll`, () => ok([])),
      http.get(`${API}/ball/falldetect/trend/3`, () => ok(trendOf())),
      channelTrend,
    );
    renderWithProviders(<ChannelPanel id={3} onClose={() => undefined} />, { locale: 'en' });
    const panel = await screen.findByTestId('board-trend', undefined, { timeout: 5000 });
    await waitFor(() => expect(within(panel).getByText('CH1 trend')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Show the CH2 trend' }));
    await waitFor(() => expect(within(panel).getByText('CH2 trend')).toBeInTheDocument());
    await waitFor(() => expect(asked).toContain('2?range=24h'));
    expect(screen.getByRole('button', { name: 'Show the CH2 trend' })).toHaveAttribute('aria-pressed', 'true');
    expect(await within(panel).findByTestId('trend-unit')).toHaveTextContent('Unit: bar');
    // The range switch asks the server for that range.
    await userEvent.click(within(panel).getByText('Last 7 days'));
    await waitFor(() => expect(asked).toContain('2?range=7d'));
  });

  // Issue 38: the channel's alarm conditioning, its own over its unit's device model's.
  it('edits a channel\'s conditioning: empty inherits the model\'s, shown as the placeholder; a refused value is marked on its field', async () => {
    const sent: unknown[] = [];
    let refuse = false;
    server.use(
      http.get(`${API}/ball/falldetect/info/3`, () => ok(infoOf(true))),
      http.post(`${API}/ball/falleqinfo/listAll`, () => ok([])),
      http.get(`${API}/ball/falldetect/trend/3`, () => ok(emptyTrend)),
      http.post(`${API}/ball/falldetect/channels/update`, async ({ request }) => {
        sent.push(await request.json());
        return refuse ? fail(400, 'Invalid value', { fields: { 'channels.0.offDelaySeconds': 'Invalid value' } }) : ok({ id: 3 });
      }),
      channelTrend,
    );
    login('t-conditioning', { id: 8, username: 'ops', realName: '', email: '', phone: '', avatar: '', roles: ['operator'], perms: ['fall-detect#info', 'fall-detect#update'], menus: [] });
    renderWithProviders(<ChannelPanel id={3} onClose={() => undefined} />, { locale: 'en' });
    // CH1 has its own on-delay; CH2 inherits its model's on-delay and band; CH3 has nothing.
    expect(await screen.findByRole('button', { name: 'CH1 alarm conditioning' }, { timeout: 5000 })).toHaveTextContent('↑30s');
    expect(screen.getByRole('button', { name: 'CH2 alarm conditioning' })).toHaveTextContent('↑10s ±2');
    expect(screen.getByRole('button', { name: 'CH3 alarm conditioning' })).toHaveTextContent('Default');
    await userEvent.click(screen.getByRole('button', { name: 'CH2 alarm conditioning' }));
    expect(await screen.findByRole('textbox', { name: 'CH2 On-delay (s)' })).toHaveAttribute('placeholder', 'Inherited: 10');
    expect(screen.getByRole('textbox', { name: 'CH2 Off-delay (s)' })).toHaveAttribute('placeholder', 'Inherited: default');
    await userEvent.type(screen.getByRole('textbox', { name: 'CH2 Off-delay (s)' }), '20');
    expect(screen.getByRole('button', { name: 'CH2 alarm conditioning' })).toHaveTextContent('↑10s ↓20s ±2');
    await userEvent.click(screen.getByRole('button', { name: 'Save channels' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 3, channels: [{ ch: 2, onDelaySeconds: null, offDelaySeconds: 20, deadband: null, repeatCount: null, repeatMinutes: null }] });

    refuse = true;
    // The settings stay open after a save.
    const off = await screen.findByRole('textbox', { name: 'CH2 Off-delay (s)' });
    await userEvent.type(off, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save channels' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'CH2 alarm conditioning' })).toHaveAttribute('data-failed', 'true'));
  });
});
