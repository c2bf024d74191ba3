import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { renderWithProviders } from '../../../../../tests/helpers/render';
import { server } from '../../../../../mocks/server';
import { API, ok } from '../../../../../mocks/envelope';
import { clearSession, loginDisplay } from '@client/lib/session';
import type { WarningAlarms, WarningRow } from '@shared/contracts/warning';
import { AlarmStrip } from './alarm-strip';
import { orderAlarms } from './alarm-order';
import { resetAudio } from './alarm-sound';

/** A WebAudio stand-in that records the oscillators the wall starts: what it would have played. */
const played: OscillatorType[] = [];
let startState: AudioContextState = 'running';
class FakeAudioContext {
  state: AudioContextState = startState;
  currentTime = 0;
  destination = {};
  onstatechange: (() => void) | null = null;
  createOscillator() {
    const osc = { type: 'sine' as OscillatorType, frequency: { setValueAtTime() {}, linearRampToValueAtTime() {} }, connect() {}, start: () => played.push(osc.type), stop() {} };
    return osc;
  }
  createGain() {
    return { gain: { setValueAtTime() {}, linearRampToValueAtTime() {} }, connect() {} };
  }
  resume() {
    this.state = 'running';
    this.onstatechange?.();
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
}

const row = (over: Partial<WarningRow>): WarningRow => ({
  id: 1,
  at: '2026-11-25T08:00:00.000Z',
  info: 'Pump room CH1 Main pump: switch fault (1)',
  kind: 'channel',
  level: 'critical',
  projectId: 7,
  projectName: '湖畔广场',
  projectNameEn: 'Lakeside Plaza',
  detectId: 3,
  boardName: '泵房',
  boardNameEn: 'Pump room',
  channel: 1,
  equipmentId: null,
  equipmentName: 'Main pump',
  equipmentNameEn: '',
  dealAt: null,
  result: null,
  note: '',
  dealtBy: '',
  orderId: null,
  ackAt: null,
  ackBy: '',
  escalatedAt: null,
  notifyLevel: 0,
  chatter: 0,
  overdue: false,
  suppressedBy: null,
  shelvedUntil: null,
  shelvedBy: '',
  shelveReason: '',
  ...over,
});

let alarms: WarningRow[] = [];
let perms: string[] = [];
let muteMinutes = 15;
let flood: WarningAlarms['flood'] | undefined;
let shelved = 0;
let maintenance: { projects: number; until: string | null } = { projects: 0, until: null };
const acked: number[] = [];

beforeEach(() => {
  alarms = [];
  perms = ['ship-scene#view'];
  acked.length = 0;
  played.length = 0;
  startState = 'running';
  muteMinutes = 15;
  flood = undefined;
  shelved = 0;
  maintenance = { projects: 0, until: null };
  localStorage.clear();
  (window as unknown as { AudioContext: unknown }).AudioContext = FakeAudioContext;
  resetAudio();
  loginDisplay('display-token', 'display');
  server.use(
    http.get(`${API}/wall/session`, () => ok({ kind: 'display', projectId: null, sceneId: null, label: 'Control room', perms })),
    http.post(`${API}/ball/fallwarning/alarms`, () => ok({ list: alarms, total: alarms.length, flood: flood ?? { raised: 0, active: false, groups: [] }, levels: ['warning', 'critical'], sounds: { info: 'none', warning: 'chime', critical: 'siren' }, escalateMinutes: 10, muteMinutes, shelved, shelveMaxMinutes: 480, maintenance })),
    http.post(`${API}/ball/fallwarning/ack`, async ({ request }) => {
      const { id } = (await request.json()) as { id: number };
      acked.push(id);
      alarms = alarms.filter((a) => a.id !== id);
      return ok({ id, ackAt: new Date().toISOString(), ackBy: 'Control room' });
    }),
  );
});
afterEach(() => {
  clearSession();
  resetAudio();
  delete (window as unknown as { AudioContext?: unknown }).AudioContext;
});

const strip = () => screen.getByTestId('alarm-strip');
const BOX = { x: 480, y: 220, w: 960, h: 96 };
const Strip = (props: { wallKey?: string; kiosk?: boolean }) => <AlarmStrip wallKey={props.wallKey ?? 'overview'} kiosk={props.kiosk ?? false} box={BOX} />;
const rowIds = () => [...document.querySelectorAll('[data-alarm-id]')].map((r) => Number(r.getAttribute('data-alarm-id')));

describe('alarm order', () => {
  it('puts the most severe first and the newest second, the rest by severity and time', () => {
    const list = [
      row({ id: 1, level: 'warning', at: '2026-11-25T08:00:00.000Z' }),
      row({ id: 2, level: 'critical', at: '2026-11-25T08:01:00.000Z' }),
      row({ id: 3, level: 'critical', at: '2026-11-25T08:02:00.000Z' }),
      row({ id: 4, level: 'warning', at: '2026-11-25T08:05:00.000Z' }),
      row({ id: 5, level: 'warning', at: '2026-11-25T08:03:00.000Z', overdue: true }),
    ];
    expect(orderAlarms(list).map((a) => a.id)).toEqual([3, 4, 2, 5, 1]);
    // The newest is the most severe: the next most severe follows it.
    expect(orderAlarms(list.slice(0, 3)).map((a) => a.id)).toEqual([3, 2, 1]);
    // Of one level, the escalated one comes first.
    expect(orderAlarms([row({ id: 6, level: 'warning', at: '2026-11-25T09:00:00.000Z' }), row({ id: 7, level: 'warning', overdue: true })]).map((a) => a.id)).toEqual([7, 6]);
  });
});

describe('wall alarm strip', () => {
  it('always shows how many alarms are shelved, 0 included, in both languages', async () => {
    const view = renderWithProviders(<Strip />, { locale: 'en' });
    await waitFor(() => expect(screen.getByTestId('alarm-shelved')).toHaveAttribute('data-count', '0'));
    expect(screen.getByTestId('alarm-shelved')).toHaveTextContent('Shelved 0');
    view.unmount();
    shelved = 2;
    renderWithProviders(<Strip />, { locale: 'cn' });
    await waitFor(() => expect(screen.getByTestId('alarm-shelved')).toHaveAttribute('data-count', '2'));
    expect(screen.getByTestId('alarm-shelved')).toHaveTextContent('已搁置 2');
  });

  it('says when the wall\'s projects are in a maintenance window, and until when, in both languages; nothing without one', async () => {
    const view = renderWithProviders(<Strip />, { locale: 'en' });
    await waitFor(() => expect(screen.getByTestId('alarm-shelved')).toBeInTheDocument());
    expect(screen.queryByTestId('alarm-maintenance')).toBeNull();
    view.unmount();
    // Later today: the hour alone; another day: the date too.
    const until = dayjs().endOf('day').subtract(1, 'minute').toISOString();
    const local = dayjs(until).format('HH:mm');
    maintenance = { projects: 1, until };
    const one = renderWithProviders(<Strip />, { locale: 'en' });
    await waitFor(() => expect(screen.getByTestId('alarm-maintenance')).toHaveTextContent(`Maintenance window until ${local}`));
    one.unmount();
    const later = dayjs().add(2, 'day').hour(6).minute(0).toISOString();
    maintenance = { projects: 3, until: later };
    renderWithProviders(<Strip />, { locale: 'cn' });
    await waitFor(() => expect(screen.getByTestId('alarm-maintenance')).toHaveTextContent(`3 个项目处于维护窗口（最早 ${dayjs(later).format('MM-DD HH:mm')} 结束）`));
  });

  it('keeps its place with a quiet line while there is no alarm, and sounds nothing', async () => {
    renderWithProviders(<Strip />, { locale: 'en' });
    await waitFor(() => expect(strip()).toHaveAttribute('data-count', '0'));
    expect(strip()).toHaveTextContent('No unacknowledged alarms');
    expect(strip()).toHaveAttribute('data-sounding', 'false');
    expect(screen.queryByTestId('alarm-mute')).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect(played).toEqual([]);
  });

  it('shows alarms with their level, the most severe and the newest first, and sounds the tone of the highest level', async () => {
    alarms = [row({ id: 1, level: 'warning', info: 'Analog out of range', at: '2026-11-25T08:05:00.000Z' }), row({ id: 2, level: 'critical' }), row({ id: 9, level: 'warning', at: '2026-11-25T07:00:00.000Z' })];
    renderWithProviders(<Strip />, { locale: 'en' });
    await waitFor(() => expect(strip()).toHaveAttribute('data-count', '3'));
    expect(rowIds()).toEqual([2, 1, 9]);
    expect(strip()).toHaveAttribute('data-level', 'critical');
    expect(strip()).toHaveAttribute('data-sounding', 'true');
    expect(strip()).toHaveTextContent('Alarms');
    expect(strip()).toHaveTextContent('1 more below');
    expect(strip()).toHaveTextContent('Critical');
    expect(strip()).toHaveTextContent('Lakeside Plaza');
    // The critical level's siren: sawtooth sweeps, not the warning's chime.
    await waitFor(() => expect(played).toContain('sawtooth'));
    expect(played).not.toContain('sine');
  });

  it('in a flood, groups the alarms by project and unit, worst first, says so, and counts every alarm', async () => {
    alarms = Array.from({ length: 50 }, (_, i) => row({ id: i + 1, level: i % 2 ? 'warning' : 'critical' }));
    const group = (equipmentId: number, name: string, count: number, level: 'warning' | 'critical') => ({
      projectId: 7, projectName: '湖滨广场', projectNameEn: 'Lakeside Plaza', equipmentId, equipmentName: name, equipmentNameEn: name, detectId: null, boardName: null, boardNameEn: null, count, level, latestAt: '2026-11-25T08:05:00.000Z',
    });
    flood = { raised: 140, active: true, groups: [group(1, 'Main pump', 90, 'critical'), group(2, 'Light ring', 50, 'warning')] };
    server.use(http.post(`${API}/ball/fallwarning/alarms`, () => ok({ list: alarms, total: 140, flood, levels: ['warning', 'critical'], sounds: { info: 'none', warning: 'chime', critical: 'siren' }, escalateMinutes: 10, muteMinutes, shelved: 0, shelveMaxMinutes: 480, maintenance })));
    renderWithProviders(<Strip />, { locale: 'en' });
    await waitFor(() => expect(strip()).toHaveAttribute('data-flood', 'true'));
    expect(strip()).toHaveAttribute('data-count', '140');
    expect(screen.getByTestId('alarm-flood')).toHaveTextContent('Alarm flood');
    expect(strip()).toHaveTextContent('140 in 10 min · 2 groups');
    const groups = [...document.querySelectorAll('[data-alarm-group]')];
    expect(groups.map((g) => g.getAttribute('data-count'))).toEqual(['90', '50']);
    expect(groups[0]).toHaveTextContent('Lakeside Plaza · Main pump');
    expect(groups[0]).toHaveTextContent('90 alarms');
    // The alarm rows themselves are not scrolled through: hidden while the flood lasts.
    expect(document.querySelector('[data-alarm-id]')?.closest('ul')).toHaveStyle({ display: 'none' });
  });

  it('reads in Chinese on a Chinese wall', async () => {
    alarms = [row({ id: 3, level: 'warning', overdue: true })];
    renderWithProviders(<Strip />, { locale: 'cn' });
    await waitFor(() => expect(strip()).toHaveAttribute('data-count', '1'));
    expect(strip()).toHaveTextContent('告警');
    expect(strip()).toHaveTextContent('1 条告警未确认');
    expect(strip()).toHaveTextContent('湖畔广场');
    expect(screen.getByTestId('alarm-overdue')).toHaveTextContent('超时未确认');
    expect(screen.getByTestId('alarm-mute')).toHaveTextContent('静音');
  });

  // Issue 38: a chattering alarm (3 or more of its channel within 60 s) says so on the strip.
  it('marks a chattering alarm, in both languages', async () => {
    alarms = [row({ id: 4, chatter: 5 }), row({ id: 5, level: 'warning', at: '2026-11-25T07:00:00.000Z' })];
    const { unmount } = renderWithProviders(<Strip />, { locale: 'en' });
    await waitFor(() => expect(strip()).toHaveAttribute('data-count', '2'));
    const [badge, ...more] = screen.getAllByTestId('alarm-chattering');
    expect(more).toEqual([]);
    expect(badge).toHaveTextContent('Chattering');
    expect(badge).toHaveAttribute('title', '5 alarms of this channel within 60 s');
    expect(badge.closest('[data-alarm-id]')).toHaveAttribute('data-alarm-id', '4');
    unmount();
    renderWithProviders(<Strip />, { locale: 'cn' });
    await waitFor(() => expect(screen.getByTestId('alarm-chattering')).toHaveTextContent('抖动'));
  });

  it('mutes this wall for the set time, remembered over a reload, then sounds again by itself', async () => {
    muteMinutes = 0.02; // 1.2 s
    alarms = [row({ id: 4 })];
    const first = renderWithProviders(<Strip wallKey="project:7" />, { locale: 'en' });
    await waitFor(() => expect(strip()).toHaveAttribute('data-sounding', 'true'));
    const before = Date.now();
    fireEvent.click(screen.getByTestId('alarm-mute'));
    expect(strip()).toHaveAttribute('data-sounding', 'false');
    expect(strip()).toHaveAttribute('data-muted', 'true');
    const until = Number(strip().getAttribute('data-muted-until'));
    expect(until - before).toBeGreaterThanOrEqual(1200);
    expect(until - Date.now()).toBeLessThanOrEqual(1200);
    expect(screen.getByTestId('alarm-muted')).toHaveTextContent('Muted until');
    played.length = 0;
    first.unmount();
    // Reloaded: still muted, still shown, silent.
    const again = renderWithProviders(<Strip wallKey="project:7" />, { locale: 'en' });
    await waitFor(() => expect(strip()).toHaveAttribute('data-muted', 'true'));
    expect(strip()).toHaveAttribute('data-sounding', 'false');
    expect(played).toEqual([]);
    // Another wall in this browser is not muted.
    const other = renderWithProviders(<Strip wallKey="overview" />, { locale: 'en' });
    await waitFor(() => expect(screen.getAllByTestId('alarm-strip')[1]).toHaveAttribute('data-sounding', 'true'));
    other.unmount();
    played.length = 0;
    // The mute ends by itself: the wall sounds again.
    await waitFor(() => expect(strip()).toHaveAttribute('data-muted', 'false'), { timeout: 3000 });
    expect(strip()).toHaveAttribute('data-sounding', 'true');
    await waitFor(() => expect(played).toContain('sawtooth'));
    again.unmount();
  });

  it('a mute never silences an escalation: an alarm that escalates while muted sounds', async () => {
    alarms = [row({ id: 6, level: 'warning' })];
    const { queryClient } = renderWithProviders(<Strip />, { locale: 'en' });
    await waitFor(() => expect(strip()).toHaveAttribute('data-sounding', 'true'));
    fireEvent.click(screen.getByTestId('alarm-mute'));
    expect(strip()).toHaveAttribute('data-sounding', 'false');
    played.length = 0;
    alarms = [row({ id: 6, level: 'warning', overdue: true, escalatedAt: '2026-11-25T08:10:00.000Z' })];
    await queryClient.invalidateQueries({ queryKey: ['warning-alarms'] });
    await waitFor(() => expect(strip()).toHaveAttribute('data-sounding', 'true'));
    expect(strip()).toHaveAttribute('data-muted', 'true');
    expect(document.querySelector('[data-alarm-id="6"]')).toHaveAttribute('data-overdue', 'true');
    await waitFor(() => expect(played).toContain('sine'));
    // The wall says why it sounds although muted.
    expect(screen.getByTestId('alarm-muted')).toHaveTextContent('1 overdue sounding');
    expect(screen.getByTestId('alarm-muted')).toHaveAttribute('data-through', '1');
    expect(screen.getByTestId('alarm-muted').title).toMatch(/^Muted until \d\d:\d\d · Escalated alarms sound even while the wall is muted$/);
  });

  it('says nothing sounds through the mute while no alarm is overdue, and says it in Chinese when one is', async () => {
    alarms = [row({ id: 7, level: 'warning' })];
    const { queryClient } = renderWithProviders(<Strip />, { locale: 'cn' });
    await waitFor(() => expect(strip()).toHaveAttribute('data-sounding', 'true'));
    fireEvent.click(screen.getByTestId('alarm-mute'));
    expect(strip()).toHaveAttribute('data-sounding', 'false');
    expect(screen.getByTestId('alarm-muted')).toHaveTextContent('静音至');
    expect(screen.getByTestId('alarm-muted')).toHaveAttribute('data-through', '0');
    alarms = [row({ id: 7, level: 'warning', overdue: true }), row({ id: 8, level: 'critical', overdue: true })];
    await queryClient.invalidateQueries({ queryKey: ['warning-alarms'] });
    await waitFor(() => expect(screen.getByTestId('alarm-muted')).toHaveTextContent('超时告警在响：2'));
  });

  it('offers no mute when the setting is 0', async () => {
    muteMinutes = 0;
    alarms = [row({ id: 10 })];
    renderWithProviders(<Strip />, { locale: 'en' });
    await waitFor(() => expect(strip()).toHaveAttribute('data-count', '1'));
    expect(screen.queryByTestId('alarm-mute')).toBeNull();
  });

  it('shows the acknowledge button only when the session may, and acknowledging takes the alarm away', async () => {
    alarms = [row({ id: 5 })];
    const view = renderWithProviders(<Strip />, { locale: 'en' });
    await waitFor(() => expect(strip()).toHaveAttribute('data-count', '1'));
    expect(screen.queryByTestId('alarm-ack')).toBeNull();
    expect(screen.getByTestId('alarm-summary')).toHaveAttribute('title', 'This wall may not acknowledge');
    view.unmount();

    perms = ['ship-scene#view', 'fall-detect#ack'];
    renderWithProviders(<Strip />, { locale: 'en' });
    const button = await screen.findByTestId('alarm-ack');
    expect(button).toHaveTextContent('Acknowledge');
    fireEvent.click(button);
    await waitFor(() => expect(strip()).toHaveAttribute('data-count', '0'));
    expect(acked).toEqual([5]);
  });

  it('a kiosk whose browser blocks sound says so in a badge, covers nothing, and any key or click enables sound', async () => {
    startState = 'suspended';
    resetAudio();
    alarms = [row({ id: 7, level: 'warning' })];
    renderWithProviders(<Strip kiosk />, { locale: 'en' });
    const badge = await screen.findByTestId('alarm-sound-blocked');
    expect(badge).toHaveTextContent('Sound blocked');
    expect(strip()).toHaveAttribute('data-audio', 'locked');
    expect(screen.queryByTestId('alarm-unlock')).toBeNull();
    expect(played).toEqual([]);
    // A key pressed anywhere (here on the page's body) is the gesture the browser waits for.
    fireEvent.keyDown(document.body, { key: 'a' });
    await waitFor(() => expect(played).toContain('sine'));
    expect(screen.queryByTestId('alarm-sound-blocked')).toBeNull();
  });

  it('a wall opened without a click enables sound from its badge', async () => {
    startState = 'suspended';
    resetAudio();
    alarms = [row({ id: 8 })];
    renderWithProviders(<Strip />, { locale: 'cn' });
    const badge = await screen.findByTestId('alarm-sound-blocked');
    expect(badge).toHaveTextContent('声音被阻止');
    expect(played).toEqual([]);
    fireEvent.pointerDown(badge);
    await waitFor(() => expect(played).toContain('sawtooth'));
  });
});
