import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '@client/lib/api';
import { getToken, useSession } from '@client/lib/session';
import { LEVEL_COLOR, TAG_HEX, WALL } from '@client/components/wall/theme';
import { afterWallShown } from '@client/components/wall/first-frame';
import { localName } from '@shared/local-name';
import { WARNING_LEVELS } from '@shared/constants';
import type { WarningAlarms, WarningRow } from '@shared/contracts/warning';
import type { AlarmSound } from '@shared/alarm';
import type { PermissionCode } from '@shared/resources';
import { liveRefresh } from '../../stats/api/refresh';
import { useWallText } from '../use-wall-locale';
import { useWallSession } from '../project/api/get-wall-session';
import { audioState, playSound, SOUND_REPEAT_MS, startAudio, subscribeAudio, unlockAudio, type AudioState } from './alarm-sound';

export const ACK_PERMISSION: PermissionCode = 'fall-detect#ack';
/** Who hears alarms: the server's rule for POST /ball/fallwarning/alarms. */
const ALARM_READ: PermissionCode[] = ['fall-detect#list', 'ship-scene#view'];
const MUTE_KEY = 'cascade.alarm.muted.';

/**
 * The alarms a wall pops up (POST /ball/fallwarning/alarms). Its key is declared urgent on the warning
 * topic (shared/wall/live-keys.ts), so every pushed warning event (a new one, an acknowledgement on
 * another wall, an escalation) refreshes it at once;
 * the wall's refresh interval backs the push up.
 */
export const alarmsQueryOptions = (projectId: number | undefined) => ({
  queryKey: ['warning-alarms', projectId ?? 'all'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => api.post<WarningAlarms>('/ball/fallwarning/alarms', projectId ? { projectId } : {}, { signal }),
});

/** Muted or not, per wall, remembered in this browser. */
export function useWallMute(wallKey: string): [boolean, (muted: boolean) => void] {
  const key = MUTE_KEY + wallKey;
  const read = () => {
    try {
      return localStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  };
  const [muted, setMuted] = useState(read);
  const set = useCallback(
    (next: boolean) => {
      setMuted(next);
      try {
        if (next) localStorage.setItem(key, '1');
        else localStorage.removeItem(key);
      } catch {
        // Private mode: muted for this page only.
      }
    },
    [key],
  );
  return [muted, set];
}

/**
 * The audio's state; the audio starts once it is `wanted` (a kiosk asking for its unlock at start, an
 * alarm to sound) and the wall is on screen: a wall with nothing to sound starts none.
 */
function useAudioState(wanted: boolean): AudioState {
  useEffect(() => (wanted ? afterWallShown(startAudio) : undefined), [wanted]);
  return useSyncExternalStore(subscribeAudio, audioState, () => 'unsupported' as AudioState);
}

/**
 * The popup's pulsing glow: a wide shadow on a layer of its own behind the popup, fading in and out
 * in GLOW_STEPS steps each way (0.8 s out, 0.8 s back, as the pulse it replaced). Only the layer's
 * opacity changes, so the compositor redraws it without painting or rasterising anything; and in
 * steps, ten times a second rather than every frame: on a wall without a GPU (software compositing)
 * a shadow animated every frame cost more than the rest of the wall, and a smooth fade of the layer
 * still had the compositor redraw the popup's area sixty times a second.
 */
const GLOW_STEPS = 8;
const GLOW_KEYFRAMES = '@keyframes cascade-alarm-glow { from { opacity: 0 } to { opacity: 1 } }';
const GLOW_STYLE: React.CSSProperties = {
  position: 'absolute',
  inset: -3,
  borderRadius: 8,
  // Behind the popup's own background: the glow shows around it, as a box-shadow does.
  zIndex: -1,
  boxShadow: '0 0 64px var(--alarm)',
  pointerEvents: 'none',
  willChange: 'opacity',
  animation: `cascade-alarm-glow 0.8s steps(${GLOW_STEPS}, jump-none) infinite alternate`,
};

const rank = (level: string) => WARNING_LEVELS.indexOf(level as (typeof WARNING_LEVELS)[number]);
/** An alarm hidden on this wall shows again when it escalates. */
const hideKey = (a: Pick<WarningRow, 'id' | 'overdue'>) => `${a.id}:${a.overdue ? 'overdue' : 'new'}`;

export interface AlarmLayerProps {
  /** The project wall's project; none = the overview (every project). */
  projectId?: number;
  /** Where the mute choice is remembered: 'overview', 'project:7'. */
  wallKey: string;
  /** A kiosk wall asks for the one click that unlocks audio as it starts. */
  kiosk: boolean;
}

/**
 * Alarms the wall cannot miss: open, unacknowledged warnings of the levels that pop up
 * show over the wall, newest first, sounding the tone of the highest level until someone
 * acknowledges them (here, when the session may, or in the back-office; every wall hears it and
 * stops) or this wall is muted. "Hide for now" clears this wall only, until a new alarm arrives or
 * one escalates (unacknowledged past the setting: it pops up again, marked overdue). Nothing of
 * it shows while there is no alarm, except the kiosk's one-time "click to enable sound".
 */
export function AlarmLayer({ projectId, wallKey, kiosk }: AlarmLayerProps) {
  const { t, locale } = useWallText();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const session = useWallSession(token ?? getToken());
  const perms = session.data?.perms ?? [];
  const canAck = perms.includes(ACK_PERMISSION);
  // A visitor, or a user without the rights, has no alarms to hear (and no failing call to show as stale).
  const mayRead = ALARM_READ.some((p) => perms.includes(p));
  const alarms = useQuery({ ...alarmsQueryOptions(projectId), refetchInterval: liveRefresh, enabled: mayRead });
  const [muted, setMuted] = useWallMute(wallKey);
  const [hidden, setHidden] = useState<Set<string>>(() => new Set());
  const [skipUnlock, setSkipUnlock] = useState(false);
  const visible = useMemo(() => (alarms.data?.list ?? []).filter((a) => !hidden.has(hideKey(a))), [alarms.data, hidden]);
  const audio = useAudioState(kiosk || visible.length > 0);
  const top = useMemo(() => visible.reduce<WarningRow | null>((m, a) => (!m || rank(a.level) > rank(m.level) ? a : m), null), [visible]);
  const sound: AlarmSound = top && alarms.data ? (alarms.data.sounds[top.level] ?? 'none') : 'none';
  const sounding = !muted && sound !== 'none';

  // The tone repeats while it sounds; a change of alarms (an escalation) rings at once.
  const ringKey = visible.map(hideKey).join(',');
  useEffect(() => {
    if (!sounding || audio !== 'running') return undefined;
    playSound(sound);
    const timer = window.setInterval(() => playSound(sound), SOUND_REPEAT_MS[sound]);
    return () => window.clearInterval(timer);
  }, [sounding, sound, audio, ringKey]);

  const ack = useMutation({
    mutationFn: (id: number) => api.post('/ball/fallwarning/ack', { id }),
    // Done, or done already by another wall: either way the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['warning-alarms'] }),
  });

  const unlock = !skipUnlock && kiosk && audio === 'locked' && !muted;
  return (
    <>
      {/* Invisible: says the wall is listening for alarms (browser tests and benchmarks wait for it). */}
      <span data-testid="alarm-watch" data-state={alarms.isSuccess ? 'ready' : mayRead ? 'loading' : 'off'} hidden />
      {visible.length ? (
        // The dimmed wall stays usable around the popup (the side columns' lists, the map's edges).
        <div data-testid="alarm-layer" style={{ position: 'absolute', inset: 0, zIndex: 2000, background: 'rgba(3, 11, 26, 0.45)', pointerEvents: 'none' }}>
          <style>{GLOW_KEYFRAMES}</style>
          <section
            role="alertdialog"
            aria-label={t('alarm.title')}
            data-testid="alarm-popup"
            data-level={top?.level}
            data-count={visible.length}
            data-sounding={sounding ? 'true' : 'false'}
            data-muted={muted ? 'true' : 'false'}
            data-audio={audio}
            style={{
              ['--alarm' as string]: LEVEL_COLOR[top?.level ?? 'warning'],
              pointerEvents: 'auto',
              position: 'absolute',
              left: 480,
              top: 170,
              width: 960,
              maxHeight: 740,
              display: 'flex',
              flexDirection: 'column',
              background: 'rgba(8, 20, 42, 0.97)',
              border: `3px solid ${LEVEL_COLOR[top?.level ?? 'warning']}`,
              borderRadius: 8,
              color: WALL.text,
              fontFamily: WALL.font,
              boxShadow: '0 0 24px var(--alarm)',
            }}
          >
            <span aria-hidden data-testid="alarm-glow" style={GLOW_STYLE} />
            <header style={{ display: 'flex', alignItems: 'center', gap: 20, padding: '18px 28px', background: `${LEVEL_COLOR[top?.level ?? 'warning']}33` }}>
              <span style={{ fontSize: 40, fontWeight: 700, color: LEVEL_COLOR[top?.level ?? 'warning'] }}>⚠ {t('alarm.title')}</span>
              <span style={{ fontSize: 24, color: WALL.text }}>{t('alarm.count', { count: visible.length })}</span>
              <span style={{ flex: 1 }} />
              {muted ? (
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontSize: 18, color: WALL.textDim }}>
                  <Speaker size={22} muted /> {t('alarm.muted')}
                </span>
              ) : null}
            </header>
            <ul style={{ listStyle: 'none', margin: 0, padding: '8px 28px', overflow: 'hidden', flex: 1 }}>
              {visible.slice(0, 6).map((a) => {
                const colour = LEVEL_COLOR[a.level] ?? TAG_HEX.warning;
                const project = a.projectName ? localName(a.projectName, a.projectNameEn ?? '', locale) : '';
                return (
                  <li
                    key={a.id}
                    data-alarm-id={a.id}
                    data-level={a.level}
                    data-overdue={a.overdue ? 'true' : 'false'}
                    style={{ display: 'grid', gridTemplateColumns: '120px 1fr auto', gap: 18, alignItems: 'center', padding: '14px 0', borderBottom: `1px dashed ${WALL.grid}` }}
                  >
                    <span style={{ fontSize: 20, fontWeight: 700, color: colour, border: `2px solid ${colour}`, borderRadius: 4, textAlign: 'center', padding: '4px 0' }}>{t(`warning.levels.${a.level}`)}</span>
                    <div style={{ minWidth: 0 }}>
                      <div style={{ fontSize: 24, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={a.info}>
                        {a.info}
                      </div>
                      <div style={{ fontSize: 17, color: WALL.textDim, marginTop: 4 }}>
                        {dayjs(a.at).format('MM-DD HH:mm:ss')}
                        {project ? ` · ${project}` : ''}
                        {a.equipmentName ? ` · ${localName(a.equipmentName, a.equipmentNameEn, locale)}` : ''}
                        {a.overdue ? (
                          <span data-testid="alarm-overdue" style={{ marginLeft: 12, color: TAG_HEX.danger, border: `1px solid ${TAG_HEX.danger}`, borderRadius: 3, padding: '0 8px' }}>
                            {t('alarm.overdue')}
                          </span>
                        ) : null}
                      </div>
                    </div>
                    {canAck ? (
                      <button type="button" data-testid="alarm-ack" disabled={ack.isPending && ack.variables === a.id} onClick={() => ack.mutate(a.id)} style={buttonStyle(colour, true)}>
                        {ack.isPending && ack.variables === a.id ? t('alarm.acking') : t('alarm.ack')}
                      </button>
                    ) : (
                      <span />
                    )}
                  </li>
                );
              })}
            </ul>
            <footer style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '14px 28px', borderTop: `1px solid ${WALL.border}` }}>
              {!canAck ? <span style={{ fontSize: 16, color: WALL.textFaint }}>{t('alarm.noAckRight')}</span> : null}
              <span style={{ flex: 1 }} />
              {audio === 'locked' && !muted ? (
                <button type="button" data-testid="alarm-enable-sound" onClick={() => void unlockAudio()} style={buttonStyle(WALL.accent)}>
                  <Speaker size={18} /> {t('alarm.enableSound')}
                </button>
              ) : null}
              <button type="button" data-testid="alarm-mute" aria-pressed={muted} onClick={() => setMuted(!muted)} style={buttonStyle(WALL.textDim)}>
                <Speaker size={18} muted={!muted} /> {muted ? t('alarm.unmute') : t('alarm.mute')}
              </button>
              <button
                type="button"
                data-testid="alarm-hide"
                onClick={() => setHidden((h) => new Set([...h, ...visible.map(hideKey)]))}
                style={buttonStyle(WALL.textDim)}
              >
                {t('alarm.hide')}
              </button>
            </footer>
          </section>
        </div>
      ) : null}
      {unlock ? <AudioUnlock onSkip={() => setSkipUnlock(true)} /> : null}
    </>
  );
}

/** A loudspeaker drawn inline (no emoji: a wall PC's fonts may not have them). */
function Speaker({ size, muted = false }: { size: number; muted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? <path d="M17 9l5 6M22 9l-5 6" /> : <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />}
    </svg>
  );
}

function buttonStyle(colour: string, strong = false): React.CSSProperties {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 8,
    fontSize: strong ? 22 : 18,
    fontFamily: WALL.font,
    padding: strong ? '10px 26px' : '8px 18px',
    color: strong ? '#031022' : colour,
    background: strong ? colour : 'transparent',
    border: `2px solid ${colour}`,
    borderRadius: 4,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
  };
}

/** The kiosk's one click: browsers keep a page silent until someone interacts with it. */
function AudioUnlock({ onSkip }: { onSkip: () => void }) {
  const { t } = useWallText();
  return (
    <div
      data-testid="alarm-unlock"
      role="button"
      tabIndex={0}
      onClick={() => void unlockAudio()}
      onKeyDown={() => void unlockAudio()}
      style={{ position: 'absolute', inset: 0, zIndex: 2001, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 24, background: 'rgba(3, 11, 26, 0.78)', color: WALL.text, fontFamily: WALL.font, cursor: 'pointer' }}
    >
      <Speaker size={120} />
      <div style={{ fontSize: 48, fontWeight: 700, color: WALL.accent }}>{t('alarm.unlockTitle')}</div>
      <div style={{ fontSize: 24, color: WALL.textDim, maxWidth: 1100, textAlign: 'center', lineHeight: 1.5 }}>{t('alarm.unlockText')}</div>
      <button
        type="button"
        data-testid="alarm-unlock-skip"
        onClick={(e) => {
          e.stopPropagation();
          onSkip();
        }}
        style={buttonStyle(WALL.textDim)}
      >
        {t('alarm.unlockSkip')}
      </button>
    </div>
  );
}
