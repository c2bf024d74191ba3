import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { renderWithProviders } from '../../../../../tests/helpers/render';
import { server } from '../../../../../mocks/server';
import { API, ok } from '../../../../../mocks/envelope';
import { clearSession, loginDisplay } from '@client/lib/session';
import type { WarningRow } from '@shared/contracts/warning';
import { AlarmLayer } from './alarm-layer';
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
  overdue: false,
  ...over,
});

let alarms: WarningRow[] = [];
let perms: string[] = [];
const acked: number[] = [];

beforeEach(() => {
  alarms = [];
  perms = ['ship-scene#view'];
  acked.length = 0;
  played.length = 0;
  startState = 'running';
  localStorage.clear();
  (window as unknown as { AudioContext: unknown }).AudioContext = FakeAudioContext;
  resetAudio();
  loginDisplay('display-token', 'display');
  server.use(
    http.get(`${API}/wall/session`, () => ok({ kind: 'display', projectId: null, sceneId: null, label: 'Control room', perms })),
    http.post(`${API}/ball/fallwarning/alarms`, () => ok({ list: alarms, levels: ['warning', 'critical'], sounds: { info: 'none', warning: 'chime', critical: 'siren' }, escalateMinutes: 10 })),
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

const popup = () => screen.queryByTestId('alarm-popup');

describe('wall alarms', () => {
  it('shows nothing at all while there is no alarm', async () => {
    renderWithProviders(<AlarmLayer wallKey="overview" kiosk={false} />, { locale: 'en' });
    await new Promise((r) => setTimeout(r, 300));
    expect(popup()).toBeNull();
    expect(screen.queryByTestId('alarm-unlock')).toBeNull();
    expect(played).toEqual([]);
  });

  it('pops an alarm up with its level and sounds the tone of its level', async () => {
    alarms = [row({ id: 1, level: 'warning', info: 'Analog out of range' }), row({ id: 2, level: 'critical' })];
    renderWithProviders(<AlarmLayer wallKey="overview" kiosk={false} />, { locale: 'en' });
    await waitFor(() => expect(popup()).not.toBeNull());
    expect(popup()).toHaveAttribute('data-level', 'critical');
    expect(popup()).toHaveAttribute('data-sounding', 'true');
    expect(popup()).toHaveTextContent('Alarm');
    expect(popup()).toHaveTextContent('2 unacknowledged');
    expect(popup()).toHaveTextContent('Critical');
    expect(popup()).toHaveTextContent('Lakeside Plaza');
    // The critical level's siren: sawtooth sweeps, not the warning's chime.
    await waitFor(() => expect(played).toContain('sawtooth'));
    expect(played).not.toContain('sine');
  });

  it('reads in Chinese on a Chinese wall', async () => {
    alarms = [row({ id: 3, level: 'warning', overdue: true })];
    renderWithProviders(<AlarmLayer wallKey="overview" kiosk={false} />, { locale: 'cn' });
    await waitFor(() => expect(popup()).not.toBeNull());
    expect(popup()).toHaveTextContent('告警');
    expect(popup()).toHaveTextContent('1 条告警未确认');
    expect(popup()).toHaveTextContent('湖畔广场');
    expect(screen.getByTestId('alarm-overdue')).toHaveTextContent('超时未确认');
    expect(screen.getByTestId('alarm-mute')).toHaveTextContent('本屏静音');
  });

  it('mutes this wall, and remembers it for this wall only', async () => {
    alarms = [row({ id: 4 })];
    const first = renderWithProviders(<AlarmLayer wallKey="project:7" kiosk={false} />, { locale: 'en' });
    await waitFor(() => expect(popup()).toHaveAttribute('data-sounding', 'true'));
    fireEvent.click(screen.getByTestId('alarm-mute'));
    expect(popup()).toHaveAttribute('data-sounding', 'false');
    expect(popup()).toHaveAttribute('data-muted', 'true');
    played.length = 0;
    first.unmount();
    // Reloaded: still muted, still shown, silent.
    const again = renderWithProviders(<AlarmLayer wallKey="project:7" kiosk={false} />, { locale: 'en' });
    await waitFor(() => expect(popup()).toHaveAttribute('data-muted', 'true'));
    expect(popup()).toHaveAttribute('data-sounding', 'false');
    await new Promise((r) => setTimeout(r, 100));
    expect(played).toEqual([]);
    again.unmount();
    // Another wall in this browser is not muted.
    renderWithProviders(<AlarmLayer wallKey="overview" kiosk={false} />, { locale: 'en' });
    await waitFor(() => expect(popup()).toHaveAttribute('data-sounding', 'true'));
  });

  it('shows the acknowledge button only when the session may, and acknowledging takes the alarm away', async () => {
    alarms = [row({ id: 5 })];
    const view = renderWithProviders(<AlarmLayer wallKey="overview" kiosk={false} />, { locale: 'en' });
    await waitFor(() => expect(popup()).not.toBeNull());
    expect(screen.queryByTestId('alarm-ack')).toBeNull();
    expect(popup()).toHaveTextContent('This wall may not acknowledge');
    view.unmount();

    perms = ['ship-scene#view', 'fall-detect#ack'];
    renderWithProviders(<AlarmLayer wallKey="overview" kiosk={false} />, { locale: 'en' });
    const button = await screen.findByTestId('alarm-ack');
    expect(button).toHaveTextContent('Acknowledge');
    fireEvent.click(button);
    await waitFor(() => expect(popup()).toBeNull());
    expect(acked).toEqual([5]);
  });

  it('hides for now on this wall, and pops up again when the alarm escalates', async () => {
    alarms = [row({ id: 6 })];
    const { queryClient } = renderWithProviders(<AlarmLayer wallKey="overview" kiosk={false} />, { locale: 'en' });
    await waitFor(() => expect(popup()).not.toBeNull());
    fireEvent.click(screen.getByTestId('alarm-hide'));
    expect(popup()).toBeNull();
    alarms = [row({ id: 6, overdue: true, escalatedAt: '2026-11-25T08:10:00.000Z' })];
    await queryClient.invalidateQueries({ queryKey: ['warning-alarms'] });
    await waitFor(() => expect(popup()).not.toBeNull());
    expect(document.querySelector('[data-alarm-id="6"]')).toHaveAttribute('data-overdue', 'true');
    expect(popup()).toHaveTextContent('Overdue');
  });

  it('a kiosk asks once for the click that unlocks sound, then plays', async () => {
    startState = 'suspended';
    resetAudio();
    renderWithProviders(<AlarmLayer wallKey="overview" kiosk />, { locale: 'en' });
    const overlay = await screen.findByTestId('alarm-unlock');
    expect(overlay).toHaveTextContent('Click anywhere to enable alarm sounds');
    fireEvent.click(overlay);
    await waitFor(() => expect(screen.queryByTestId('alarm-unlock')).toBeNull());
    alarms = [row({ id: 7, level: 'warning' })];
    renderWithProviders(<AlarmLayer wallKey="overview" kiosk />, { locale: 'en' });
    await waitFor(() => expect(played).toContain('sine'));
  });

  it('a wall opened without a click offers to enable sound in the popup', async () => {
    startState = 'suspended';
    resetAudio();
    alarms = [row({ id: 8 })];
    renderWithProviders(<AlarmLayer wallKey="overview" kiosk={false} />, { locale: 'cn' });
    const enable = await screen.findByTestId('alarm-enable-sound');
    expect(enable).toHaveTextContent('启用声音');
    expect(screen.queryByTestId('alarm-unlock')).toBeNull();
    expect(played).toEqual([]);
    fireEvent.click(enable);
    await waitFor(() => expect(played).toContain('sawtooth'));
    expect(screen.queryByTestId('alarm-enable-sound')).toBeNull();
  });
});
